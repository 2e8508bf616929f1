import { SimpleGrid, Stack, Text } from '@mantine/core';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { formatDayKey } from '@/lib/dates';
import { useEnergyCost } from '../api/energy';
import { kwh, rupees, windowWord } from './energy-format';

const SHIFT_WORDS: Record<string, string> = { A: 'Shift A (06:00–14:00)', B: 'Shift B (14:00–22:00)', C: 'Shift C (22:00–06:00)' };

/** The month's bill of a node: ToD energy charges by window, day and shift, fixed charges and duty, at the tariff versions valid then. */
export function CostPanel({ nodeId, month }: { nodeId: number; month: string }) {
  const cost = useEnergyCost(nodeId, month);
  if (cost.isError) return <LoadFailed what="The cost" onRetry={() => void cost.refetch()} />;
  if (!cost.data) return <Loading />;
  const c = cost.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Text>
          Energy costed <br />
          <b>{kwh(c.kwh)}</b>
        </Text>
        <Text>
          Energy charges <br />
          <b>{rupees(c.energyCharge)}</b>
        </Text>
        <Text>
          Fixed charges <br />
          <b>{rupees(c.fixedCharge)}</b>
        </Text>
        <Text>
          Electricity duty <br />
          <b>{rupees(c.duty)}</b>
        </Text>
        <Text>
          Total <br />
          <b>{rupees(c.total)}</b>
        </Text>
      </SimpleGrid>
      {c.versions.length > 1 && <Text c="dimmed">The tariff changed during the month: {c.versions.map((v) => `from ${formatDayKey(v.validFrom)} for ${v.days} days`).join(', ')}. Each day is costed at the version valid on it.</Text>}
      {c.uncostedKwh > 0 && <Text c="orange">{kwh(c.uncostedKwh)} fell before the first tariff version and are not costed.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DataTable title="Cost by time-of-day window" rows={c.byKind} rowKey={(r) => r.key} minWidth={320} columns={[{ header: 'Window', value: (r) => windowWord(r.key) }, { header: 'Energy (kWh)', value: (r) => Math.round(r.kwh), render: (r) => kwh(r.kwh), align: 'right' }, { header: 'Energy charge (₹)', value: (r) => Math.round(r.cost), render: (r) => rupees(r.cost), align: 'right' }]} />
        <DataTable title="Cost by shift" rows={c.byShift} rowKey={(r) => r.key} minWidth={320} columns={[{ header: 'Shift', value: (r) => SHIFT_WORDS[r.key] ?? r.key }, { header: 'Energy (kWh)', value: (r) => Math.round(r.kwh), render: (r) => kwh(r.kwh), align: 'right' }, { header: 'Energy charge (₹)', value: (r) => Math.round(r.cost), render: (r) => rupees(r.cost), align: 'right' }]} />
      </SimpleGrid>
      <DataTable title="Cost by day" rows={c.byDay} rowKey={(r) => r.key} minWidth={320} columns={[{ header: 'Day', value: (r) => formatDayKey(r.key) }, { header: 'Energy (kWh)', value: (r) => Math.round(r.kwh), render: (r) => kwh(r.kwh), align: 'right' }, { header: 'Energy charge (₹)', value: (r) => Math.round(r.cost), render: (r) => rupees(r.cost), align: 'right' }]} />
    </Stack>
  );
}
