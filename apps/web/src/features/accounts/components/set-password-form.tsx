import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrors } from '@/components/form/field-errors';
import { paths } from '@/config/paths';
import { notifyInfo } from '@/lib/notify';
import { useAcceptInvite } from '../api/accept-invite';

const MIN_LENGTH = 10;

/** The password (twice) for an invite; on success the user goes to sign in with their email filled in. */
export function SetPasswordForm({ token, userName }: { token: string; userName: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(password.length < MIN_LENGTH ? { password: `At least ${MIN_LENGTH} characters` } : {}),
      ...(confirm !== password ? { confirm: 'The two passwords differ' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    accept.mutate(
      { token, password },
      {
        onSuccess: (user) => {
          notifyInfo('Your password is set. Sign in to continue.');
          void navigate(paths.login.getHref({ userName: user.userName }));
        },
        onError: (error) => {
          const message = fieldErrors(error, ['password']).byField.password;
          if (message) setErrors({ password: message });
        },
      },
    );
  };

  const formError = fieldErrors(accept.error, ['password']).general;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={userName} readOnly hidden />
        <PasswordInput
          label="New password"
          description={`${MIN_LENGTH} characters or more`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
          required
        />
        {formError && <Alert color="red">{formError}</Alert>}
        <Button type="submit" loading={accept.isPending}>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
