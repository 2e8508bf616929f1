import { Container } from '@mantine/core';
import { AccountPage } from '@/features/accounts/components/account-page';
import { NotificationPreferencesCard } from '@/features/alerts/components/notification-preferences-card';

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
