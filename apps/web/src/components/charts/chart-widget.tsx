import { Center, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/table/data-table';
import { ChartSpinner } from './chart-spinner';
import { chartTable } from './chart-table';
import { EChart } from './echart';
import { CHART_KINDS, type ChartDataOf, type ChartKind, type ChartKindName } from './kinds/registry';
import { ARRANGEMENTS, arrangePanels, initialArrangement, offersArrangements, type Arrangement } from './multi-series';
import type { ChartDisplayOptions, SeriesChartData } from './types';

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
  const arranges = offersArrangements(kind, data);
  const [arrangement, setArrangement] = useState<Arrangement>(() => (kind === 'line' || kind === 'bar' ? initialArrangement(kind, options) : 'bar'));
  const chartKind = CHART_KINDS[kind] as ChartKind<ChartDataOf<K>>;
  const empty = state !== 'ready' || !data || unavailable || chartKind.isEmpty(data);
  // One ECharts option per drawn chart: several when a multi-series chart is tiled.
  const panels = useMemo(() => {
    if (!data || empty) return undefined;
    if (!arranges) return [chartKind.build(data, options ?? {})];
    return arrangePanels(kind, data as SeriesChartData, options ?? {}, arrangement).map((p) => CHART_KINDS[p.kind].build(p.data, p.options));
  }, [arranges, arrangement, chartKind, data, empty, kind, options]);

  if (state === 'loading') {
    return (
      <Center h={height}>
        <ChartSpinner />
      </Center>
    );
  }
  if (!panels) {
    return (
      <Center h={height}>
        <Text c="dimmed">{NO_DATA_MESSAGE}</Text>
      </Center>
    );
  }
  // Alone, the toggles take a line above the plot; with a table switch they share its line.
  const plot = arranges && !tableTitle ? height - 34 : height;
  const tiles = panels.length;
  // Two tiles a row (one on a phone), filling the widget's height, but never so low that a tile's
  // title, axis and plot crush one another: then the tiles scroll within the widget.
  const rows = Math.ceil(tiles / 2);
  const tileHeight = Math.max(180, Math.floor((plot - 8 * (rows - 1)) / rows));
  const drawn =
    tiles === 1 ? (
      <EChart option={panels[0]!} height={plot} ariaLabel={ariaLabel} onUnavailable={onUnavailable} dark={options?.dark} />
    ) : (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={8} verticalSpacing={8} mah={plot} style={{ overflow: 'auto' }}>
        {panels.map((option, i) => (
          <EChart key={i} option={option} height={tileHeight} ariaLabel={`${ariaLabel}, ${(data as SeriesChartData).series[i]!.name}`} onUnavailable={onUnavailable} dark={options?.dark} />
        ))}
      </SimpleGrid>
    );
  const toggles = arranges && (
    <SegmentedControl
      size="xs"
      value={arrangement}
      onChange={(v) => setArrangement(v as Arrangement)}
      data={ARRANGEMENTS.map((a) => ({ value: a, label: a.charAt(0).toUpperCase() + a.slice(1) }))}
      aria-label="Draw series as"
    />
  );
  const chart = toggles ? (
    <Stack gap={4}>
      <Group justify="flex-end">{toggles}</Group>
      {drawn}
    </Stack>
  ) : (
    drawn
  );
  if (!tableTitle || !data) return chart;
  return (
    <Stack gap={4}>
      <Group justify="flex-end" gap={6}>
        {view === 'chart' && toggles}
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
      {view === 'chart' ? drawn : <ChartTableView kind={kind} data={data} title={tableTitle} height={height} />}
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
