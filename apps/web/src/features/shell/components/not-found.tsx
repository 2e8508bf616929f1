import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NotFoundProps {
  title?: string;
  children?: ReactNode;
  homeHref: string;
}

/** Shown inside the app, menu and all, for a path or a record that is not there, with a way on. */
export function NotFound({ title = 'Page not found', children, homeHref }: NotFoundProps) {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{children ?? 'There is no such page in the app. The menu lists every page you can open.'}</Text>
        <Button component={Link} to={homeHref} variant="light">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
