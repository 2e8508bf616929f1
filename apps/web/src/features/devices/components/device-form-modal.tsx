import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DeviceBody, DeviceDetail } from '@enviro/contracts/devices';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useMakes } from '../api/get-makes';
import { useSaveDevice } from '../api/save-device';

interface ParamRow {
  name: string;
  unit: string;
  min: number | string;
  max: number | string;
}

const num = (v: number | string): number | null => (v === '' || v === null ? null : Number(v));

/**
 * Register (device null) or edit a device: name, model, serial number and its parameters with unit
 * and limits. The server checks parameters and units (a unit must convert to the catalogue's) and
 * answers 409 for a serial number already registered; its message shows above the buttons.
 */
export function DeviceFormModal({ device, onClose }: { device: DeviceDetail | null; onClose: () => void }) {
  const save = useSaveDevice();
  const makes = useMakes();
  const [name, setName] = useState(device?.name ?? '');
  const [serialNo, setSerialNo] = useState(device?.serialNo ?? '');
  const [modelId, setModelId] = useState<string | null>(device?.modelId ? String(device.modelId) : null);
  const [params, setParams] = useState<ParamRow[]>(
    device?.params?.filter((p) => p.deletedDate === null).map((p) => ({ name: p.name, unit: p.unit === p.stdUnit ? '' : p.unit, min: p.min ?? '', max: p.max ?? '' })) ?? [
      { name: '', unit: '', min: '', max: '' },
    ],
  );
  const models = (makes.data ?? []).flatMap((m) => m.models.map((model) => ({ value: String(model.id), label: `${m.name} ${model.name}` })));
  const setParam = (i: number, change: Partial<ParamRow>) => setParams((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: DeviceBody = {
      name: name.trim(),
      serialNo: serialNo.trim() === '' ? null : serialNo.trim(),
      modelId: modelId === null ? null : Number(modelId),
      params: params
        .filter((p) => p.name.trim() !== '')
        .map((p) => ({ name: p.name.trim(), ...(p.unit.trim() ? { unit: p.unit.trim() } : {}), min: num(p.min), max: num(p.max) })),
    };
    save.mutate(
      { id: device?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifyInfo(device ? `Device ${saved.name} saved.` : `Device ${saved.name} registered. Its access token is on its page.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={device ? `Edit ${device.name}` : 'New device'} size="lg">
      <form onSubmit={submit} noValidate>
        {save.error && (
          <Alert color="red" mb="sm">
            {save.error.message}
          </Alert>
        )}
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Group grow align="flex-start">
            <TextInput label="Serial number" value={serialNo} onChange={(e) => setSerialNo(e.currentTarget.value)} />
            <Select label="Make and model" data={models} value={modelId} onChange={setModelId} clearable searchable placeholder="None" />
          </Group>
          <Text fw={500} size="sm">
            Parameters (name from the parameter catalogue, e.g. so2; unit only when it differs from the catalogue's)
          </Text>
          {params.map((p, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="wrap">
              <TextInput label={i === 0 ? 'Parameter' : undefined} aria-label={`Parameter ${i + 1}`} w={110} value={p.name} onChange={(e) => setParam(i, { name: e.currentTarget.value })} />
              <TextInput label={i === 0 ? 'Unit' : undefined} aria-label={`Unit of parameter ${i + 1}`} w={90} value={p.unit} onChange={(e) => setParam(i, { unit: e.currentTarget.value })} />
              <NumberInput label={i === 0 ? 'Min' : undefined} aria-label={`Minimum of parameter ${i + 1}`} w={90} value={p.min} onChange={(v) => setParam(i, { min: v })} />
              <NumberInput label={i === 0 ? 'Max' : undefined} aria-label={`Maximum of parameter ${i + 1}`} w={90} value={p.max} onChange={(v) => setParam(i, { max: v })} />
              <ActionIcon variant="subtle" color="red" aria-label={`Remove parameter ${i + 1}`} onClick={() => setParams((rows) => rows.filter((_, j) => j !== i))} mb={4}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setParams((rows) => [...rows, { name: '', unit: '', min: '', max: '' }])}>
            Add parameter
          </Button>
        </Stack>
        <FormActions label={device ? 'Save' : 'Register'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
