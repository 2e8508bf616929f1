import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import type { SessionUser } from '@enviro/contracts/accounts';
import { isSiteAdministrator } from '@enviro/domain/access-model';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { BoardView, DashboardsList } from '@/features/dashboards';

/** The tenant's administrators, who make and change its dashboards (the server decides the same way). */
const administers = (me: SessionUser) => isSiteAdministrator(me.userType, me.role) || (me.role === 'admin' && !me.manage);

/** /app/boards: the dashboards of the tenant acted for. */
export function DashboardsRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <DashboardsList administers={administers(me.data)} />
    </Container>
  );
}

/**
 * /app/boards/:id: one dashboard's grid. The route's loader has already asked for the dashboard,
 * the charting library and the widgets' data (prefetch-board.ts); the user is not waited for.
 */
export function BoardRoute() {
  const { id } = useParams();
  const me = useMe();
  return (
    <Container size="xl" px={0}>
      <BoardView key={id} id={Number(id)} tenantId={me.data?.actingTenantId} administers={me.data ? administers(me.data) : false} />
    </Container>
  );
}
