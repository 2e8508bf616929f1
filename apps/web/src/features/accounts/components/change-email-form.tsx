import type { CodeSent } from '@enviro/contracts/accounts';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@/components/form/field-errors';
import { notifyInfo } from '@/lib/notify';
import { useChangeEmail } from '../api/change-email';

/** Change the login email: it signs in at once, unconfirmed until the code mailed to it is entered. */
export function ChangeEmailForm({ userId, onCodeSent }: { userId: number; onCodeSent: (sent: CodeSent) => void }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(value)) {
      setError('Enter an email address');
      return;
    }
    setError(undefined);
    change.mutate(
      { userId, email: value },
      {
        onSuccess: (result) => {
          setEmail('');
          onCodeSent(result);
          notifyInfo(`You now sign in as ${result.userName}. Enter the code sent there to confirm it.`);
        },
        onError: (e) => setError(fieldErrors(e, ['email']).byField.email),
      },
    );
  };

  const formError = fieldErrors(change.error, ['email']).general;
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Change email">
        <Stack gap="sm">
          <Title order={3}>Change email</Title>
          <Text size="sm" c="dimmed">
            Your email is also your login. The old address is told of the change.
          </Text>
          <TextInput label="New email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} maw={360} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change email
          </Button>
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
