import { Center, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/table/data-table';
import { ChartSpinner } from './chart-spinner';
import { chartTable } from './chart-table';
import { EChart } from './echart';
import { CHART_KINDS, type ChartDataOf, type ChartKind, type ChartKindName } from './kinds/registry';
import type { ChartDisplayOptions } from './types';

/** SPEC 2, 8: what a chart shows when there is nothing to draw. */
export const NO_DATA_MESSAGE = 'No data found for selected criteria.';

/** Where the data behind a chart stands; widgets never fetch, their parent says. */
export type ChartState = 'loading' | 'error' | 'ready';

export interface ChartWidgetProps<K extends ChartKindName> {
  kind: K;
  state: ChartState;
  data: ChartDataOf<K> | undefined;
  options?: ChartDisplayOptions;
  /** Plot height in pixels. */
  height?: number;
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  /**
   * With a title, the chart offers its table view and CSV export (SPEC 1), the file named after
   * the title; without, the chart alone.
   */
  tableTitle?: string | undefined;
}

/** SPEC 2: the spinner while loading, then the chart, or the no-data message. */
export function ChartWidget<K extends ChartKindName>({
  kind,
  state,
  data,
  options,
  height = 320,
  ariaLabel,
  tableTitle,
}: ChartWidgetProps<K>) {
  const [unavailable, setUnavailable] = useState(false);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  const chartKind = CHART_KINDS[kind] as ChartKind<ChartDataOf<K>>;
  const empty = state !== 'ready' || !data || unavailable || chartKind.isEmpty(data);
  const option = useMemo(
    () => (data && !empty ? chartKind.build(data, options ?? {}) : undefined),
    [chartKind, data, empty, options],
  );

  if (state === 'loading') {
    return (
      <Center h={height}>
        <ChartSpinner />
      </Center>
    );
  }
  if (!option) {
    return (
      <Center h={height}>
        <Text c="dimmed">{NO_DATA_MESSAGE}</Text>
      </Center>
    );
  }
  const chart = <EChart option={option} height={height} ariaLabel={ariaLabel} onUnavailable={onUnavailable} dark={options?.dark} />;
  if (!tableTitle || !data) return chart;
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
          aria-label="Show as"
        />
      </Group>
      {view === 'chart' ? chart : <ChartTableView kind={kind} data={data} title={tableTitle} height={height} />}
    </Stack>
  );
}

function ChartTableView<K extends ChartKindName>({ kind, data, title, height }: { kind: K; data: ChartDataOf<K>; title: string; height: number }) {
  const table = useMemo(() => chartTable(kind, data), [kind, data]);
  const columns = table.headers.map((header, i) => ({ header, value: (row: (string | number | null)[]) => row[i] ?? '' , align: i === 0 ? ('left' as const) : ('right' as const) }));
  return (
    <div style={{ maxHeight: height, overflow: 'auto' }}>
      <DataTable title={title} columns={columns} rows={table.rows} rowKey={(row) => String(row[0])} minWidth={320} />
    </div>
  );
}
