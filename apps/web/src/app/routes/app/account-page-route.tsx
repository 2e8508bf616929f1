import { Container } from '@mantine/core';
import { AccountPage } from '@/features/accounts';
import { NotificationPreferencesCard } from '@/features/alerts';

/** The account page, then the user's alert notification channels. */
export function AccountPageRoute() {
  return (
    <>
      <AccountPage />
      <Container size="md" pb="md">
        <NotificationPreferencesCard />
      </Container>
    </>
  );
}
