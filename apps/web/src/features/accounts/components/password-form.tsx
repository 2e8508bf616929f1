import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@/components/form/field-errors';
import { notifyInfo } from '@/lib/notify';
import { useUpdatePassword } from '../api/update-password';

const MIN_LENGTH = 10;
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change the password: the current one, the new one twice; the user's other sessions end. */
export function PasswordForm({ userId, userName }: { userId: number; userName: string }) {
  const update = useUpdatePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const set = (key: keyof typeof values) => (e: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [key]: e.currentTarget.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(values.currentPassword ? {} : { currentPassword: 'Enter your current password' }),
      ...(values.newPassword.length < MIN_LENGTH ? { newPassword: `At least ${MIN_LENGTH} characters` } : {}),
      ...(values.repeat !== values.newPassword ? { repeat: 'The two passwords differ' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { userId, currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ sessionsEnded }) => {
          setValues({ currentPassword: '', newPassword: '', repeat: '' });
          notifyInfo(sessionsEnded > 0 ? `Password changed; signed out ${sessionsEnded} other session${sessionsEnded === 1 ? '' : 's'}.` : 'Password changed.');
        },
        onError: (error) => setErrors(fieldErrors(error, FIELDS).byField),
      },
    );
  };

  const formError = fieldErrors(update.error, FIELDS).general;
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack>
          <Title order={3}>Password</Title>
          <input type="email" name="username" autoComplete="username" value={userName} readOnly hidden />
          <PasswordInput label="Current password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
          <PasswordInput
            label="New password"
            description={`At least ${MIN_LENGTH} characters. Your other sessions will be signed out.`}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" value={values.repeat} onChange={set('repeat')} error={errors.repeat} />
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Button type="submit" loading={update.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
