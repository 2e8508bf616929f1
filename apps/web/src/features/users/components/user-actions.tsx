import { Button, Menu } from '@mantine/core';
import type { AdminUser } from '@enviro/contracts/users';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { useResendInvite } from '../api/resend-invite';

export type UserDialog = 'edit' | 'status' | 'entities';

/** The row menu of a user: edit, enable/disable, entity access, and a new invite while one is pending. */
export function UserActions({ user, onOpen }: { user: AdminUser; onOpen: (dialog: UserDialog) => void }) {
  const resend = useResendInvite();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="light" aria-label={`Actions for ${user.userName}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('edit')}>Edit</Menu.Item>
        <Menu.Item color={user.status === 'ENABLED' ? 'red' : undefined} onClick={() => onOpen('status')}>
          {user.status === 'ENABLED' ? 'Disable' : 'Enable'}
        </Menu.Item>
        <Menu.Item onClick={() => onOpen('entities')}>Entity access</Menu.Item>
        {user.invitePending && (
          <Menu.Item
            onClick={() =>
              resend.mutate(user.id, {
                onSuccess: (sent) => notifyInfo(`A new invite went to ${sent.sentTo}.`),
                onError: (e) => notifyAlert(e.message),
              })
            }
          >
            Resend invite
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
