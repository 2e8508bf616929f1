import type { SessionUser } from '@enviro/contracts/accounts';
import { formatPhone } from '@enviro/domain/format-phone';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** Who the user is: name, email, phone, organisation, type and role (confirmation is on the cards below). */
export function ProfileCard({ user }: { user: SessionUser }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3}>Profile</Title>
        <Row label="Name" value={`${user.name} (${user.displayId})`} />
        <Row label="Email" value={user.userName} />
        <Row label="Phone" value={user.phone ? formatPhone(user.phone) : 'none'} />
        <Row label="Organisation" value={user.tenant.name} />
        <Row label="Type and role" value={`${user.userType} / ${user.role}`} />
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* Long emails break anywhere rather than widen the page on a phone. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
