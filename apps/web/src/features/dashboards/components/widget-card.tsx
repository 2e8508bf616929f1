import { useMemo } from 'react';
import type { Widget } from '@enviro/contracts/dashboards';
import { useEntityMetric } from '@/api/get-entity-metric';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { calendarHeatmapHeight } from '@/components/charts/kinds/calendar-heatmap';
import type { CalendarHeatmapData } from '@/components/charts/types';
import { useAfter } from '../hooks/use-after';
import { widgetChartData, widgetDisplayOptions, widgetRequest } from './widget-request';

/** SPEC 9: charts wait 200 ms before fetching (a grid being dragged or a form being typed asks once). */
export const FETCH_DELAY_MS = 200;
/** SPEC 9: a pie keeps its spinner at least 2 s. */
export const PIE_SPINNER_MS = 2000;

/**
 * One widget's chart: its metric request (queried under 'entity-metric', so the shell's auto-refresh
 * asks it again), the spinner, then its chart with table view and CSV export, or the no-data message.
 */
export function WidgetChart({ widget, height }: { widget: Widget; height: number }) {
  const request = useMemo(() => widgetRequest(widget), [widget]);
  const requestKey = JSON.stringify(request);
  const started = useAfter(FETCH_DELAY_MS, requestKey);
  const pieHeld = useAfter(widget.kind === 'pie' ? PIE_SPINNER_MS : 0, requestKey);
  const query = useEntityMetric(request, started);
  const data = useMemo(() => (query.data ? widgetChartData(widget, query.data, query.dataUpdatedAt) : undefined), [widget, query.data, query.dataUpdatedAt]);
  const options = useMemo(() => widgetDisplayOptions(widget, query.data?.[0]?.unit), [widget, query.data]);
  const state = !started || !pieHeld ? 'loading' : chartState(query);
  // The table toggle takes a line above the plot.
  const plot = widget.kind === 'calendarHeatmap' && data ? Math.max(height - 40, calendarHeatmapHeight(data as CalendarHeatmapData, Boolean(options.title))) : height - 40;
  return (
    <ChartWidget
      kind={widget.kind}
      state={state}
      data={data as never}
      options={options}
      height={plot}
      tableTitle={widget.name}
      ariaLabel={`${widget.name}: ${widget.kind} chart`}
    />
  );
}
