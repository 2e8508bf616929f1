import { Container } from '@mantine/core';
import { ConnectionsView } from '@/features/regulator/components/connections-view';

export function RegulatorConnectionsRoute() {
  return (
    <Container size="xl" py="md">
      <ConnectionsView />
    </Container>
  );
}
