import { Alert, Button, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatIndian } from '@enviro/domain/format-number';
import { Loading } from '@/components/status/load-state';
import { notifyInfo } from '@/lib/notify';
import { useAddMakeOrModel, useMakes } from '../api/get-makes';

/** Makes and their models with how many of the caller's devices are of each; site staff add makes and models. */
export function MakesPanel({ canEdit }: { canEdit: boolean }) {
  const makes = useMakes();
  const add = useAddMakeOrModel();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [makeId, setMakeId] = useState<string | null>(null);
  if (!makes.data) return makes.error ? <Alert color="red">The makes could not be loaded: {makes.error.message}</Alert> : <Loading h={120} />;
  const rows = makes.data.flatMap((m) => (m.models.length === 0 ? [{ make: m.name, model: '-', devices: 0, key: `m${m.id}` }] : m.models.map((x) => ({ make: m.name, model: x.name, devices: x.devices, key: `x${x.id}` }))));
  return (
    <Stack>
      {add.error && <Alert color="red">{add.error.message}</Alert>}
      {canEdit && (
        <Group align="flex-end">
          <TextInput label="New make" value={make} onChange={(e) => setMake(e.currentTarget.value)} />
          <Button onClick={() => add.mutate({ name: make }, { onSuccess: () => (notifyInfo(`Make ${make} added.`), setMake('')) })}>Add make</Button>
          <Select label="Make" data={makes.data.map((m) => ({ value: String(m.id), label: m.name }))} value={makeId} onChange={setMakeId} searchable />
          <TextInput label="New model" value={model} onChange={(e) => setModel(e.currentTarget.value)} />
          <Button disabled={makeId === null} onClick={() => add.mutate({ name: model, makeId: Number(makeId) }, { onSuccess: () => (notifyInfo(`Model ${model} added.`), setModel('')) })}>
            Add model
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Make</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th ta="right">Your devices</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.make}</Table.Td>
                <Table.Td>{r.model}</Table.Td>
                <Table.Td ta="right">{formatIndian(r.devices, 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
