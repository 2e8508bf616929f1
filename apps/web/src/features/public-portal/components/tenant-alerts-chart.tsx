import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { useAlertCounts } from '../api/get-alert-counts';

/** SPEC 9: the tenant's SYSTEM alerts of this month, per day. */
export function TenantAlertsChart({ tenantId }: { tenantId: number }) {
  const counts = useAlertCounts({
    tenantId,
    byParameter: false,
    request: { period: 'month', interval: 'day_1', types: ['SYSTEM'] },
  });
  const data = useMemo(
    () =>
      counts.data?.groupBy === 'interval'
        ? { series: [{ name: 'Alerts', points: counts.data.groups.map((g) => [Date.parse(g.time), g.count] as const) }] }
        : undefined,
    [counts.data],
  );
  return (
    <Stack gap="xs">
      <Text fw={600} component="h2" fz="md" m={0}>
        Alerts this month{counts.data ? ` (${counts.data.total})` : ''}
      </Text>
      <ChartWidget
        kind="bar"
        state={chartState(counts)}
        data={data}
        options={{ interval: 'day_1' }}
        height={240}
        ariaLabel="SYSTEM alerts per day this month"
        tableTitle="Alerts this month"
      />
    </Stack>
  );
}
