import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AcceptInviteBody, NewPassword } from '@enviro/contracts/accounts';
import { useContractForm } from '@/components/form/use-contract-form';
import { paths } from '@/config/paths';
import { notifyInfo } from '@/lib/notify';
import { useAcceptInvite } from '../api/accept-invite';

const LABELS = { password: 'New password' };

/** The password (twice) for an invite; on success the user goes to sign in with their email filled in. */
export function SetPasswordForm({ token, userName }: { token: string; userName: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const { form, general } = useContractForm({
    initialValues: { password: '', confirm: '' },
    schema: AcceptInviteBody,
    labels: LABELS,
    toInput: (v): AcceptInviteBody => ({ token, password: v.password }),
    check: (v) => (v.confirm === v.password ? {} : { confirm: 'The two passwords differ' }),
    error: accept.error,
  });

  const submit = form.onSubmit((body) =>
    accept.mutate(body, {
      onSuccess: (user) => {
        notifyInfo('Your password is set. Sign in to continue.');
        void navigate(paths.login.getHref({ userName: user.userName }));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={userName} readOnly hidden />
        <PasswordInput
          label={LABELS.password}
          description={`${NewPassword.minLength} characters or more`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Repeat the password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        {general && <Alert color="red">{general}</Alert>}
        <Button type="submit" loading={accept.isPending}>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
