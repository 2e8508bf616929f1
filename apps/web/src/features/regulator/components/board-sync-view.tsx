import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { RegulatorBoardStatus } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { formatSlotEnd } from './format';
import { SYNC_COLOURS, worstFirst } from './sync';
import { SyncBadge } from './sync-badge';

type Industry = RegulatorBoardStatus['industries'][number];

const stations = (n: number, colour: string) => (n === 0 ? <Text c="dimmed" span>0</Text> : <Text c={`${colour}.9`} fw={600} span>{formatIndian(n, 0)}</Text>);

const COLUMNS: DataTableColumn<Industry>[] = [
  {
    header: 'Industry',
    wrap: true,
    value: (r) => r.tenantName,
    render: (r) => (
      <div style={{ minWidth: 150 }}>
        <Anchor component={Link} to={paths.app.regulatorIndustry.getHref(r.tenantId)} fw={600}>
          {r.tenantName}
        </Anchor>
        {(r.city || r.state) && (
          <Text size="xs" c="dimmed">
            {[r.city, r.state].filter(Boolean).join(', ')}
          </Text>
        )}
      </div>
    ),
  },
  { header: 'Sync', value: (r) => (r.connected ? (r.sync ?? '') : 'Not connected'), render: (r) => <SyncBadge sync={r.connected ? r.sync : null} size="sm" /> },
  { header: 'In sync', align: 'right', value: (r) => r.inSync, render: (r) => stations(r.inSync, SYNC_COLOURS['In Sync']) },
  { header: 'Out of sync', align: 'right', value: (r) => r.outOfSync, render: (r) => stations(r.outOfSync, SYNC_COLOURS['Out of Sync']) },
  { header: 'Delayed', align: 'right', value: (r) => r.delayed, render: (r) => stations(r.delayed, SYNC_COLOURS.Delayed) },
  { header: 'Waiting', align: 'right', value: (r) => r.pending, render: (r) => formatIndian(r.pending, 0) },
  { header: 'Accepted up to', value: (r) => formatSlotEnd(r.lastAcceptedSlot) },
];

/** A board's industries with their regulator sync, worst first; each opens the industry's regulator page. */
export function BoardSyncView({ status }: { status: RegulatorBoardStatus }) {
  const rows = useMemo(() => worstFirst(status.industries), [status.industries]);
  const tally = (f: (r: Industry) => boolean) => rows.filter(f).length;
  const tiles = [
    { label: 'Industries', value: rows.length },
    { label: 'Not connected', value: tally((r) => !r.connected), colour: SYNC_COLOURS['Not connected'] },
    { label: 'Delayed', value: tally((r) => r.connected && r.sync === 'Delayed'), colour: SYNC_COLOURS.Delayed },
    { label: 'Out of sync', value: tally((r) => r.connected && r.sync === 'Out of Sync'), colour: SYNC_COLOURS['Out of Sync'] },
    { label: 'In sync', value: tally((r) => r.connected && r.sync === 'In Sync'), colour: SYNC_COLOURS['In Sync'] },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {tiles.map((t) => (
          <Paper withBorder p="sm" key={t.label}>
            <Text size="xs" c="dimmed">
              {t.label}
            </Text>
            <Text fz={24} fw={700} c={t.colour ? `${t.colour}.9` : undefined}>
              {formatIndian(t.value, 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <DataTable
        title={`Industries reporting to ${status.boardName}`}
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.tenantId}
        emptyText="No industry is associated with this board."
        minWidth={0}
      />
    </Stack>
  );
}
