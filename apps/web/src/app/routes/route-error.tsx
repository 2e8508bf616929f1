import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Shown when a route fails to load or render (for instance a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>This page could not be shown</Title>
        <Text>Reload the page to try again.</Text>
        <Anchor component={Link} to={paths.home.getHref()}>
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
