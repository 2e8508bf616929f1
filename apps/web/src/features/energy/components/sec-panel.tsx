import { SimpleGrid, Stack, Text } from '@mantine/core';
import { addDays } from '@enviro/domain/time-zone';
import { formatIndian } from '@enviro/domain/format-number';
import { ChartWidget } from '@/components/charts/chart-widget';
import type { SeriesChartData } from '@/components/charts/types';
import { DataTable } from '@/components/table/data-table';
import { formatDayKey } from '@/lib/dates';
import { DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { useSec } from '../api/energy';
import { kwh, monthDays } from './energy-format';
import { ProductionForm } from './production-form';

/** SEC by day against the ISO 50006 baseline (energy on production over the 30 days before the month), R² and adjusted savings. */
export function SecPanel({ nodeId, nodeName, month, canEdit }: { nodeId: number; nodeName: string; month: string; canEdit: boolean }) {
  const range = monthDays(month);
  const q = { nodeId, ...range, baselineStart: addDays(range.startDate, -30), baselineEnd: addDays(range.startDate, -1) };
  const sec = useSec(q);
  const s = sec.data;
  const unit = s?.unit ?? 'unit';
  const at = (day: string) => startOfDay(day, DEFAULT_TIME_ZONE);
  const chart: SeriesChartData | undefined = s && {
    series: [
      { name: 'SEC', unit: `kWh/${unit}`, points: s.days.map((d) => [at(d.day), d.sec] as const) },
      { name: 'Baseline SEC', unit: `kWh/${unit}`, points: s.days.map((d) => [at(d.day), d.expectedKwh !== null && d.production ? d.expectedKwh / d.production : null] as const) },
    ],
  };
  return (
    <Stack gap="lg">
      {canEdit && s && <ProductionForm nodeId={nodeId} nodeName={nodeName} unit={s.unit} />}
      {s && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text>
            SEC of the month: <b>{s.sec === null ? '–' : `${formatIndian(s.sec, 1)} kWh/${unit}`}</b>
          </Text>
          <Text>
            Baseline: {s.baseline ? <b>{`${formatIndian(s.baseline.intercept, 0)} kWh + ${formatIndian(s.baseline.coefficients[0] ?? 0, 1)} kWh/${unit}, R² ${formatIndian(s.baseline.r2, 2)} (${s.baseline.n} days)`}</b> : 'too few days with production'}
          </Text>
          <Text>
            Adjusted savings: <b>{s.savings ? `${kwh(s.savings.savingsKwh)}${s.savings.savingsPercent === null ? '' : ` (${formatIndian(s.savings.savingsPercent, 1)} %)`}` : '–'}</b>
          </Text>
        </SimpleGrid>
      )}
      <ChartWidget kind="line" state={sec.isError ? 'error' : s ? 'ready' : 'loading'} data={chart} options={{ interval: 'day_1', yAxisName: `kWh/${unit}`, decimals: 1, title: 'Specific energy consumption against the baseline' }} ariaLabel="SEC by day" />
      {s && (
        <DataTable
          title="SEC by day"
          rows={s.days}
          rowKey={(d) => d.day}
          columns={[
            { header: 'Day', value: (d) => formatDayKey(d.day) },
            { header: 'Energy (kWh)', value: (d) => (d.kwh === null ? null : Math.round(d.kwh)), render: (d) => kwh(d.kwh), align: 'right' },
            { header: `Production (${unit})`, value: (d) => d.production, align: 'right' },
            { header: `SEC (kWh/${unit})`, value: (d) => (d.sec === null ? null : Math.round(d.sec * 10) / 10), align: 'right' },
            { header: 'Baseline energy (kWh)', value: (d) => (d.expectedKwh === null ? null : Math.round(d.expectedKwh)), align: 'right' },
          ]}
        />
      )}
    </Stack>
  );
}
