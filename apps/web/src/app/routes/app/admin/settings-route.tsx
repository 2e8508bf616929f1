import { Container } from '@mantine/core';
import { SettingsView } from '@/features/settings/components/settings-view';

export function SettingsRoute() {
  return (
    <Container size="xl" py="md">
      <SettingsView />
    </Container>
  );
}
