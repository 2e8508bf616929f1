import { Alert, Button, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatInstant } from '@/lib/dates';
import { LiveStatusBadge } from '@/components/status/live-status-badge';
import { Loading } from '@/components/status/load-state';
import { notifyInfo } from '@/lib/notify';
import { useGatewayAction, useGateways } from '../api/get-gateways';
import { GatewayCounts } from './gateway-counts';

/** Gateways (ThingsBoard's gateway MQTT API): counts, last seen, token for those who may change them, add, rotate, remove. */
export function GatewaysPanel({ canEdit, byPartner }: { canEdit: boolean; byPartner: boolean }) {
  const gateways = useGateways();
  const action = useGatewayAction();
  const [name, setName] = useState('');
  if (!gateways.data) return gateways.error ? <Alert color="red">The gateways could not be loaded: {gateways.error.message}</Alert> : <Loading h={120} />;
  return (
    <Stack>
      <GatewayCounts byPartner={byPartner} />
      <Text size="sm" c="dimmed">
        A gateway connects to MQTT with its token as username and publishes its devices' readings to v1/gateway/telemetry, each device named as on this
        page.
      </Text>
      {action.error && <Alert color="red">{action.error.message}</Alert>}
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate({ kind: 'add', name }, { onSuccess: () => (setName(''), notifyInfo(`Gateway ${name} added.`)) });
          }}
        >
          <Group align="flex-end">
            <TextInput label="New gateway" placeholder="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit" loading={action.isPending}>
              Add
            </Button>
          </Group>
        </form>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Gateway</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last seen</Table.Th>
              {canEdit && <Table.Th>Access token</Table.Th>}
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {gateways.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>No gateway yet.</Table.Td>
              </Table.Tr>
            )}
            {gateways.data.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.name}</Table.Td>
                <Table.Td>
                  <LiveStatusBadge status={g.liveStatus} />
                </Table.Td>
                <Table.Td>{g.lastSeenAt ? formatInstant(g.lastSeenAt) : 'Never'}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Code>{g.accessToken}</Code>
                  </Table.Td>
                )}
                {canEdit && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => action.mutate({ kind: 'rotate', id: g.id })} aria-label={`New token for ${g.name}`}>
                        New token
                      </Button>
                      <Button size="compact-xs" variant="light" color="red" onClick={() => action.mutate({ kind: 'remove', id: g.id })} aria-label={`Remove ${g.name}`}>
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
