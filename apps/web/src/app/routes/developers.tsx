import { Container } from '@mantine/core';
import { ConfirmKeyView, DevelopersView } from '@/features/open-data';

/** The open data API's page for developers. */
export function DevelopersRoute() {
  return (
    <Container size="lg" py="xl">
      <DevelopersView />
    </Container>
  );
}

/** The page of a developer's confirmation link. */
export function ConfirmKeyRoute() {
  return (
    <Container size="lg" py="xl">
      <ConfirmKeyView />
    </Container>
  );
}
