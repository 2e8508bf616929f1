import { SimpleGrid, Stack, Text } from '@mantine/core';
import { ChartWidget } from '@/components/charts/chart-widget';
import type { FacilityHeatmapData, SeriesChartData } from '@/components/charts/types';
import { DataTable } from '@/components/table/data-table';
import { formatDay, formatInstant } from '@/lib/dates';
import { useEnergyMetrics } from '../api/energy';
import { kwh, monthDays } from './energy-format';

const EVENT_WORDS = { reset: 'Counter reset', rollover: 'Counter rollover', capped: 'Jump capped at rated kW', backstep: 'Counter went back (ignored)' } as const;

/** A node's consumption by day (with the unmetered remainder) and a heatmap of hour × day, with the register events found. */
export function ConsumptionPanel({ nodeId, month }: { nodeId: number; month: string }) {
  const range = monthDays(month);
  const daily = useEnergyMetrics({ nodeIds: [nodeId], ...range, interval: 'day_1' });
  const hourly = useEnergyMetrics({ nodeIds: [nodeId], ...range, interval: 'hour_1' });
  const node = daily.data?.nodes[0];
  const state = daily.isError ? 'error' : daily.data ? 'ready' : 'loading';
  const chart: SeriesChartData | undefined = node && {
    series: [
      { name: 'Consumption', unit: 'kWh', points: node.data.map((p) => [p.time, p.value] as const) },
      ...(node.unmetered ? [{ name: 'Unmetered', unit: 'kWh', points: node.unmetered.map((p) => [p.time, p.value] as const) }] : []),
    ],
  };
  const hours = hourly.data?.nodes[0];
  const dayLabels = [...new Set(hours?.data.map((p) => formatDay(p.time)) ?? [])];
  const heatmap: FacilityHeatmapData | undefined = hours && {
    rows: dayLabels,
    columns: Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    cells: hours.data.map((p, i) => [i % 24, Math.floor(i / 24), p.value] as const),
    unit: 'kWh',
  };
  return (
    <Stack gap="lg">
      {node && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text>
            Used: <b>{kwh(node.total)}</b>
          </Text>
          <Text>
            Shared over gaps (estimated): <b>{kwh(node.estimatedKwh)}</b>
          </Text>
          <Text>
            Meters counted: <b>{node.counted.length}</b>, left out as measured by a main meter: <b>{node.excluded.length}</b>
          </Text>
        </SimpleGrid>
      )}
      <ChartWidget kind="bar" state={state} data={chart} options={{ interval: 'day_1', yAxisName: 'kWh', title: 'Energy by day (kWh)' }} ariaLabel="Energy by day" tableTitle="Energy by day" />
      <ChartWidget
        kind="facilityHeatmap"
        state={hourly.isError ? 'error' : hourly.data ? 'ready' : 'loading'}
        data={heatmap}
        options={{ interval: 'hour_1', decimals: 0 }}
        height={Math.max(320, dayLabels.length * 18 + 100)}
        ariaLabel="Energy by hour and day"
        tableTitle="Energy by hour and day (kWh)"
      />
      {node && node.events.length > 0 && (
        <DataTable
          title="Register events"
          rows={node.events}
          rowKey={(_, i) => i}
          columns={[
            { header: 'Day', value: (e) => formatInstant(e.time) },
            { header: 'Event', value: (e) => EVENT_WORDS[e.kind] },
            { header: 'Register before', value: (e) => e.previous, align: 'right' },
            { header: 'Register after', value: (e) => e.register, align: 'right' },
            { header: 'Booked (kWh)', value: (e) => Math.round(e.bookedKwh), render: (e) => kwh(e.bookedKwh), align: 'right' },
          ]}
        />
      )}
    </Stack>
  );
}
