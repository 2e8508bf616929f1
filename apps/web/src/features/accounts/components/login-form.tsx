import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoginBody } from '@enviro/contracts/accounts';
import { useContractForm } from '@/components/form/use-contract-form';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

const LABELS = { userName: 'Email', password: 'Password' };

/**
 * Email and password. The server's own message is shown for a refusal (401: wrong name or
 * password, never which; 429: too many attempts and how long to wait). `initialUserName` (the
 * invite page's `?userName=`) fills the email in and puts the focus on the password.
 */
export function LoginForm({ onSignedIn, initialUserName = '' }: { onSignedIn: () => void; initialUserName?: string }) {
  const login = useLogin();
  // The server's refusal names no field (it never says which was wrong): it goes above the form.
  const { form } = useContractForm({
    initialValues: { userName: initialUserName, password: '' },
    schema: LoginBody,
    labels: LABELS,
    toInput: (v): LoginBody => ({ userName: v.userName.trim(), password: v.password }),
    error: null,
  });
  const submit = form.onSubmit((body) => login.mutate(body, { onSuccess: onSignedIn }));

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={1} fz={26}>
              Sign in
            </Title>
            <Text c="dimmed" size="sm">
              Enviro monitoring for industries, boards and partners
            </Text>
          </div>
          {login.error && (
            <Alert color="red" role="alert" title={titleOf(login.error)}>
              {messageOf(login.error)}
            </Alert>
          )}
          <TextInput label={LABELS.userName} type="email" autoComplete="username" required {...form.getInputProps('userName')} />
          <PasswordInput
            label={LABELS.password}
            autoComplete="current-password"
            required
            autoFocus={initialUserName !== ''}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function titleOf(error: Error): string {
  if (error instanceof ApiError && error.status === 429) return 'Too many attempts';
  return 'Could not sign in';
}

function messageOf(error: Error): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (error.status >= 500) return 'The server had a problem. Please try again in a moment.';
  return error.message;
}
