import { Select, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { WarrantyRequestInput } from '@enviro/contracts/warranty-requests';
import { RequestFormModal } from '@/components/workflow/request-form-modal';
import { useContractForm } from '@/components/form/use-contract-form';
import { DocumentPicker } from '@/features/documents';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { useRaiseWarranty } from '../api/warranty-requests';

interface Values extends Record<string, unknown> {
  deviceId: string;
  serialNo: string;
  fault: string;
  photoIds: number[];
}

type TreeNode = { name: string; devices?: readonly { id: number; name: string; serialNo: string | null; deletedDate: string | null }[] | undefined; children: readonly TreeNode[] };

/** Every device in service of the tree, named with its station. */
function devicesOf(nodes: readonly TreeNode[]): { id: number; label: string; serialNo: string | null }[] {
  return nodes.flatMap((n) => [
    ...(n.devices ?? []).filter((d) => d.deletedDate === null).map((d) => ({ id: d.id, label: `${d.name} (${n.name})`, serialNo: d.serialNo })),
    ...devicesOf(n.children),
  ]);
}

/** The industry reports a faulty device to its service partner. */
export function WarrantyFormModal({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const devices = useMemo(() => devicesOf(tree.data ?? []), [tree.data]);
  const raise = useRaiseWarranty();
  const { form, general } = useContractForm({
    initialValues: { deviceId: '', serialNo: '', fault: '', photoIds: [] } as Values,
    schema: WarrantyRequestInput,
    labels: { deviceId: 'Device', serialNo: 'Serial number', fault: 'Fault', photoIds: 'Photos' },
    toInput: (v): WarrantyRequestInput => ({ deviceId: Number(v.deviceId), serialNo: v.serialNo.trim(), fault: v.fault.trim(), photoIds: v.photoIds }),
    error: raise.error,
  });
  const submit = form.onSubmit((body) =>
    raise.mutate(body, {
      onSuccess: (w) => {
        notifyInfo(`Warranty request ${w.id} is with ${w.partner}: by its terms it responds within ${w.responseHours} hours and resolves within ${w.slaHours}.`);
        onClose();
      },
    }),
  );
  return (
    <RequestFormModal title="Report a faulty device" intro="The request goes to your service partner, who is mailed; attach photos uploaded on the Documents page." error={general} onSubmit={submit} onClose={onClose} submitLabel="Send to the partner" submitting={raise.isPending}>
      <Select
        label="Device"
        required
        searchable
        data={devices.map((d) => ({ value: String(d.id), label: d.label }))}
        {...form.getInputProps('deviceId')}
        onChange={(v) => {
          form.setFieldValue('deviceId', v ?? '');
          const serial = devices.find((d) => String(d.id) === v)?.serialNo;
          if (serial && form.values.serialNo === '') form.setFieldValue('serialNo', serial);
        }}
        data-autofocus
      />
      <TextInput mt="sm" label="Serial number" description="As on the device's plate" required {...form.getInputProps('serialNo')} />
      <Textarea mt="sm" label="Fault" description="What happens, since when" required autosize minRows={3} maxLength={4000} {...form.getInputProps('fault')} />
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <DocumentPicker tenantId={tenantId} label="Photos" value={form.values.photoIds} onChange={(ids) => form.setFieldValue('photoIds', ids)} error={form.errors.photoIds} />
      </div>
    </RequestFormModal>
  );
}
