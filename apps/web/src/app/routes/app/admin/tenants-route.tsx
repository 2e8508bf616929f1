import { Container } from '@mantine/core';
import { TenantsView } from '@/features/tenants';

export function TenantsRoute() {
  return (
    <Container size="xl" py="md">
      <TenantsView />
    </Container>
  );
}
