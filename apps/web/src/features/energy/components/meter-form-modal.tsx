import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { EnergyMeter, LocatedDevices, MeterRole, MeterSource } from '@enviro/contracts/energy';
import { useState } from 'react';
import { useSaveMeter } from '../api/energy';
import { generalProblem, problemsByField } from './field-problems';

const METER_TYPES = ['Energy Meter', 'meter', 'inverter'];
const ROLES = [
  { value: 'MAIN', label: 'Main meter (grid incomer)' },
  { value: 'SUB', label: 'Sub-meter (a load under another meter)' },
  { value: 'GENERATION', label: 'Generation (solar or DG)' },
];

interface Props {
  located: LocatedDevices;
  /** Current meters of the facility, for the main meter a sub-meter is under. */
  meters: readonly EnergyMeter[];
  /** The meter replaced, when replacing. */
  replacing?: EnergyMeter | undefined;
  onClose: () => void;
}

/** Makes a station of the facility a meter located in its tree, or replaces a station's meter. */
export function MeterFormModal({ located, meters, replacing, onClose }: Props) {
  const save = useSaveMeter();
  const metered = new Set(located.nodes.flatMap((n) => n.meters.map((m) => m.entityId)));
  const stations = located.nodes.filter((n) => METER_TYPES.includes(n.type) && (replacing ? n.id === replacing.entityId : !metered.has(n.id)));
  const [entityId, setEntityId] = useState<string | null>(replacing ? String(replacing.entityId) : (stations[0] ? String(stations[0].id) : null));
  const [role, setRole] = useState<MeterRole>(replacing?.role ?? 'SUB');
  const [source, setSource] = useState<MeterSource | null>(replacing?.source ?? null);
  const [main, setMain] = useState<string | null>(replacing?.mainEntityId ? String(replacing.mainEntityId) : null);
  const [nodeId, setNodeId] = useState<string | null>(replacing ? String(replacing.nodeId) : null);
  const [ratedKw, setRatedKw] = useState<number | string>(replacing?.ratedKw ?? '');
  const [multiplier, setMultiplier] = useState<number | string>(replacing?.multiplier ?? 1);
  const [rolloverAt, setRolloverAt] = useState<number | string>(replacing?.rolloverAt ?? '');
  // What the server refuses goes under the input it names (a meter already in the tree: the node; a sub-meter: its main meter).
  const problems = problemsByField([], save.error);
  const general = generalProblem(save.error, (f) => ['nodeId', 'mainEntityId', 'source', 'ratedKw', 'multiplier', 'rolloverAt'].includes(f));
  const submit = () =>
    save.mutate(
      {
        entityId: Number(entityId),
        input: {
          role,
          ratedKw: Number(ratedKw),
          multiplier: Number(multiplier) || 1,
          ...(rolloverAt === '' ? {} : { rolloverAt: Number(rolloverAt) }),
          replace: replacing !== undefined,
          ...(nodeId ? { nodeId: Number(nodeId) } : {}),
          ...(role === 'SUB' && main ? { mainEntityId: Number(main) } : {}),
          ...(role === 'GENERATION' && source ? { source } : {}),
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={replacing ? `Replace the meter of ${replacing.entityName}` : 'Add a meter'} centered>
      <Stack>
        {stations.length === 0 ? (
          <Text>Every Energy Meter, meter and inverter station of this facility is already a meter. Add a station to the facility's tree first.</Text>
        ) : (
          <>
            <Select label="Station" data={stations.map((s) => ({ value: String(s.id), label: s.name }))} value={entityId} onChange={setEntityId} disabled={replacing !== undefined} allowDeselect={false} />
            <Select label="Role" data={ROLES} value={role} onChange={(v) => setRole((v as MeterRole) ?? 'SUB')} allowDeselect={false} />
            {role === 'SUB' && <Select label="Under the meter of" data={meters.filter((m) => m.role !== 'GENERATION' && String(m.entityId) !== entityId).map((m) => ({ value: String(m.entityId), label: m.entityName }))} value={main} onChange={setMain} error={problems.get('mainEntityId')} />}
            {role === 'GENERATION' && <Select label="Source" data={[{ value: 'SOLAR', label: 'Rooftop solar' }, { value: 'DG', label: 'DG set' }]} value={source} onChange={(v) => setSource(v as MeterSource | null)} error={problems.get('source')} />}
            <Select label="Located at (the node it measures)" placeholder="The station's parent" clearable data={located.nodes.map((n) => ({ value: String(n.id), label: `${'· '.repeat(n.depth)}${n.name}` }))} value={nodeId} onChange={setNodeId} error={problems.get('nodeId')} />
            <NumberInput label="Rated capacity (kW)" description="The most the connection can pass: a counter reset never books more than this over its interval." min={0} value={ratedKw} onChange={setRatedKw} error={problems.get('ratedKw')} />
            <NumberInput label="Multiplier (CT × PT ratio, kWh per register unit)" min={0} value={multiplier} onChange={setMultiplier} error={problems.get('multiplier')} />
            <NumberInput label="Register rolls over after (register units)" description="Empty: it does not roll over. A 99,999,999.9 kWh register rolls over to 0 after it." min={0} thousandSeparator="," value={rolloverAt} onChange={setRolloverAt} error={problems.get('rolloverAt')} />
            {general && <Alert color="red">{general}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={submit} loading={save.isPending} disabled={!entityId || !(Number(ratedKw) > 0)}>
                {replacing ? 'Replace' : 'Add'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
