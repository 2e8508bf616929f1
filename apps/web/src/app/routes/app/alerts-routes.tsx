import { Container, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { AlertsView, AlertView } from '@/features/alerts';
import { AlertSnapshots } from '@/features/cameras';
import { useReadIndustries } from '@/features/tenants';

/**
 * /app/alerts. In the tenant app, the industry's own alerts; elsewhere (boards, corporates,
 * quasi-regulators, site and partner staff) the alerts of every industry the user reads, which the
 * industry filter picks from: the same tenants the dashboard lists.
 */
export function AlertsRoute() {
  const me = useMe();
  const { reads: oversight, live, industries: tenants } = useReadIndustries(me.data);
  if (!me.data) return <Loading />;
  if (oversight && live.isError) return <LoadFailed what="The industries" onRetry={() => void live.refetch()} />;
  if (oversight && !tenants) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <AlertsView tenants={tenants} ownTenantId={oversight ? null : me.data.actingTenantId} />
    </Container>
  );
}

/** /app/alerts/:id, with the camera snapshots of its station taken when it opened. */
export function AlertRoute() {
  const id = Number(useParams().id);
  return (
    <Container size="xl" px={0}>
      <Stack>
        <AlertView id={id} />
        <AlertSnapshots alertId={id} />
      </Stack>
    </Container>
  );
}
