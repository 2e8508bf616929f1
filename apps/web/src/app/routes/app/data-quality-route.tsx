import { Container } from '@mantine/core';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { DataQualityView } from '@/features/data-quality';
import { useReadIndustries } from '@/features/tenants';

/**
 * /app/data-quality. In the tenant app, the industry's own stations; elsewhere (boards, corporates,
 * partners, site staff) those of every industry the user reads, which the industry picker narrows.
 */
export function DataQualityRoute() {
  const me = useMe();
  const { reads: oversight, live, industries } = useReadIndustries(me.data);
  if (!me.data) return <Loading />;
  if (oversight && live.isError) return <LoadFailed what="The industries" onRetry={() => void live.refetch()} />;
  if (oversight && !industries) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <DataQualityView industries={industries} />
    </Container>
  );
}
