import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ParamLimit } from '@enviro/contracts/entities';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { aggregationLabel } from '@enviro/domain/aggregation';
import { ChartWidget, type ChartState } from '@/components/charts/chart-widget';
import { flaggedPeriods, limitLines, suppressedPeriods, trendSeries, valueAxisName, type TrendWindow } from '@/components/charts/from-trends';
import { IncompleteNote } from '@/components/charts/incomplete-note';
import type { StationParam } from '@/lib/stations';

interface StationRecentChartProps {
  params: readonly StationParam[];
  trends: readonly TrendResult[] | undefined;
  /** What the trends cover, so the quarter hours it cuts short are marked. */
  window: TrendWindow | undefined;
  state: ChartState;
  limits: readonly ParamLimit[] | undefined;
}

/**
 * SPEC 9: the station's last 4 hours in 15-minute buckets, one parameter at a time, limits drawn;
 * each bucket combines its readings by the parameter's catalogue aggregation, which the title and
 * axis name say (an energy meter's kWh are summed, a pH averaged).
 */
export function StationRecentChart({ params, trends, window, state, limits }: StationRecentChartProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const name = picked ?? params[0]?.name ?? null;
  const param = params.find((p) => p.name === name);
  const trend = trends?.find((t) => t.paramName === name);
  const aggregation = trend?.dsAgg ?? param?.aggregation ?? 'avg';
  const data = useMemo(
    () => ({
      series: trendSeries(trend ? [trend] : [], (t) => t.paramLabel, 'minute_15', window),
      referenceLines: limitLines(limits?.find((l) => l.paramName === name)),
      shadedPeriods: [...suppressedPeriods(trend ? [trend] : [], window?.end ?? Date.now()), ...flaggedPeriods(trend ? [trend] : [])],
    }),
    [trend, window, limits, name],
  );
  const options = useMemo(
    () => ({ interval: 'minute_15', yAxisName: valueAxisName(param?.unit ?? '', aggregation, 'minute_15'), decimals: 2 }),
    [param, aggregation],
  );
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="end">
        <Text fw={600} component="h2" fz="md" m={0}>
          Last 4 hours ({aggregationLabel(aggregation, 'minute_15')})
        </Text>
        <Select
          aria-label="Parameter"
          data={params.map((p) => ({ value: p.name, label: p.label }))}
          value={name}
          onChange={setPicked}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <div>
        <ChartWidget kind="line" state={state} data={data} options={options} height={280} ariaLabel={`${param?.label ?? ''} over the last 4 hours`} tableTitle={`${param?.label ?? ''} last 4 hours`} />
        <IncompleteNote series={data.series} />
      </div>
    </Stack>
  );
}
