import type { SessionUser } from '@enviro/contracts/auth';
import { formatPhone } from '@enviro/domain/format-phone';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** Who the user is: name, email, phone, tenant, and whether email and phone are confirmed. */
export function ProfileCard({ user }: { user: SessionUser }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3}>Profile</Title>
        <Row label="Name" value={`${user.name} (${user.displayId})`} />
        <Row label="Email" value={user.userName} verified={user.emailVerified} />
        <Row label="Phone" value={user.phone ? formatPhone(user.phone) : 'none'} verified={user.phone ? user.phoneVerified : undefined} />
        <Row label="Organisation" value={user.tenant.name} />
        <Row label="Type and role" value={`${user.userType} / ${user.role}`} />
      </Stack>
    </Paper>
  );
}

function Row({ label, value, verified }: { label: string; value: string; verified?: boolean | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" w={120}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
      {verified !== undefined && (
        <Badge size="sm" variant="light" color={verified ? 'teal' : 'orange'}>
          {verified ? 'confirmed' : 'not confirmed'}
        </Badge>
      )}
    </Group>
  );
}
