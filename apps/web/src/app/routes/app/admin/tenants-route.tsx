import { Container, Title } from '@mantine/core';

export function TenantsRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Tenants</Title>
    </Container>
  );
}
