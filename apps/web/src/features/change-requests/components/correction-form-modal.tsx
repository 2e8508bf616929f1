import { Alert, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CorrectionRequestInput } from '@enviro/contracts/change-requests';
import { FormActions } from '@/components/form/form-actions';
import { useContractForm } from '@/components/form/use-contract-form';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { collectStations } from '@/lib/stations';
import { useRaiseCorrection } from '../api/change-requests';
import { istInstant } from './ist-input';
import { stationDevices } from './station-devices';

interface Values extends Record<string, unknown> {
  stationId: string;
  deviceId: string;
  param: string;
  from: string;
  to: string;
  reason: string;
  kind: 'LINEAR' | 'INVALID';
  factor: number | string;
  offset: number | string;
}

/** The industry asks its board to correct one parameter of one analyser over a past period. */
export function CorrectionFormModal({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const stations = useMemo(() => (tree.data ? collectStations(tree.data) : []), [tree.data]);
  const raise = useRaiseCorrection();
  const { form, general } = useContractForm({
    initialValues: { stationId: '', deviceId: '', param: '', from: '', to: '', reason: '', kind: 'LINEAR', factor: 1, offset: 0 } as Values,
    schema: CorrectionRequestInput,
    labels: { stationId: 'Station', deviceId: 'Analyser', param: 'Parameter', from: 'From (IST)', to: 'To (IST)', reason: 'Reason', correction: 'Correction' },
    toInput: (v): CorrectionRequestInput => ({
      stationId: Number(v.stationId),
      deviceId: Number(v.deviceId),
      param: v.param,
      from: istInstant(v.from),
      to: istInstant(v.to),
      reason: v.reason.trim(),
      correction: v.kind === 'INVALID' ? { kind: 'INVALID' } : { kind: 'LINEAR', factor: Number(v.factor), offset: Number(v.offset) },
    }),
    error: raise.error,
  });
  const devices = useMemo(() => stationDevices(tree.data ?? [], Number(form.values.stationId)), [tree.data, form.values.stationId]);
  const params = devices.find((d) => String(d.id) === form.values.deviceId)?.params ?? [];

  const submit = form.onSubmit((body) =>
    raise.mutate(body, {
      onSuccess: (r) => {
        notifyInfo(`Correction request ${r.id} is sent to your board for approval.`);
        onClose();
      },
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Ask for a data correction">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="sm">
          The readings stay as recorded; the board decides on the correction asked.
        </Text>
        <Select label="Station" required searchable data={stations.map((s) => ({ value: String(s.id), label: s.name }))} {...form.getInputProps('stationId')} data-autofocus />
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
          <Select label="Analyser" required data={devices.map((d) => ({ value: String(d.id), label: d.name }))} {...form.getInputProps('deviceId')} />
          <Select label="Parameter" required data={params.map((p) => ({ value: p.name, label: p.label }))} {...form.getInputProps('param')} />
          <TextInput type="datetime-local" label="From (IST)" required {...form.getInputProps('from')} />
          <TextInput type="datetime-local" label="To (IST)" required {...form.getInputProps('to')} />
        </SimpleGrid>
        <SegmentedControl
          mt="sm"
          fullWidth
          data={[
            { value: 'LINEAR', label: 'Rescale the readings' },
            { value: 'INVALID', label: 'Not process data' },
          ]}
          {...form.getInputProps('kind')}
        />
        {form.values.kind === 'LINEAR' && (
          <SimpleGrid cols={2} mt="sm">
            <NumberInput label="Multiply by" required {...form.getInputProps('factor')} />
            <NumberInput label="Then add" required {...form.getInputProps('offset')} />
          </SimpleGrid>
        )}
        <Textarea mt="sm" label="Reason" description="The fault, and the evidence" required autosize minRows={2} maxLength={4000} {...form.getInputProps('reason')} />
        <FormActions label="Send to the board" onCancel={onClose} submitting={raise.isPending} />
      </form>
    </Modal>
  );
}
