import { Paper, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { AlertItem } from '@enviro/contracts/alerts';
import { formatIndian } from '@enviro/domain/format-number';
import { useEntityMetric } from '@/features/data';
import { ChartWidget } from '@/components/charts/chart-widget';
import { trendSeries } from '@/components/charts/from-trends';
import type { ReferenceLine, SeriesChartData } from '@/components/charts/types';

/** Hours of context drawn before the breach and after it ends. */
const CONTEXT_MS = 6 * 3_600_000;
const SLOT_MS = 15 * 60_000;

/** The window of the trend: six hours either side of the breach, never past now. */
export function trendWindow(a: Pick<AlertItem, 'startedAt' | 'endedAt'>, now: number): { start: number; end: number; breachEnd: number } {
  const started = Date.parse(a.startedAt);
  const breachEnd = a.endedAt ? Date.parse(a.endedAt) : now;
  const start = Math.floor((started - CONTEXT_MS) / SLOT_MS) * SLOT_MS;
  const end = Math.min(now, Math.ceil((breachEnd + CONTEXT_MS) / SLOT_MS) * SLOT_MS);
  return { start, end: Math.max(end, started + SLOT_MS), breachEnd };
}

/** The limits as reference lines, each with its value. */
export function limitLines(a: Pick<AlertItem, 'limitMin' | 'limitMax' | 'unit'>): ReferenceLine[] {
  const unit = a.unit ? ` ${a.unit}` : '';
  return [
    ...(a.limitMax !== null ? [{ value: a.limitMax, label: `Limit ${formatIndian(a.limitMax)}${unit}` }] : []),
    ...(a.limitMin !== null ? [{ value: a.limitMin, label: `Lower limit ${formatIndian(a.limitMin)}${unit}` }] : []),
  ];
}

/** The 15-minute trend of the alert's parameter around the breach: the limit as a line, the breach shaded. */
export function AlertTrend({ alert }: { alert: AlertItem }) {
  // Taken once: an ongoing breach's window ends when the page opened, so the query holds still.
  const [now] = useState(() => Date.now());
  const window = trendWindow(alert, now);
  const chartable = alert.stationId !== null && alert.paramName !== null;
  const trend = useEntityMetric(
    {
      entityIds: [alert.stationId ?? 0],
      params: [{ name: alert.paramName ?? '' }],
      startDate: new Date(window.start).toISOString(),
      endDate: new Date(window.end).toISOString(),
      interval: 'minute_15',
    },
    chartable,
  );
  const label = alert.paramLabel ?? alert.paramName ?? '';
  const data = useMemo<SeriesChartData | undefined>(() => {
    if (!trend.data) return undefined;
    return {
      series: trendSeries(trend.data, () => label, 'minute_15'),
      referenceLines: limitLines(alert),
      shadedPeriods: [{ from: Date.parse(alert.startedAt), to: window.breachEnd, label: alert.endedAt ? 'Breach' : 'Breach (ongoing)' }],
      ...(alert.peak !== null ? { extremes: [alert.peak] } : {}),
    };
  }, [trend.data, alert, label, window.breachEnd]);

  return (
    <Paper withBorder p="md">
      <Title order={3} fz="lg" mb="xs">
        Trend around the breach
      </Title>
      {chartable ? (
        <ChartWidget
          kind="line"
          state={trend.isError ? 'error' : trend.data ? 'ready' : 'loading'}
          data={data}
          options={{ interval: 'minute_15', yAxisName: alert.unit ?? undefined, decimals: 2 }}
          height={300}
          ariaLabel={`${label} 15-minute averages around the breach`}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {alert.paramName === null ? 'This alert is about the whole device (no readings arrived), so there is no parameter to chart.' : 'The device is not placed at a station.'}
        </Text>
      )}
    </Paper>
  );
}
