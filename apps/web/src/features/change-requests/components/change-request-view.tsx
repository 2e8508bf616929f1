import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ChangeRequest, ChangeRequestEvent, ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatInstant, formatSpan } from '@/lib/dates';
import { getChangeRequestQueryOptions, useChangeRequestHistory } from '../api/change-requests';
import { correctionText, MOVE_LABELS, STATUS_LABELS, TYPE_LABELS } from './change-request-labels';
import { MoveModal } from './move-modal';
import { ChangeRequestStatusBadge } from './status-badge';
import { WindowTrend } from './window-trend';

/** One change request: its facts, the trend around its period, its history and the caller's moves. */
export function ChangeRequestView({ id, ownTenantId }: { id: number; ownTenantId: number | null }) {
  const valid = Number.isInteger(id) && id > 0;
  const request = useQuery({ ...getChangeRequestQueryOptions(id), enabled: valid });
  if (!valid || (request.error instanceof ApiError && request.error.status === 404)) return <NotFound />;
  if (request.isError) return <LoadFailed what="The change request" onRetry={() => void request.refetch()} />;
  if (!request.data) return <Loading />;
  return <RequestPage request={request.data} ownTenantId={ownTenantId} />;
}

function NotFound() {
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Change request not found
      </Title>
      <Text>There is no such change request among the industries you read.</Text>
      <Anchor component={Link} to={paths.app.changeRequests.getHref()}>
        Back to change requests
      </Anchor>
    </Stack>
  );
}

const HISTORY: DataTableColumn<ChangeRequestEvent>[] = [
  { header: 'When (IST)', value: (e) => formatInstant(e.at) },
  { header: 'Status', value: (e) => STATUS_LABELS[e.status] },
  { header: 'By', value: (e) => e.actor },
  { header: 'Comment', wrap: true, value: (e) => e.comment },
];

function RequestPage({ request: r, ownTenantId }: { request: ChangeRequest; ownTenantId: number | null }) {
  const [move, setMove] = useState<ChangeRequestStatus | null>(null);
  const history = useChangeRequestHistory(r.id);
  // The station's page: the industry's own dashboard in the tenant app, the industry's page elsewhere.
  const stationHref = ownTenantId === r.tenantId ? paths.app.dashboard.getHref({ station: r.stationId }) : paths.app.industry.getHref(r.tenantId, { station: r.stationId });
  const facts: [string, React.ReactNode][] = [
    ['Industry', ownTenantId === r.tenantId ? r.industry : <Anchor component={Link} to={paths.app.industry.getHref(r.tenantId)}>{r.industry}</Anchor>],
    ['Station', <Anchor component={Link} to={stationHref}>{r.station}</Anchor>],
    ['Analyser', r.device ?? 'The whole station'],
    ['Period (IST)', formatSpan(r.from, r.to)],
    ['Raised', `${r.raisedBy}, ${formatInstant(r.createdAt)}`],
    ['Last change', formatInstant(r.updatedAt)],
    ...(r.crType === 'CORRECTION' ? ([['Parameter', r.param ?? '-'], ['Correction asked', correctionText(r.correction)]] as [string, React.ReactNode][]) : []),
  ];

  return (
    <Stack>
      <Anchor component={Link} to={paths.app.changeRequests.getHref()} size="sm">
        ← Change requests
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <ChangeRequestStatusBadge status={r.status} />
          <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
            {TYPE_LABELS[r.crType]} request {r.id}: {r.station}
          </Title>
          <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{r.reason}</Text>
        </div>
        {r.moves.length > 0 && (
          <Group gap="xs">
            {r.moves.map((m) => (
              <Button key={m} variant={m === 'APPROVED' ? 'filled' : 'default'} color={m === 'REJECTED' || m === 'WITHDRAWN' ? 'red' : undefined} onClick={() => setMove(m)}>
                {MOVE_LABELS[m]}
              </Button>
            ))}
          </Group>
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {r.documents.length > 0 && (
          <>
            <Text size="xs" c="dimmed" mt="sm">
              Documents
            </Text>
            <List size="sm">
              {r.documents.map((d) => (
                <List.Item key={d.id}>{d.fileName}</List.Item>
              ))}
            </List>
          </>
        )}
        {r.crType === 'CORRECTION' && (
          <Text size="xs" c="dimmed" mt="sm">
            An approved correction is recorded with its decision; figures and reports do not apply corrections yet.
          </Text>
        )}
      </Paper>
      <WindowTrend request={r} />
      <Paper withBorder p="md">
        {history.isError ? (
          <LoadFailed what="The history" onRetry={() => void history.refetch()} />
        ) : (
          <DataTable title="History" columns={HISTORY} rows={history.data?.items ?? []} rowKey={(_, index) => index} emptyText={history.isLoading ? 'Loading…' : 'No history recorded.'} minWidth={520} />
        )}
      </Paper>
      {move && <MoveModal request={r} status={move} onClose={() => setMove(null)} />}
    </Stack>
  );
}
