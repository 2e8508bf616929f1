import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ParamLimit } from '@enviro/contracts/entities';
import { aggregationLabel } from '@enviro/domain/aggregation';
import { formatInstant } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { AgeStamp } from '@/components/status/data-age';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { limitState, limitText, type LimitState } from '@/lib/limits';
import type { LatestValue, StationParam } from '@/lib/stations';

/** One parameter of the station with what is known about it now. */
export interface ParameterRow extends StationParam {
  /** Undefined while it is still being looked for; null when the station has none to show. */
  latest: LatestValue | null | undefined;
  limit: ParamLimit | undefined;
  alerts24h: number | undefined;
  trendHref: string;
}

const STATE_BADGE: Record<LimitState, { colour: string; text: string }> = {
  within: { colour: 'green', text: 'Within limit' },
  exceeds: { colour: 'red', text: 'Exceeds limit' },
  none: { colour: 'gray', text: '-' },
};

const fmt = (n: number) => formatIndian(n, 2);

const COLUMNS: DataTableColumn<ParameterRow>[] = [
  {
    header: 'Parameter',
    wrap: true,
    value: (r) => r.label,
    render: (r) => (
      <Anchor component={Link} to={r.trendHref} fw={600}>
        {r.label}
      </Anchor>
    ),
  },
  {
    header: 'Latest value',
    wrap: true,
    align: 'right',
    value: (r) => (r.latest ? fmt(r.latest.value) : ''),
    render: (r) => (r.latest ? fmt(r.latest.value) : '-'),
  },
  // Beside the value, so a phone shows how old it is without scrolling the table.
  {
    header: 'Measured',
    value: (r) => (r.latest ? formatInstant(r.latest.time) : ''),
    render: (r) =>
      r.latest ? (
        <AgeStamp at={r.latest.time} note={measuredAs(r.latest)} />
      ) : (
        <Text size="sm" c="dimmed">
          {r.latest === null ? 'Nothing in the last 31 days' : '-'}
        </Text>
      ),
  },
  { header: 'Unit', value: (r) => r.unit },
  {
    header: 'Status',
    value: (r) => STATE_BADGE[limitState(r.latest?.value, r.limit)].text,
    render: (r) => {
      const state = STATE_BADGE[limitState(r.latest?.value, r.limit)];
      return state.text === '-' ? '-' : (
        // Plain words rather than a badge: a badge's label is cut to its column ("WITHIN LI…").
        <Text size="sm" fw={600} c={state.colour} style={{ whiteSpace: 'nowrap' }}>
          {state.text}
        </Text>
      );
    },
  },
  { header: 'Limit', value: (r) => limitText(r.limit, fmt) },
  { header: 'Readings outside limit (24 h)', value: (r) => r.alerts24h ?? '', align: 'right', render: (r) => r.alerts24h ?? '-' },
];

/** What the latest value is: the last reading, or the bucket it sums up ('15-minute average'). */
const measuredAs = (latest: LatestValue): string => (latest.dsAgg === null ? 'last reading' : aggregationLabel(latest.dsAgg, 'minute_15', 'one'));

/**
 * The station's parameters: the latest 15-minute value (or, for a parameter quiet for 4 hours, its
 * last reading) against its limits, when it was measured coloured by age, and the day's alerts.
 */
export function StationParameters({ stationName, rows }: { stationName: string; rows: readonly ParameterRow[] }) {
  return (
    <DataTable
      title={`Parameters of ${stationName}`}
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.name}
      emptyText="This station reports no parameters."
    />
  );
}
