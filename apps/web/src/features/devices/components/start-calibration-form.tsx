import { Alert, Button, Checkbox, FileInput, Group, NumberInput, Paper, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { StartCalibration } from '@enviro/contracts/devices/calibration';
import { useState } from 'react';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useStartCalibration } from '../api/start-calibration';
import { pointsFor, TYPE_LABEL } from './calibration-labels';

const LABELS = { type: 'Type', method: 'How', params: 'Parameters', remarks: 'Remarks' } as const;
/** The server takes 5 MiB of certificate. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const BODY = StartCalibration.omit({ file: true });

type Type = keyof typeof TYPE_LABEL;

/**
 * Starts a calibration of a device: its type, the parameters checked with their span gas value,
 * by hand or over MQTT RPC, and the certificate or report. The device's readings are calibration
 * data from the start until it is finished or aborted.
 */
export function StartCalibrationForm({ deviceId, params }: { deviceId: number; params: readonly { name: string; label: string; unit: string }[] }) {
  const start = useStartCalibration();
  const [file, setFile] = useState<File | null>(null);
  const { form, general } = useContractForm({
    initialValues: {
      type: 'ZERO' as Type,
      method: 'MANUAL' as 'MANUAL' | 'RPC',
      selected: [] as string[],
      span: {} as Record<string, number | string>,
      remarks: '',
    },
    schema: BODY,
    labels: LABELS,
    toInput: (v) => ({
      deviceId,
      type: v.type,
      method: v.method,
      params: v.selected.map((name) => {
        const span = Number(v.span[name] ?? 0);
        return { name, ...(span > 0 ? { range: span } : {}), points: pointsFor(v.type, span) };
      }),
      ...(v.remarks.trim() ? { remarks: v.remarks.trim() } : {}),
    }),
    check: (v) => {
      if (file && file.size > MAX_FILE_BYTES) return { file: 'The file is over 5 MB' };
      const missing = v.type !== 'ZERO' && v.selected.find((n) => !(Number(v.span[n]) > 0));
      return missing ? { params: `Give the span gas value of ${missing.toUpperCase()}` } : {};
    },
    error: start.error,
  });
  const { values } = form;
  const submit = form.onSubmit((body) => start.mutate({ body, file }, { onSuccess: () => (notifyInfo('Calibration started.'), setFile(null)) }));

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>Start a calibration</Title>
          {general && <Alert color="red">{general}</Alert>}
          <Group wrap="wrap">
            <SegmentedControl aria-label={LABELS.type} data={Object.entries(TYPE_LABEL).map(([value, label]) => ({ value, label }))} {...form.getInputProps('type')} />
            <SegmentedControl
              aria-label={LABELS.method}
              data={[
                { value: 'MANUAL', label: 'By hand' },
                { value: 'RPC', label: 'Command the device' },
              ]}
              {...form.getInputProps('method')}
            />
          </Group>
          {params.length === 0 ? (
            <Text c="dimmed">The device reports no parameter to calibrate.</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Parameter</Table.Th>
                    <Table.Th>Span gas value</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {params.map((p) => (
                    <Table.Tr key={p.name}>
                      <Table.Td>
                        <Checkbox
                          label={`${p.label}${p.unit ? ` (${p.unit})` : ''}`}
                          checked={values.selected.includes(p.name)}
                          onChange={(e) => form.setFieldValue('selected', e.currentTarget.checked ? [...values.selected, p.name] : values.selected.filter((n) => n !== p.name))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Span gas value of ${p.label}`}
                          size="xs"
                          min={0}
                          disabled={!values.selected.includes(p.name)}
                          value={values.span[p.name] ?? ''}
                          onChange={(v) => form.setFieldValue('span', { ...values.span, [p.name]: v })}
                          placeholder={values.type === 'ZERO' ? 'optional: the range' : 'required'}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {form.errors.params && <Text c="red" size="sm">{form.errors.params}</Text>}
          <FileInput label="Certificate or report" placeholder="PDF or image, up to 5 MB" clearable value={file} onChange={setFile} error={form.errors.file} accept="application/pdf,image/*" />
          <Textarea label={LABELS.remarks} autosize minRows={1} {...form.getInputProps('remarks')} />
          <Group justify="flex-end">
            <Button type="submit" loading={start.isPending}>
              Start
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
