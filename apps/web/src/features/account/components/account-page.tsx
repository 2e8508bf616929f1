import { Alert, Container, Loader, Stack, Title } from '@mantine/core';
import { useMe } from '../api/get-me';
import { ProfileCard } from './profile-card';

/** /app/account: the signed-in user's profile, password, and email and phone confirmation. */
export function AccountPage() {
  const me = useMe();
  return (
    <Container size="sm" py="md">
      <Stack>
        <Title order={2}>Account</Title>
        {me.isPending ? (
          <Loader aria-label="Loading your account" />
        ) : me.isError ? (
          <Alert color="red">{me.error.message}</Alert>
        ) : (
          <ProfileCard user={me.data} />
        )}
      </Stack>
    </Container>
  );
}
