import { Container } from '@mantine/core';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts';
import { AirQualityView } from '@/features/data';
import { useReadIndustries } from '@/features/tenants';

/**
 * /app/air-quality. In the tenant app, the industry's own CAAQMS stations, each opening on the
 * dashboard; elsewhere (boards, corporates, partners, site staff) those of every industry the user
 * reads, which the industry picker narrows (the same tenants the dashboard lists), each opening in
 * its industry's page without acting for it.
 */
export function AirQualityRoute() {
  const me = useMe();
  const { reads: oversight, live, industries } = useReadIndustries(me.data);
  if (!me.data) return <Loading />;
  if (oversight && live.isError) return <LoadFailed what="The industries" onRetry={() => void live.refetch()} />;
  if (oversight && !industries) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <AirQualityView
        industries={industries}
        stationHref={(s) => (oversight ? paths.app.industry.getHref(s.tenantId, { station: s.entityId }) : paths.app.dashboard.getHref({ station: s.entityId }))}
      />
    </Container>
  );
}
