import { Container, Select, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTenants } from '@/features/tenants';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { BoardSyncView, IndustryRegulatorView, NotConnectedCard, useBoardStatus, useNotConnected } from '@/features/regulator';
import { NotFound } from '@/features/shell';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useRegulatorAccess } from './use-regulator-access';

/**
 * /app/regulator: in the tenant app, the industry's own regulator page; for a board, its
 * industries' sync, worst first; site staff choose the board (`?board=`, the first by name unless
 * chosen).
 */
export function RegulatorRoute() {
  const { user } = useRegulatorAccess();
  if (!user) return <Loading />;
  if (user.view === 'tenant') return <Navigate to={paths.app.regulatorIndustry.getHref(user.actingTenantId)} replace />;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Regulator sync
          </Title>
          <Text c="dimmed">Whether each industry's data reaches the regulator (in sync, out of sync or delayed), worst first.</Text>
        </div>
        <NotConnected />
        {user.view === 'site' ? <SiteBoards /> : <Board boardId={user.tenant.id} />}
      </Stack>
    </Container>
  );
}

/** The actionable task beside the list: who should report and does not (for site staff, across every board). */
function NotConnected() {
  const rows = useNotConnected();
  return rows.data ? <NotConnectedCard rows={rows.data} /> : null;
}

function SiteBoards() {
  const [search, update] = useSearchChoices();
  const boards = useTenants({ type: 'statutory', size: 200, sort: 'name' });
  if (boards.isError) return <LoadFailed what="The statutory bodies" onRetry={() => void boards.refetch()} />;
  if (!boards.data) return <Loading />;
  const items = boards.data.items;
  const chosen = items.find((b) => String(b.id) === search.get('board')) ?? items[0];
  if (!chosen) return <Text c="dimmed">No statutory body yet.</Text>;
  return (
    <Stack gap="md">
      <Select
        label="Statutory body"
        searchable
        allowDeselect={false}
        maw={420}
        data={items.map((b) => ({ value: String(b.id), label: b.name }))}
        value={String(chosen.id)}
        onChange={(v) => update({ board: v })}
      />
      <Board boardId={chosen.id} />
    </Stack>
  );
}

function Board({ boardId }: { boardId: number }) {
  const status = useBoardStatus(boardId);
  if (status.isError) return <LoadFailed what="The industries' sync" onRetry={() => void status.refetch()} />;
  if (!status.data) return <Loading />;
  return <BoardSyncView status={status.data} />;
}

/** /app/regulator/{tenantId}: one industry's regulator page. */
export function RegulatorIndustryRoute() {
  const id = Number(useParams().tenantId);
  const { user, ...access } = useRegulatorAccess();
  const home = paths.app.regulator.getHref();
  const notFound = (
    <NotFound title="Industry not found" homeHref={home}>
      No industry you may read has this id. The regulator sync page lists the industries you can open.
    </NotFound>
  );
  if (!user) return <Loading />;
  if (!Number.isSafeInteger(id) || id <= 0) return notFound;
  // In the tenant app the page is the industry's own: no list to go back to.
  const back = user.view === 'tenant' ? undefined : { to: home, label: 'All industries' };
  return (
    <Container size="xl" px={0}>
      <IndustryRegulatorView tenantId={id} back={back} access={access} notFound={notFound} />
    </Container>
  );
}
