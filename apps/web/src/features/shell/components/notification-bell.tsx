import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import type { InAppNotification } from '@enviro/contracts/alerts';
import { formatInstant } from '@/lib/dates';
import { paths } from '@/config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNewNotificationNotices } from '../hooks/use-new-notification-notices';

const SEVERITY_COLOURS: Record<InAppNotification['severity'], string> = { CRITICAL: 'red', MAJOR: 'orange', MINOR: 'yellow', WARNING: 'blue' };

/** The bell in the header: unread count, the newest notifications (what was sent: industry, station, figure), each leading to its alert; read one or all. */
export function NotificationBell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  useNewNotificationNotices(list.data?.items);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const open = (n: InAppNotification) => {
    if (n.readAt === null) markRead.mutate({ ids: [n.id] });
    close();
  };

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width={340} withinPortal shadow="md">
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={4} data-testid="bell-unread">
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            onClick={toggle}
            aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
            aria-expanded={opened}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={380}>
          {items.length === 0 ? (
            <Text c="dimmed" size="sm" px="sm" pb="sm">
              {list.isError ? 'The notifications could not be loaded.' : 'No notifications.'}
            </Text>
          ) : (
            <Stack gap={0} role="list" aria-label="Notifications">
              {items.map((n) => (
                <UnstyledButton
                  key={n.id}
                  role="listitem"
                  component={Link}
                  to={n.alertId !== null ? paths.app.alert.getHref(n.alertId) : paths.app.alerts.getHref()}
                  onClick={() => open(n)}
                  px="sm"
                  py="xs"
                  bg={n.readAt === null ? 'teal.0' : undefined}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge size="xs" color={SEVERITY_COLOURS[n.severity]} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
                      {n.severity.toLowerCase()}
                    </Badge>
                    <Text size="sm" fw={n.readAt === null ? 600 : 400} lineClamp={3}>
                      {n.title}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                    {n.body}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatInstant(n.createdAt)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Anchor component={Link} to={paths.app.alerts.getHref()} onClick={close} size="sm" display="block" px="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          All alerts
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}

function BellIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
