import type { CodeSent } from '@enviro/contracts/accounts';
import { formatPhone } from '@enviro/domain/format-phone';
import { Alert, Container, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../api/get-me';
import { ChangeEmailForm } from './change-email-form';
import { PasswordForm } from './password-form';
import { ProfileCard } from './profile-card';
import { VerifyAddress } from './verify-address';

/** /app/account: the signed-in user's profile, password, and email and phone confirmation. */
export function AccountPage() {
  const me = useMe();
  // Changing the email sends a code; the email card then asks for it.
  const [emailCode, setEmailCode] = useState<CodeSent | null>(null);
  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={2}>Account</Title>
        {me.isPending ? (
          <Loader aria-label="Loading your account" />
        ) : me.isError ? (
          <Alert color="red">{me.error.message}</Alert>
        ) : (
          <>
            <ProfileCard user={me.data} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <VerifyAddress userId={me.data.id} channel="email" address={me.data.userName} verified={me.data.emailVerified} sent={emailCode} />
              <VerifyAddress
                userId={me.data.id}
                channel="phone"
                address={me.data.phone === null ? null : formatPhone(me.data.phone)}
                verified={me.data.phoneVerified}
              />
            </SimpleGrid>
            <ChangeEmailForm userId={me.data.id} onCodeSent={setEmailCode} />
            <PasswordForm userId={me.data.id} userName={me.data.userName} />
          </>
        )}
      </Stack>
    </Container>
  );
}
