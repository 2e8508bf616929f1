import { Container } from '@mantine/core';
import { TenantsView } from '@/features/tenants/components/tenants-view';

export function TenantsRoute() {
  return (
    <Container size="xl" py="md">
      <TenantsView />
    </Container>
  );
}
