import { Anchor, AppShell, Badge, Burger, Button, Divider, Group, Image, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@enviro/contracts/accounts';
import type { TenantInfo } from '@enviro/contracts/tenants';
import type { AppModule } from '@enviro/domain/app-modules';
import { MainNav } from './main-nav';
import { NotificationBell } from './notification-bell';
import { TenantSwitcher } from './tenant-switcher';
import { UserMenu } from './user-menu';

export interface AppFrameProps {
  user: SessionUser;
  /** The menu of the user's view. */
  modules: readonly AppModule[];
  /** Name of the tenant the app shows: the user's own, or the one acted for. */
  tenantName: string;
  /** The tenant's letterhead logo beside its name, or null when it has none. */
  tenantLogoSrc?: string | null;
  /** Manage mode: the switcher (site and partner users) and the way back to their own app. */
  manage: { actingTenantId: number | null; onSelect: (tenant: TenantInfo) => void; onLeave: () => void } | null;
  /** Minutes of auto-refresh in force, or null. */
  refreshMinutes: number | null;
  homeHref: string;
  accountHref: string;
  onSignOut: () => void;
  children: ReactNode;
}

/** The signed-in layout: header (product, tenant, notification bell, user menu), the view's menu, the page. A burger folds the menu on phones. */
export function AppFrame(props: AppFrameProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { manage } = props;
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header bg="teal.9" c="white" withBorder={false}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" color="white" aria-label="Toggle menu" aria-expanded={opened} />
            <Anchor component={Link} to={props.homeHref} c="white" fw={700} fz="lg" underline="never">
              Enviro
            </Anchor>
            {props.tenantLogoSrc && <Image src={props.tenantLogoSrc} alt={`${props.tenantName} logo`} h={32} w="auto" fit="contain" radius="sm" bg="white" visibleFrom="xs" />}
            <Text size="sm" c="white" truncate data-testid="acting-tenant" title={props.tenantName}>
              {props.tenantName}
            </Text>
            {manage?.actingTenantId != null && (
              <Badge color="yellow" variant="filled" visibleFrom="xs">
                managing
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu user={props.user} accountHref={props.accountHref} onSignOut={props.onSignOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <MainNav modules={props.modules} onNavigate={close} />
        </AppShell.Section>
        {manage && (
          <AppShell.Section>
            <Divider my="sm" />
            <Stack gap="xs">
              <TenantSwitcher
                actingTenantId={manage.actingTenantId}
                onSelect={(t) => {
                  close();
                  manage.onSelect(t);
                }}
              />
              {manage.actingTenantId !== null && (
                <Button
                  variant="light"
                  onClick={() => {
                    close();
                    manage.onLeave();
                  }}
                >
                  Back to my {props.user.userType} app
                </Button>
              )}
            </Stack>
          </AppShell.Section>
        )}
        {props.refreshMinutes !== null && (
          <Text size="xs" c="dimmed" mt="sm">
            Dashboard refreshes every {props.refreshMinutes} min
          </Text>
        )}
      </AppShell.Navbar>
      <AppShell.Main>{props.children}</AppShell.Main>
    </AppShell>
  );
}
