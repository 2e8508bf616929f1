import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { INFO_COOKIE } from '@/lib/api-client';

/** Whether this browser holds a signed-in user's info cookie (cleared on sign-out and on any 401). */
const signedIn = () => document.cookie.split('; ').some((c) => c.startsWith(`${INFO_COOKIE}=`));

/** The public pages' header: the product, and the way into the signed-in app. */
export function AppHeader() {
  const { pathname } = useLocation();
  const onLogin = pathname === paths.login.path;
  return (
    <Group component="header" h={56} px="md" justify="space-between" bg="teal.9" c="white" wrap="nowrap">
      <Anchor component={Link} to={paths.home.getHref()} c="white" fw={700} fz="lg" underline="never">
        Enviro
      </Anchor>
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="white" visibleFrom="sm">
          Environmental monitoring: public portal
        </Text>
        <Anchor component={Link} to={paths.developers.getHref()} c="white" fw={600}>
          Open data
        </Anchor>
        {signedIn() ? (
          <Anchor component={Link} to={paths.app.dashboard.getHref()} c="white" fw={600}>
            Open my app
          </Anchor>
        ) : (
          !onLogin && (
            <Anchor component={Link} to={paths.login.getHref()} c="white" fw={600}>
              Sign in
            </Anchor>
          )
        )}
      </Group>
    </Group>
  );
}
