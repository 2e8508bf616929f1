import { ChangeEmailParams, type CodeSent } from '@enviro/contracts/accounts';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useContractForm } from '@/components/form/use-contract-form';
import { notifyInfo } from '@/lib/notify';
import { useChangeEmail } from '../api/change-email';

const LABELS = { email: 'New email' };

/** Change the login email: it signs in at once, unconfirmed until the code mailed to it is entered. */
export function ChangeEmailForm({ userId, onCodeSent }: { userId: number; onCodeSent: (sent: CodeSent) => void }) {
  const change = useChangeEmail();
  const { form, general } = useContractForm({
    initialValues: { email: '' },
    schema: ChangeEmailParams,
    labels: LABELS,
    toInput: (v) => ({ id: userId, email: v.email.trim() }),
    error: change.error,
  });

  const submit = form.onSubmit(({ email }) =>
    change.mutate(
      { userId, email },
      {
        onSuccess: (result) => {
          form.reset();
          onCodeSent(result);
          notifyInfo(`You now sign in as ${result.userName}. Enter the code sent there to confirm it.`);
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Change email">
        <Stack gap="sm">
          <Title order={3}>Change email</Title>
          <Text size="sm" c="dimmed">
            Your email is also your login. The old address is told of the change.
          </Text>
          <TextInput label={LABELS.email} type="email" autoComplete="email" maw={360} {...form.getInputProps('email')} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change email
          </Button>
          {general && (
            <Text c="red" size="sm" role="alert">
              {general}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
