import { Container, Title } from '@mantine/core';

export function CorporatesRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Corporates</Title>
    </Container>
  );
}
