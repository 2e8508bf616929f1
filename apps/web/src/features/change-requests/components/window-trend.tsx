import { Group, Paper, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ChangeRequest } from '@enviro/contracts/change-requests';
import { ChartWidget } from '@/components/charts/chart-widget';
import { correctedPeriods, suppressedPeriods, trendSeries } from '@/components/charts/from-trends';
import type { SeriesChartData } from '@/components/charts/types';
import { useEntityMetric } from '@/features/data';
import { useSearchChoices } from '@/lib/use-search-choices';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { stationDevices, type TreeNode } from './station-devices';

const HOUR = 3_600_000;
const SLOT = 15 * 60_000;

/**
 * The station's trend around the request's period, 15-minute averages: once approved, the window
 * is shaded as maintenance (the trend answers it among its suppressed periods, as any maintenance),
 * a correction as corrected, with a switch to the readings as received (`original` in the URL);
 * before, the period asked for is shaded as requested.
 */
export function WindowTrend({ request }: { request: ChangeRequest }) {
  const [now] = useState(() => Date.now());
  const [params, update] = useSearchChoices();
  const original = params.get('original') === '1';
  const from = Date.parse(request.from);
  const to = Date.parse(request.to);
  const start = Math.floor((from - 6 * HOUR) / SLOT) * SLOT;
  const end = Math.min(now, Math.ceil((to + 6 * HOUR) / SLOT) * SLOT);
  const tree = useQuery(getEntityTreeQueryOptions(request.tenantId));
  const param = request.param ?? firstParam(tree.data ?? [], request.stationId, request.deviceId);
  const chartable = param !== null && end > start;
  const trend = useEntityMetric(
    {
      entityIds: [request.stationId],
      params: [{ name: param ?? '' }],
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
      interval: 'minute_15',
      ...(original ? { original } : {}),
    },
    chartable,
  );
  const approved = request.status === 'APPROVED' || (request.status === 'CLOSED' && request.crType === 'MAINTENANCE');
  const data = useMemo<SeriesChartData | undefined>(() => {
    if (!trend.data) return undefined;
    const marked = [...suppressedPeriods(trend.data, end), ...correctedPeriods(trend.data, original)];
    const asked = approved || request.applied ? [] : [{ from, to, label: request.crType === 'MAINTENANCE' ? 'Window requested' : 'Period to correct', tone: 'suppressed' as const }];
    return { series: trendSeries(trend.data, (t) => t.paramLabel, 'minute_15'), shadedPeriods: [...marked, ...asked] };
  }, [trend.data, end, approved, request.crType, request.applied, from, to, original]);
  const corrected = (trend.data ?? []).some((t) => (t.corrected?.length ?? 0) > 0);

  return (
    <Paper withBorder p="md">
      <Title order={3} fz="lg" mb="xs">
        Trend around the period{trend.data?.[0] ? `: ${trend.data[0].paramLabel}${trend.data[0].unit ? ` (${trend.data[0].unit})` : ''}, 15-minute averages` : ''}
      </Title>
      {from > now ? (
        <Text c="dimmed" size="sm">The window has not started yet; its trend shows here once readings of it arrive.</Text>
      ) : chartable ? (
        <ChartWidget kind="line" state={trend.isError ? 'error' : trend.data ? 'ready' : 'loading'} data={data} options={{ interval: 'minute_15', decimals: 2, yAxisName: trend.data?.[0]?.unit || undefined }} height={300} ariaLabel={`${request.station} 15-minute averages around the period`} />
      ) : (
        <Text c="dimmed" size="sm">{tree.isLoading ? 'Loading the station…' : 'The station has no parameter to chart.'}</Text>
      )}
      {(corrected || original) && (
        <Group justify="space-between" mt="xs" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
            {original ? 'Shown: the readings as received, before the corrections.' : 'Shown: the corrected values every figure uses; the shaded period is corrected.'}
          </Text>
          <Switch label="Show original values" checked={original} onChange={(e) => update({ original: e.currentTarget.checked ? '1' : null })} />
        </Group>
      )}
    </Paper>
  );
}

/** The first parameter still reported at the station (of the one analyser, when the request names one). */
function firstParam(nodes: readonly TreeNode[], stationId: number, deviceId: number | null): string | null {
  const params = stationDevices(nodes, stationId).filter((d) => deviceId === null || d.id === deviceId).flatMap((d) => d.params);
  return params[0]?.name ?? null;
}
