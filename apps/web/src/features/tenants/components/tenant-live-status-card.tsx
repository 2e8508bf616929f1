import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatIndian } from '@enviro/domain/format-number';
import { useTenantsLiveStatus } from '../api/get-tenants-live-status';

const STATES = [
  { key: 'LIVE', label: 'Live', color: 'green' },
  { key: 'DELAYED', label: 'Delayed', color: 'orange' },
  { key: 'OFFLINE', label: 'Offline', color: 'red' },
  { key: 'UNKNOWN', label: 'Never reported', color: 'gray' },
] as const;

/** A tenant's stations counted by live status (SPEC 4). */
export function TenantLiveStatusCard({ tenantId }: { tenantId: number }) {
  const live = useTenantsLiveStatus();
  const row = live.data?.find((r) => r.tenantId === tenantId);
  return (
    <Card withBorder>
      <Title order={3} fz="md" mb="xs">
        Stations by live status
      </Title>
      {row ? (
        <Group grow aria-label="Stations by live status">
          {STATES.map((s) => (
            <Stack key={s.key} gap={0} align="center">
              <Text fz="xl" fw={700} c={s.color}>
                {formatIndian(row[s.key], 0)}
              </Text>
              <Text size="xs" c="dimmed">
                {s.label}
              </Text>
            </Stack>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          {live.isLoading ? 'Loading…' : 'No station.'}
        </Text>
      )}
    </Card>
  );
}
