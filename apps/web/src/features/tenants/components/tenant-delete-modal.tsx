import type { TenantInfo } from '@enviro/contracts/tenants';
import { ConfirmModal } from '@/components/confirm-modal';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useDeleteTenant } from '../api/change-tenant-status';

/** Soft-deletes a tenant (status DELETED) after a confirmation. */
export function TenantDeleteModal({ tenant, onClose }: { tenant: TenantInfo; onClose: () => void }) {
  const remove = useDeleteTenant();
  const confirm = () =>
    remove.mutate(tenant.id, {
      onSuccess: (t) => {
        notifyInfo(`${t.name} deleted.`);
        onClose();
      },
      onError: (e) => notifyAlert(e.message),
    });
  return (
    <ConfirmModal opened danger title={`Delete ${tenant.name}?`} confirmLabel="Delete" loading={remove.isPending} onConfirm={confirm} onClose={onClose}>
      {`${tenant.displayId} is marked DELETED and leaves the tenant lists.`}
    </ConfirmModal>
  );
}
