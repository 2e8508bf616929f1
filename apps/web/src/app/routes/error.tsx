import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where the portal sends the user when the tenant cannot be loaded (SPEC 2, 8). */
export function ErrorRoute() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>Something went wrong</Title>
        <Text>The industry you asked for could not be loaded. It may not exist, or it is not public.</Text>
        <Anchor component={Link} to={paths.home.getHref()}>
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
