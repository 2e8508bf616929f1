import { NumberInput, SegmentedControl, Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CorrectionRequestInput } from '@enviro/contracts/change-requests';
import { IstDateTimeField } from '@/components/date-picker/ist-date-time-field';
import { RequestFormModal } from '@/components/workflow/request-form-modal';
import { useContractForm } from '@/components/form/use-contract-form';
import { DocumentPicker } from '@/features/documents';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { collectStations } from '@/lib/stations';
import { useRaiseCorrection } from '../api/change-requests';
import { fieldOf, istInstant } from './ist-input';
import { stationDevices } from './station-devices';

interface Values extends Record<string, unknown> {
  stationId: string;
  deviceId: string;
  param: string;
  from: string;
  to: string;
  reason: string;
  kind: 'LINEAR' | 'REPLACE' | 'INVALID';
  factor: number | string;
  offset: number | string;
  value: number | string;
  documentIds: number[];
}

/** The industry asks its board to correct one parameter of one analyser over a past period. */
export function CorrectionFormModal({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const stations = useMemo(() => (tree.data ? collectStations(tree.data) : []), [tree.data]);
  const raise = useRaiseCorrection();
  const { form, general } = useContractForm({
    initialValues: { stationId: '', deviceId: '', param: '', from: '', to: '', reason: '', kind: 'LINEAR', factor: 1, offset: 0, value: '', documentIds: [] } as Values,
    schema: CorrectionRequestInput,
    labels: { stationId: 'Station', deviceId: 'Analyser', param: 'Parameter', from: 'From (IST)', to: 'To (IST)', reason: 'Reason', correction: 'Correction', documentIds: 'Evidence' },
    toInput: (v): CorrectionRequestInput => ({
      stationId: Number(v.stationId),
      deviceId: Number(v.deviceId),
      param: v.param,
      from: istInstant(v.from),
      to: istInstant(v.to),
      reason: v.reason.trim(),
      correction:
        v.kind === 'INVALID'
          ? { kind: 'INVALID' }
          : v.kind === 'REPLACE'
            ? { kind: 'REPLACE', value: v.value === '' ? Number.NaN : Number(v.value) }
            : { kind: 'LINEAR', factor: Number(v.factor), offset: Number(v.offset) },
      documentIds: v.documentIds,
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
    <RequestFormModal title="Ask for a data correction" intro="The readings stay as recorded. Once the board approves, every figure, report and trend uses the corrected values, and the period is sent to the regulator again." error={general} onSubmit={submit} onClose={onClose} submitLabel="Send to the board" submitting={raise.isPending}>
      <Select label="Station" required searchable data={stations.map((s) => ({ value: String(s.id), label: s.name }))} {...form.getInputProps('stationId')} data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
        <Select label="Analyser" required data={devices.map((d) => ({ value: String(d.id), label: d.name }))} {...form.getInputProps('deviceId')} />
        <Select label="Parameter" required data={params.map((p) => ({ value: p.name, label: p.label }))} {...form.getInputProps('param')} />
        <IstDateTimeField label="From (IST)" required {...fieldOf(form.getInputProps('from'))} />
        <IstDateTimeField label="To (IST)" required {...fieldOf(form.getInputProps('to'))} />
      </SimpleGrid>
      <SegmentedControl
        mt="sm"
        fullWidth
        data={[
          { value: 'LINEAR', label: 'Rescale' },
          { value: 'REPLACE', label: 'Replace' },
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
      {form.values.kind === 'LINEAR' && (
        <Text size="xs" c="dimmed" mt={4}>
          A wrong unit is a factor: readings sent in g/Nm³ instead of mg/Nm³ are multiplied by 1,000.
        </Text>
      )}
      {form.values.kind === 'REPLACE' && <NumberInput mt="sm" label="Every reading of the period becomes" required {...form.getInputProps('value')} />}
      {form.values.kind === 'INVALID' && (
        <Text size="xs" c="dimmed" mt="sm">
          The readings are left out: the period has no averages and counts as without data.
        </Text>
      )}
      <Textarea mt="sm" label="Reason" description="The fault, and what shows it" required autosize minRows={2} maxLength={4000} {...form.getInputProps('reason')} />
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <DocumentPicker tenantId={tenantId} label="Evidence" description="Service reports, calibration certificates: documents uploaded on the Documents page" value={form.values.documentIds} onChange={(ids) => form.setFieldValue('documentIds', ids)} error={form.errors.documentIds} />
      </div>
    </RequestFormModal>
  );
}
