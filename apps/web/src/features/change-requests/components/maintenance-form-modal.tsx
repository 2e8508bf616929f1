import { Select, SimpleGrid, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MaintenanceRequestInput } from '@enviro/contracts/change-requests';
import { IstDateTimeField } from '@/components/date-picker/ist-date-time-field';
import { RequestFormModal } from '@/components/workflow/request-form-modal';
import { useContractForm } from '@/components/form/use-contract-form';
import { DocumentPicker } from '@/features/documents';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { collectStations } from '@/lib/stations';
import { useRaiseMaintenance } from '../api/change-requests';
import { fieldOf, istInstant } from './ist-input';
import { stationDevices } from './station-devices';

interface Values extends Record<string, unknown> {
  stationId: string;
  deviceId: string;
  from: string;
  to: string;
  reason: string;
  documentIds: number[];
}

/** The industry announces planned downtime of a station or one analyser; its board is mailed. */
export function MaintenanceFormModal({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const stations = useMemo(() => (tree.data ? collectStations(tree.data) : []), [tree.data]);
  const raise = useRaiseMaintenance();
  const { form, general } = useContractForm({
    initialValues: { stationId: '', deviceId: '', from: '', to: '', reason: '', documentIds: [] } as Values,
    schema: MaintenanceRequestInput,
    labels: { stationId: 'Station', deviceId: 'Analyser', from: 'Starts (IST)', to: 'Ends (IST)', reason: 'Reason', documentIds: 'Attachments' },
    toInput: (v): MaintenanceRequestInput => ({
      stationId: Number(v.stationId),
      ...(v.deviceId ? { deviceId: Number(v.deviceId) } : {}),
      from: istInstant(v.from),
      to: istInstant(v.to),
      reason: v.reason.trim(),
      documentIds: v.documentIds,
    }),
    error: raise.error,
  });
  const devices = useMemo(() => stationDevices(tree.data ?? [], Number(form.values.stationId)), [tree.data, form.values.stationId]);

  const submit = form.onSubmit((body) =>
    raise.mutate(body, {
      onSuccess: (r) => {
        notifyInfo(`Maintenance request ${r.id} is sent to your board for approval.`);
        onClose();
      },
    }),
  );

  return (
    <RequestFormModal title="Announce maintenance" intro="Once the board approves it, the window counts as maintenance in every figure. Downtime not approved beforehand stays downtime." error={general} onSubmit={submit} onClose={onClose} submitLabel="Send to the board" submitting={raise.isPending}>
      <Select label="Station" required searchable data={stations.map((s) => ({ value: String(s.id), label: s.name }))} {...form.getInputProps('stationId')} data-autofocus />
      <Select
        mt="sm"
        label="Analyser"
        placeholder="The whole station"
        clearable
        data={devices.map((d) => ({ value: String(d.id), label: d.name }))}
        {...form.getInputProps('deviceId')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="sm">
        <IstDateTimeField label="Starts (IST)" required {...fieldOf(form.getInputProps('from'))} />
        <IstDateTimeField label="Ends (IST)" required {...fieldOf(form.getInputProps('to'))} />
      </SimpleGrid>
      <Textarea mt="sm" label="Reason" description="The work planned, who does it" required autosize minRows={2} maxLength={4000} {...form.getInputProps('reason')} />
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <DocumentPicker tenantId={tenantId} label="Attachments" description="The work plan, the vendor's visit: documents uploaded on the Documents page" value={form.values.documentIds} onChange={(ids) => form.setFieldValue('documentIds', ids)} error={form.errors.documentIds} />
      </div>
    </RequestFormModal>
  );
}
