import { Container, Title } from '@mantine/core';

export function AuditLogRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Audit log</Title>
    </Container>
  );
}
