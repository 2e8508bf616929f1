import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AppHeader() {
  return (
    <Group component="header" h={56} px="md" justify="space-between" bg="teal.9" c="white" wrap="nowrap">
      <Anchor component={Link} to={paths.home.getHref()} c="white" fw={700} fz="lg" underline="never">
        Enviro
      </Anchor>
      <Text size="sm" c="white" visibleFrom="xs">
        Environmental monitoring: public portal
      </Text>
    </Group>
  );
}
