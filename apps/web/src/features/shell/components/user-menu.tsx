import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { SessionUser } from '@enviro/contracts/accounts';

const words = (s: string) => s.replace(/_/g, ' ');

/** The signed-in user: name, type and role, a link to their account, and sign out. */
export function UserMenu({ user, accountHref, onSignOut }: { user: SessionUser; accountHref: string; onSignOut: () => void }) {
  const initials = user.name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu of ${user.name}`} c="white">
          <Group gap="xs" wrap="nowrap">
            <Avatar size={32} radius="xl" color="white" variant="outline">
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={180}>
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.userName}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize">
            {words(user.userType)} · {words(user.role)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={accountHref}>
          My account
        </Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
