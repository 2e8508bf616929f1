import { Container, Title } from '@mantine/core';

export function TenantDetailRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Tenant</Title>
    </Container>
  );
}
