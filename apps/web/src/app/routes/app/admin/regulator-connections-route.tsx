import { Container } from '@mantine/core';
import { ConnectionsView } from '@/features/regulator';

export function RegulatorConnectionsRoute() {
  return (
    <Container size="xl" py="md">
      <ConnectionsView />
    </Container>
  );
}
