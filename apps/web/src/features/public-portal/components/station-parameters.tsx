import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ParamLimit } from '@enviro/contracts/entities';
import { formatDateTime24 } from '@enviro/domain/format-date';
import { formatIndian } from '@enviro/domain/format-number';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { limitState, limitText, type LimitState } from '@/lib/limits';
import type { StationParam } from '@/lib/stations';

/** One parameter of the station with what is known about it now. */
export interface ParameterRow extends StationParam {
  latest: { time: number; value: number } | undefined;
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
    value: (r) => r.label,
    render: (r) => (
      <Anchor component={Link} to={r.trendHref} fw={600}>
        {r.label}
      </Anchor>
    ),
  },
  { header: 'Value (15 min avg)', value: (r) => (r.latest ? fmt(r.latest.value) : ''), align: 'right', render: (r) => (r.latest ? fmt(r.latest.value) : '-') },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Limit', value: (r) => limitText(r.limit, fmt) },
  {
    header: 'Status',
    value: (r) => STATE_BADGE[limitState(r.latest?.value, r.limit)].text,
    render: (r) => {
      const state = STATE_BADGE[limitState(r.latest?.value, r.limit)];
      return state.text === '-' ? '-' : <Badge color={state.colour} variant="light">{state.text}</Badge>;
    },
  },
  { header: 'Alerts (24 h)', value: (r) => r.alerts24h ?? '', align: 'right', render: (r) => r.alerts24h ?? '-' },
  {
    header: 'Period start',
    value: (r) => (r.latest ? formatDateTime24(r.latest.time) : ''),
    render: (r) => <Text size="sm" c="dimmed">{r.latest ? formatDateTime24(r.latest.time) : '-'}</Text>,
  },
];

/** The station's parameters: latest 15-minute value against its limits, and the day's alerts. */
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
