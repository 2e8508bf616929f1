import { Container, Title } from '@mantine/core';

export function SettingsRoute() {
  return (
    <Container size="xl" py="md">
      <Title order={2}>Settings</Title>
    </Container>
  );
}
