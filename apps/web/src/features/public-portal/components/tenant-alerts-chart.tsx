import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { useAlertCounts } from '../api/get-alert-counts';

/**
 * SPEC 9: a station's SYSTEM alerts of this month, per day. Each is one reading outside its limit,
 * not an exceedance (a 15-minute average beyond it, docs/DEFINITIONS.md), and is called so on screen.
 */
export function TenantAlertsChart({ tenantId, station }: { tenantId: number; station: { id: number; name: string } }) {
  const counts = useAlertCounts({
    tenantId,
    byParameter: false,
    request: { period: 'month', interval: 'day_1', types: ['SYSTEM'], nodeId: station.id },
  });
  const data = useMemo(
    () =>
      counts.data?.groupBy === 'interval'
        ? { series: [{ name: 'Readings outside a limit', points: counts.data.groups.map((g) => [Date.parse(g.time), g.count] as const) }] }
        : undefined,
    [counts.data],
  );
  const title = `Readings outside a limit this month, ${station.name}`;
  return (
    <Stack gap="xs">
      <Text fw={600} component="h2" fz="md" m={0}>
        {title}
        {counts.data ? ` (${counts.data.total})` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        Single readings beyond a limit, per IST day. Exceedances (15-minute averages beyond a limit) are on the compliance page.
      </Text>
      <ChartWidget
        kind="bar"
        state={chartState(counts)}
        data={data}
        options={{ interval: 'day_1' }}
        height={240}
        ariaLabel={`Readings outside a limit per day this month at ${station.name}`}
        tableTitle={title}
      />
    </Stack>
  );
}
