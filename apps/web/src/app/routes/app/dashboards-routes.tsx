import { Container } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import type { SessionUser } from '@enviro/contracts/accounts';
import { isSiteAdministrator } from '@enviro/domain/access-model';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { BoardView, DashboardsList, industryOf } from '@/features/dashboards';
import { useReadIndustries } from '@/features/tenants';

/** The tenant's administrators, who make and change its dashboards (the server decides the same way). */
const administers = (me: SessionUser) => isSiteAdministrator(me.userType, me.role) || (me.role === 'admin' && !me.manage);

/** /app/boards: the dashboards of the tenant acted for, or (`industry`) of an industry the user reads. */
export function DashboardsRoute() {
  const me = useMe();
  const { reads, live, industries } = useReadIndustries(me.data);
  if (!me.data) return <Loading />;
  if (reads && live.isError) return <LoadFailed what="The industries" onRetry={() => void live.refetch()} />;
  if (reads && !industries) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <DashboardsList administers={administers(me.data)} industries={industries} />
    </Container>
  );
}

/**
 * /app/boards/:id: one dashboard's grid (`industry`: of an industry the user reads, read-only). The
 * route's loader has already asked for the dashboard, the charting library and the widgets' data
 * (prefetch-board.ts); the user is not waited for.
 */
export function BoardRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const me = useMe();
  const picked = industryOf(search);
  const { industries } = useReadIndustries(me.data);
  const named = industries?.find((i) => i.id === picked);
  // The name follows when the list has come; the dashboard is asked for at once.
  const industry = picked === undefined ? undefined : { id: picked, name: named?.name ?? 'this industry' };
  return (
    <Container size="xl" px={0}>
      <BoardView key={`${id}:${picked ?? ''}`} id={Number(id)} tenantId={me.data?.actingTenantId} administers={me.data ? administers(me.data) : false} industry={industry} />
    </Container>
  );
}
