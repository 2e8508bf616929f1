import { Container } from '@mantine/core';
import { SettingsView } from '@/features/preferences/components/settings-view';

export function SettingsRoute() {
  return (
    <Container size="xl" py="md">
      <SettingsView />
    </Container>
  );
}
