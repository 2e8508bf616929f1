import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Shown instead of a page whose module the user's view does not include (opened by URL). */
export function NoAccess({ homeHref }: { homeHref: string }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>You do not have access to this page</Title>
        <Text c="dimmed">Your user type and role do not include it. Ask an administrator if you need it.</Text>
        <Button component={Link} to={homeHref} variant="light">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
