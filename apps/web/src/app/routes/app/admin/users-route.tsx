import { Container, Title } from '@mantine/core';

export function UsersRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Users</Title>
    </Container>
  );
}
