import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { TenantStatus } from '@enviro/contracts/common';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { ConfirmModal } from '@/components/confirm-modal';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useChangeTenantStatus, type SettableStatus } from '../api/change-tenant-status';

const STATUSES = TenantStatus.options.filter((s): s is SettableStatus => s !== 'DELETED');

/** Picks a tenant's new status and sets it after a confirmation (PATCH SET status). */
export function TenantStatusModal({ tenant, onClose }: { tenant: TenantInfo; onClose: () => void }) {
  const [status, setStatus] = useState<SettableStatus | null>(null);
  const change = useChangeTenantStatus();
  const confirm = () => {
    if (!status) return;
    change.mutate(
      { id: tenant.id, status },
      {
        onSuccess: (t) => {
          notifyInfo(`${t.name} is now ${t.status}.`);
          onClose();
        },
        onError: (e) => notifyAlert(e.message),
      },
    );
  };
  return (
    <ConfirmModal opened title={`Change the status of ${tenant.name}`} confirmLabel="Change status" loading={change.isPending} onConfirm={confirm} onClose={onClose}>
      <Text size="sm" mb="sm">
        Now {tenant.status}.
      </Text>
      <Select
        label="New status"
        data={STATUSES.filter((s) => s !== tenant.status)}
        value={status}
        onChange={(v) => setStatus(v as SettableStatus | null)}
        comboboxProps={{ withinPortal: true }}
      />
    </ConfirmModal>
  );
}
