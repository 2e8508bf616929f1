import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ChangeRequest, ChangeRequestEvent, ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { RequestFacts, RequestHead, RequestNotFound } from '@/components/workflow/request-parts';
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
  if (!valid || (request.error instanceof ApiError && request.error.status === 404)) {
    return <RequestNotFound title="Change request not found" text="There is no such change request among the industries you read." backHref={paths.app.changeRequests.getHref()} backLabel="Back to change requests" />;
  }
  if (request.isError) return <LoadFailed what="The change request" onRetry={() => void request.refetch()} />;
  if (!request.data) return <Loading />;
  return <RequestPage request={request.data} ownTenantId={ownTenantId} />;
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
    ...(r.crType === 'CORRECTION'
      ? ([
          ['Parameter', r.param ?? '-'],
          ['Correction asked', correctionText(r.correction)],
          [
            'Applied',
            !r.applied ? (
              'Not yet: applied when the board approves'
            ) : r.applied.current ? (
              `Version ${r.applied.version}, in force`
            ) : r.applied.supersededByRequestId !== null ? (
              <>
                Version {r.applied.version}, superseded by{' '}
                <Anchor component={Link} to={paths.app.changeRequest.getHref(r.applied.supersededByRequestId)}>
                  correction request {r.applied.supersededByRequestId}
                </Anchor>
              </>
            ) : (
              `Version ${r.applied.version}, superseded by a later correction`
            ),
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];

  return (
    <Stack>
      <RequestHead
        backHref={paths.app.changeRequests.getHref()}
        backLabel="Change requests"
        badges={<ChangeRequestStatusBadge status={r.status} />}
        title={`${TYPE_LABELS[r.crType]} request ${r.id}: ${r.station}`}
        text={r.reason}
        moves={r.moves.map((m) => ({ status: m, label: MOVE_LABELS[m], main: m === 'APPROVED', danger: m === 'REJECTED' || m === 'WITHDRAWN' }))}
        onMove={setMove}
      />
      <RequestFacts facts={facts} documents={r.documents} documentsLabel="Documents (evidence)">
        {r.crType === 'CORRECTION' && <CorrectionNote request={r} ownTenantId={ownTenantId} />}
      </RequestFacts>
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

/** What an approved correction did, and where to see it: the trend (corrected and original) and the regulator republish. */
function CorrectionNote({ request: r, ownTenantId }: { request: ChangeRequest; ownTenantId: number | null }) {
  if (!r.applied) {
    return (
      <Text size="xs" c="dimmed" mt="sm">
        Once approved, every figure, report and trend uses the corrected values (the readings as received are kept beside them), and the corrected period is sent to the regulator again.
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" mt="sm">
      Figures, reports and trends use the corrected values; the trend below marks them and can show the readings as received.{' '}
      {r.republishId !== null ? (
        ownTenantId === r.tenantId || ownTenantId === null ? (
          <Anchor component={Link} to={paths.app.regulatorIndustry.getHref(r.tenantId, { tab: 'republish' })} size="xs">
            Sent to the regulator again (republish {r.republishId}).
          </Anchor>
        ) : (
          `Sent to the regulator again (republish ${r.republishId}).`
        )
      ) : (
        'No regulator connection maps the station: nothing to send again.'
      )}
    </Text>
  );
}
