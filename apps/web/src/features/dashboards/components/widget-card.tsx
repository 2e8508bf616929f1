import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Widget } from '@enviro/contracts/dashboards';
import { getEntityMetricQueryOptions } from '@/features/data';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { calendarHeatmapHeight } from '@/components/charts/kinds/calendar-heatmap';
import type { CalendarHeatmapData } from '@/components/charts/types';
import { useAfter } from '../hooks/use-after';
import { useBoardIndustry } from './board-industry';
import { chartKindOf, FETCH_DELAY_MS, joinAnswers, widgetChartData, widgetDisplayOptions, widgetRequests } from './widget-request';

/** SPEC 9: a pie keeps its spinner at least 2 s. */
export const PIE_SPINNER_MS = 2000;

/**
 * One widget's chart: its metric request (queried under `entityMetricKeys`, so the shell's auto-refresh
 * asks it again), the spinner, then its chart with table view and CSV export, or the no-data message.
 */
export function WidgetChart({ widget, height }: { widget: Widget; height: number }) {
  const industry = useBoardIndustry();
  const requests = useMemo(() => widgetRequests(widget, Date.now(), industry), [widget, industry]);
  const requestKey = JSON.stringify(requests);
  const started = useAfter(FETCH_DELAY_MS, requestKey);
  const pieHeld = useAfter(widget.kind === 'pie' ? PIE_SPINNER_MS : 0, requestKey);
  // A calendar heatmap asks each of its years at once; the others one request.
  const query = useQueries({
    queries: requests.map((r) => ({ ...getEntityMetricQueryOptions(r), enabled: started })),
    combine: (results) => ({
      data: results.every((r) => r.data) ? joinAnswers(results.map((r) => r.data!)) : undefined,
      dataUpdatedAt: Math.max(...results.map((r) => r.dataUpdatedAt)),
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      fetchStatus: results.some((r) => r.fetchStatus === 'fetching') ? 'fetching' : 'idle',
    }),
  });
  const data = useMemo(() => (query.data ? widgetChartData(widget, query.data, query.dataUpdatedAt) : undefined), [widget, query.data, query.dataUpdatedAt]);
  const options = useMemo(() => widgetDisplayOptions(widget, query.data?.[0]?.unit), [widget, query.data]);
  // An answer already in the cache (prefetched with the dashboard, or asked for a moment ago) is
  // drawn at once: the delay only holds back new requests.
  const state = (!started && !query.data) || !pieHeld ? 'loading' : chartState(query);
  // The table toggle takes a line above the plot.
  const plot = widget.kind === 'calendarHeatmap' && data ? Math.max(height - 40, calendarHeatmapHeight(data as CalendarHeatmapData, Boolean(options.title))) : height - 40;
  return (
    <ChartWidget
      kind={chartKindOf(widget)}
      state={state}
      data={data as never}
      options={options}
      height={plot}
      tableTitle={widget.name}
      ariaLabel={`${widget.name}: ${widget.kind} chart`}
    />
  );
}
