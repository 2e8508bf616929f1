import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { ChangeRequestsView, ChangeRequestView } from '@/features/change-requests';
import { useReadIndustries } from '@/features/tenants';

/**
 * /app/change-requests. In the tenant app the industry's own requests, which it raises here;
 * elsewhere (boards, site staff) the requests of every industry the user reads.
 */
export function ChangeRequestsRoute() {
  const me = useMe();
  const { reads: oversight, live, industries: tenants } = useReadIndustries(me.data);
  if (!me.data) return <Loading />;
  if (oversight && live.isError) return <LoadFailed what="The industries" onRetry={() => void live.refetch()} />;
  if (oversight && !tenants) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <ChangeRequestsView tenants={tenants} ownTenantId={oversight ? null : me.data.actingTenantId} />
    </Container>
  );
}

/** /app/change-requests/:id. */
export function ChangeRequestRoute() {
  const id = Number(useParams().id);
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <ChangeRequestView id={id} ownTenantId={me.data.view === 'tenant' ? me.data.actingTenantId : null} />
    </Container>
  );
}
