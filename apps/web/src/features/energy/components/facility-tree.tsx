import { Anchor, Stack, Text } from '@mantine/core';
import type { LocatedDevices } from '@enviro/contracts/energy';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { stationTypeLabel } from '@/lib/labels';
import { useEnergyMetrics } from '../api/energy';
import { kwh, monthDays } from './energy-format';

type Node = LocatedDevices['nodes'][number] & { kwh: number | null; unmetered: number | null };

const ROLE_LABELS = { MAIN: 'main', SUB: 'sub-meter', GENERATION: 'generation' } as const;

/** Every node of the facility (SPEC 6: the energy app lists every node) with its month's energy; a node's name picks it. */
export function FacilityTree({ located, month, nodeId, onPick }: { located: LocatedDevices; month: string; nodeId: number; onPick: (id: number) => void }) {
  const metrics = useEnergyMetrics({ nodeIds: located.nodes.slice(0, 200).map((n) => n.id), ...monthDays(month), interval: 'month_1' });
  const byNode = new Map(metrics.data?.nodes.map((n) => [n.nodeId, n]) ?? []);
  const rows: Node[] = located.nodes.map((n) => {
    const m = byNode.get(n.id);
    const unmetered = m?.unmetered?.reduce<number | null>((s, p) => (p.value === null ? s : (s ?? 0) + p.value), null) ?? null;
    // A node no meter measures has no energy figure (not zero).
    return { ...n, kwh: m && m.counted.length > 0 ? m.total : null, unmetered };
  });
  const columns: DataTableColumn<Node>[] = [
    {
      header: 'Node',
      value: (r) => r.name,
      wrap: true,
      render: (r) => (
        <Anchor component="button" type="button" onClick={() => onPick(r.id)} fw={r.id === nodeId ? 700 : 400} pl={r.depth * 16} ta="left" aria-current={r.id === nodeId ? 'true' : undefined}>
          {r.name}
        </Anchor>
      ),
    },
    { header: 'Type', value: (r) => stationTypeLabel(r.type) },
    {
      header: 'Meters located here',
      value: (r) => r.meters.map((m) => `${m.entityName} (${ROLE_LABELS[m.role]})`).join('; '),
      wrap: true,
      render: (r) => (
        <Stack gap={2}>
          {r.meters.map((m) => (
            <Text key={m.id} fz="sm" c={m.role === 'MAIN' ? 'blue' : m.role === 'GENERATION' ? 'green' : undefined}>
              {m.entityId === r.id ? ROLE_LABELS[m.role] : `${m.entityName} (${ROLE_LABELS[m.role]})`}
            </Text>
          ))}
        </Stack>
      ),
    },
    { header: 'Energy this month (kWh)', value: (r) => (r.kwh === null ? null : Math.round(r.kwh)), render: (r) => (metrics.data ? (r.kwh === null ? 'not metered' : kwh(r.kwh)) : '…'), align: 'right' },
    { header: 'Unmetered (kWh)', value: (r) => (r.unmetered === null ? null : Math.round(r.unmetered)), render: (r) => (r.unmetered === null ? '' : kwh(r.unmetered)), align: 'right' },
  ];
  return <DataTable title={`${located.name}: facility tree`} columns={columns} rows={rows} rowKey={(r) => r.id} minWidth={720} />;
}
