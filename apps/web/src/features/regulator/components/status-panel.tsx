import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { RegulatorTenantStatus } from '@enviro/contracts/regulator';
import { formatAt, PROTOCOL_LABELS } from './format';
import { StationSyncTable } from './station-sync-table';
import { SyncBadge } from './sync-badge';

/** The industry's SPEC 4 sync per connection and station, and the rule it is judged by. */
export function StatusPanel({ status }: { status: RegulatorTenantStatus }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        In Sync: the station is LIVE and the regulator has accepted data up to {status.thresholdMinutes} minutes before its newest reading.
        Out of Sync: LIVE, but the regulator lags more. Delayed: the station itself is not LIVE.
      </Text>
      {status.connections.length === 0 && (
        <Card withBorder>
          <Text>This industry is not mapped to any regulator connection, so none of its data leaves the platform.</Text>
        </Card>
      )}
      {status.connections.map((c) => (
        <Card withBorder key={c.connectionId} padding="sm">
          <Group justify="space-between" mb="xs" gap="xs">
            <div>
              <Title order={3} fz="md">
                {c.connectionName}
              </Title>
              <Text size="sm" c="dimmed">
                {c.statutoryName} · {PROTOCOL_LABELS[c.protocol]}
              </Text>
            </div>
            <Group gap="xs">
              {c.stopped && (
                <Badge miw="max-content" color="red.9">
                  Stopped
                </Badge>
              )}
              {!c.enabled && (
                <Badge miw="max-content" color="gray" variant="outline">
                  Disabled
                </Badge>
              )}
              <SyncBadge sync={c.sync} />
            </Group>
          </Group>
          {c.stopped && (
            <Alert color="red" mb="xs" title={`Stopped ${formatAt(c.stopped.at)}: ${c.stopped.code}${c.stopped.message ? ` "${c.stopped.message}"` : ''}${c.stopped.regulatorDeviceId ? ` (device ${c.stopped.regulatorDeviceId})` : ''}`}>
              {c.stopped.meaning}
            </Alert>
          )}
          <StationSyncTable title={`Stations on ${c.connectionName}`} stations={c.stations} />
        </Card>
      ))}
    </Stack>
  );
}
