import type { AdminUser } from '@enviro/contracts/users';
import { ConfirmModal } from '@/components/confirm-modal';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useChangeUserStatus } from '../api/change-user-status';

/** Enables or disables a user after a confirmation; disabling signs them out at once. */
export function UserStatusModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useChangeUserStatus();
  const disable = user.status === 'ENABLED';
  const confirm = () =>
    change.mutate(
      { id: user.id, status: disable ? 'DISABLED' : 'ENABLED' },
      {
        onSuccess: (u) => (notifyInfo(`${u.name} is now ${u.status === 'ENABLED' ? 'enabled: they can sign in' : 'disabled: they can no longer sign in'}.`), onClose()),
        onError: (e) => notifyAlert(e.message),
      },
    );
  return (
    <ConfirmModal
      opened
      danger={disable}
      title={`${disable ? 'Disable' : 'Enable'} ${user.name}?`}
      confirmLabel={disable ? 'Disable' : 'Enable'}
      loading={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {disable ? `${user.userName} can no longer sign in and is signed out now.` : `${user.userName} can sign in again.`}
    </ConfirmModal>
  );
}
