import { Badge, Stack, Text } from '@mantine/core';
import type { StationSync } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { ageText, dataAgeColour } from '@enviro/domain/data-age';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { LIVE_STATUS_COLOURS, stationTypeLabel } from '@/lib/labels';
import { errorInWords, formatAt, formatSlotEnd } from './format';
import { formatMinutes } from './sync';
import { SyncBadge } from './sync-badge';

const count = (n: number, colour: string) => (n === 0 ? <Text c="dimmed" span>0</Text> : <Text c={colour} fw={600} span>{formatIndian(n, 0)}</Text>);

const COLUMNS: DataTableColumn<StationSync>[] = [
  {
    header: 'Station',
    wrap: true,
    value: (s) => s.stationName,
    render: (s) => (
      <div style={{ minWidth: 140 }}>
        <Text fw={600} size="sm">
          {s.stationName}
        </Text>
        <Text size="xs" c="dimmed">
          {stationTypeLabel(s.stationType)}
        </Text>
      </div>
    ),
  },
  {
    header: 'Sync',
    value: (s) => `${s.sync} (${s.liveStatus})`,
    render: (s) => (
      <Stack gap={4} align="flex-start">
        <SyncBadge sync={s.sync} size="sm" />
        <Badge color={LIVE_STATUS_COLOURS[s.liveStatus]} variant="dot" miw="max-content">
          {s.liveStatus}
        </Badge>
      </Stack>
    ),
  },
  { header: 'Newest data', value: (s) => (s.lastDataAt ? formatAt(s.lastDataAt) : 'Never'), render: (s) => <NewestData at={s.lastDataAt} /> },
  { header: 'Accepted up to', value: (s) => formatSlotEnd(s.lastAcceptedSlot) },
  { header: 'Behind by', align: 'right', value: (s) => formatMinutes(s.timeDifferenceMinutes) },
  {
    header: 'Queue',
    value: (s) => `${s.pending} waiting, ${s.expired} expired, ${s.rejected} refused${s.lastError ? `; ${errorInWords(s.lastError, s.lastErrorMeaning)}` : ''}`,
    render: (s) => (
      <Stack gap={2} miw={200}>
        <Text size="sm">
          {count(s.pending, 'orange.9')} waiting · {count(s.expired, 'red.9')} expired · {count(s.rejected, 'red.9')} refused
        </Text>
        {s.lastError && (
          <Text size="xs" c="red.9" style={{ whiteSpace: 'normal' }} maw={260} title={s.lastError}>
            {errorInWords(s.lastError, s.lastErrorMeaning)}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** SPEC 4 data-age colours in shades that keep 4.5:1 contrast on white (as `components/status/data-age.tsx`). */
const AGE_COLOURS = { green: '#1e7b34', orange: '#b35900', red: '#c92a2a', darkgrey: '#495057' } as const;

/** When the station's newest reading came, coloured by its age, and how long ago. */
function NewestData({ at }: { at: string | null }) {
  const colour = dataAgeColour(at);
  return (
    <>
      <Text size="sm" fw={600} c={AGE_COLOURS[colour]} data-age={colour}>
        {at ? formatAt(at) : 'Never'}
      </Text>
      {at && (
        <Text size="xs" c="dimmed">
          {ageText(Date.parse(at))}
        </Text>
      )}
    </>
  );
}

/** SPEC 4 sync of each station on one connection, with what waits, expired or was refused. */
export function StationSyncTable({ title, stations }: { title: string; stations: readonly StationSync[] }) {
  return <DataTable title={title} columns={COLUMNS} rows={stations} rowKey={(s) => s.stationId} emptyText="No station is mapped on this connection." minWidth={860} />;
}
