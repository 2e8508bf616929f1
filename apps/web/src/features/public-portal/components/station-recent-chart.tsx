import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ParamLimit } from '@enviro/contracts/entities';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { ChartWidget, type ChartState } from '@/components/charts/chart-widget';
import { limitLines, trendSeries } from '@/components/charts/from-trends';
import type { StationParam } from '@/lib/stations';

interface StationRecentChartProps {
  params: readonly StationParam[];
  trends: readonly TrendResult[] | undefined;
  state: ChartState;
  limits: readonly ParamLimit[] | undefined;
}

/** SPEC 9: the station's last 4 hours at 15-minute averages, one parameter at a time, limits drawn. */
export function StationRecentChart({ params, trends, state, limits }: StationRecentChartProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const name = picked ?? params[0]?.name ?? null;
  const param = params.find((p) => p.name === name);
  const data = useMemo(
    () => ({
      series: trendSeries((trends ?? []).filter((t) => t.paramName === name), (t) => t.paramLabel, 'minute_15'),
      referenceLines: limitLines(limits?.find((l) => l.paramName === name)),
    }),
    [trends, limits, name],
  );
  const options = useMemo(() => ({ interval: 'minute_15', yAxisName: param?.unit ?? '', decimals: 2 }), [param]);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="end">
        <Text fw={600} component="h2" fz="md" m={0}>
          Last 4 hours (15 min averages)
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
      <ChartWidget kind="line" state={state} data={data} options={options} height={280} ariaLabel={`${param?.label ?? ''} over the last 4 hours`} />
    </Stack>
  );
}
