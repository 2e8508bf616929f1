import { Container } from '@mantine/core';
import { AccountPage } from '@/features/accounts';
import { NotificationPreferencesCard } from '@/features/alerts';
import { PublicationCard } from '@/features/open-data';

/** The account page, then the user's alert notification channels and, for a board's users, its open data setting. */
export function AccountPageRoute() {
  return (
    <>
      <AccountPage />
      <Container size="md" pb="md">
        <NotificationPreferencesCard />
      </Container>
      <Container size="md" pb="md">
        <PublicationCard />
      </Container>
    </>
  );
}
