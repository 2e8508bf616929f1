import { Text } from '@mantine/core';
import type { StationSync } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { DataAge } from '@/components/status/data-age';
import { LiveStatusBadge } from '@/components/status/live-status-badge';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { stationTypeLabel } from '@/lib/labels';
import { formatSlot } from './format';
import { formatMinutes } from './sync';
import { SyncBadge } from './sync-badge';

const count = (n: number, colour: string) => (n === 0 ? <Text c="dimmed" span>0</Text> : <Text c={colour} fw={600} span>{formatIndian(n, 0)}</Text>);

const COLUMNS: DataTableColumn<StationSync>[] = [
  { header: 'Station', wrap: true, value: (s) => s.stationName, render: (s) => <><Text fw={600} size="sm">{s.stationName}</Text><Text size="xs" c="dimmed">{stationTypeLabel(s.stationType)}</Text></> },
  { header: 'Sync', value: (s) => s.sync, render: (s) => <SyncBadge sync={s.sync} size="sm" /> },
  { header: 'Live status', value: (s) => s.liveStatus, render: (s) => <LiveStatusBadge status={s.liveStatus} /> },
  { header: 'Newest data', value: (s) => s.lastDataAt ?? '', render: (s) => <DataAge lastDataAt={s.lastDataAt} label="At" /> },
  { header: 'Newest slot accepted', value: (s) => formatSlot(s.lastAcceptedSlot) },
  { header: 'Behind by', align: 'right', value: (s) => formatMinutes(s.timeDifferenceMinutes) },
  { header: 'Waiting', align: 'right', value: (s) => s.pending, render: (s) => count(s.pending, 'orange.9') },
  { header: 'Expired', align: 'right', value: (s) => s.expired, render: (s) => count(s.expired, 'red.9') },
  { header: 'Refused', align: 'right', value: (s) => s.rejected, render: (s) => count(s.rejected, 'red.9') },
  { header: 'Newest error', wrap: true, value: (s) => s.lastError ?? '', render: (s) => (s.lastError ? <Text size="xs" c="red.9" lineClamp={2}>{s.lastError}</Text> : <Text c="dimmed" span>-</Text>) },
];

/** SPEC 4 sync of each station on one connection, with what waits, expired or was refused. */
export function StationSyncTable({ title, stations }: { title: string; stations: readonly StationSync[] }) {
  return <DataTable title={title} columns={COLUMNS} rows={stations} rowKey={(s) => s.stationId} emptyText="No station is mapped on this connection." minWidth={960} />;
}
