import { Select, Text } from '@mantine/core';
import { TenantStatus } from '@enviro/contracts/common';
import { TenantPatchOp, type TenantInfo } from '@enviro/contracts/tenants';
import { ConfirmModal } from '@/components/confirm-modal';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useChangeTenantStatus, type SettableStatus } from '../api/change-tenant-status';

const STATUSES = TenantStatus.options.filter((s): s is SettableStatus => s !== 'DELETED');

/** Picks a tenant's new status and sets it after a confirmation (PATCH SET status). */
/** A tenant's status in a sentence ('… is now in its grace period'). */
const STATUS_WORDS: Record<TenantStatus, string> = {
  ENABLED: 'enabled',
  DISABLED: 'disabled',
  TRIAL: 'on trial',
  GRACE: 'in its grace period',
  EXPIRED: 'expired',
  DEMO: 'a demo',
  AWAITED: 'awaiting activation',
  DELETED: 'deleted',
};

export function TenantStatusModal({ tenant, onClose }: { tenant: TenantInfo; onClose: () => void }) {
  const change = useChangeTenantStatus();
  const { form } = useContractForm({
    initialValues: { value: null as SettableStatus | null },
    schema: TenantPatchOp,
    labels: { value: 'New status' },
    toInput: (v) => ({ op: 'SET' as const, att: 'status' as const, value: v.value as SettableStatus }),
    error: null,
  });
  const confirm = form.onSubmit(({ value: status }) =>
    change.mutate(
      { id: tenant.id, status },
      {
        onSuccess: (t) => {
          notifyInfo(`${t.name} is now ${STATUS_WORDS[t.status]}.`);
          onClose();
        },
        onError: (e) => notifyAlert(e.message),
      },
    ),
  );
  return (
    <ConfirmModal opened title={`Change the status of ${tenant.name}`} confirmLabel="Change status" loading={change.isPending} onConfirm={() => confirm()} onClose={onClose}>
      <Text size="sm" mb="sm">
        Now {tenant.status}.
      </Text>
      <Select
        label="New status"
        data={STATUSES.filter((s) => s !== tenant.status)}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('value')}
      />
    </ConfirmModal>
  );
}
