import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { NewPassword, PasswordUpdateBody } from '@enviro/contracts/accounts';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useUpdatePassword } from '../api/update-password';

const LABELS = { currentPassword: 'Current password', newPassword: 'New password' };
const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

/** Change the password: the current one, the new one twice; the user's other sessions end. */
export function PasswordForm({ userId, userName }: { userId: number; userName: string }) {
  const update = useUpdatePassword();
  const { form, general } = useContractForm({
    initialValues: EMPTY,
    schema: PasswordUpdateBody,
    labels: LABELS,
    toInput: (v): PasswordUpdateBody => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    check: (v) => (v.repeat === v.newPassword ? {} : { repeat: 'The two passwords differ' }),
    error: update.error,
  });

  const submit = form.onSubmit((body) =>
    update.mutate(
      { userId, ...body },
      {
        onSuccess: ({ sessionsEnded }) => {
          form.setValues(EMPTY);
          notifyInfo(sessionsEnded > 0 ? `Password changed; signed out ${sessionsEnded} other session${sessionsEnded === 1 ? '' : 's'}.` : 'Password changed.');
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack>
          <Title order={3}>Password</Title>
          <input type="email" name="username" autoComplete="username" value={userName} readOnly hidden />
          <PasswordInput label={LABELS.currentPassword} autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput
            label={LABELS.newPassword}
            description={`At least ${NewPassword.minLength} characters. Your other sessions will be signed out.`}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label="Repeat the new password" autoComplete="new-password" {...form.getInputProps('repeat')} />
          {general && (
            <Text c="red" size="sm" role="alert">
              {general}
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
