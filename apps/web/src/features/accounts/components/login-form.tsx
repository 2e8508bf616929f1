import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

/**
 * Email and password. The server's own message is shown for a refusal (401: wrong name or
 * password, never which; 429: too many attempts and how long to wait). `initialUserName` (the
 * invite page's `?userName=`) fills the email in and puts the focus on the password.
 */
export function LoginForm({ onSignedIn, initialUserName = '' }: { onSignedIn: () => void; initialUserName?: string }) {
  const [userName, setUserName] = useState(initialUserName);
  const [password, setPassword] = useState('');
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ userName, password }, { onSuccess: onSignedIn });
  };

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
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={userName}
            onChange={(e) => setUserName(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            autoFocus={initialUserName !== ''}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending} disabled={!userName.trim() || !password}>
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
