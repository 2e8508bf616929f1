import { Alert, Badge, Button, Card, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MappingIssue, RegulatorMapping } from '@enviro/contracts/regulator';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { notifyInfo } from '@/lib/notify';
import { useConnections } from '../api/get-connections';
import { useMappings } from '../api/get-mappings';
import { useDeleteMapping } from '../api/save-mapping';
import { formatAt, PROTOCOL_LABELS } from './format';
import { MappingEditor } from './mapping-editor';

/** Words for the server's issue codes, as headings of the issues list. */
const ISSUE_WORDS: Record<MappingIssue['code'], string> = {
  UNMAPPED_STATION: 'Station not pushed',
  UNMAPPED_DEVICE: 'Device not pushed',
  UNMAPPED_PARAMETER: 'Parameter not mapped',
  MISSING_ID: 'Regulator id missing',
  NO_CONVERSION: 'No unit conversion',
  UNKNOWN_ENTITY: 'No longer in the industry',
  MISSING_CREDENTIAL: 'Credential missing',
  SHARED_ID: 'IoT id under two stations',
  UNKNOWN_KEY: 'Not a key the regulator publishes',
};

type Editing = { connectionId: number; mapping: RegulatorMapping | null } | null;

/**
 * The industry's mappings, one per regulator connection, with the problems the server finds in
 * each; site staff change them, and site administrators connect the industry to another regulator.
 */
export function MappingPanel({ tenantId, canEdit, canConnect }: { tenantId: number; canEdit: boolean; canConnect: boolean }) {
  const mappings = useMappings(tenantId);
  // Only site administrators list connections; site staff acting as the industry edit its existing mappings.
  const connections = useConnections(canConnect);
  const remove = useDeleteMapping(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [removing, setRemoving] = useState<RegulatorMapping | null>(null);

  if (mappings.isError) return <LoadFailed what="The mappings" onRetry={() => void mappings.refetch()} />;
  if (!mappings.data) return <Loading />;
  const { stations } = mappings.data;
  const mapped = new Set(mappings.data.mappings.map((m) => m.connectionId));
  const unmappedConnections = (connections.data ?? []).filter((c) => !mapped.has(c.id));

  if (editing) {
    const connection = connections.data?.find((c) => c.id === editing.connectionId);
    const protocol = editing.mapping?.protocol ?? connection?.protocol ?? 'CPCB_ODAMS';
    return (
      <Card withBorder padding="md">
        <Title order={3} fz="md" mb="sm">
          {editing.mapping ? `Mapping on ${editing.mapping.connectionName}` : `Connect to ${connection?.name ?? 'the regulator'}`}
        </Title>
        <MappingEditor tenantId={tenantId} connectionId={editing.connectionId} protocol={protocol} stations={stations} mapping={editing.mapping} onDone={() => setEditing(null)} />
      </Card>
    );
  }

  return (
    <Stack gap="md">
      {mappings.data.mappings.length === 0 && (
        <Alert color="orange">This industry is mapped to no regulator connection: nothing of its data is pushed.</Alert>
      )}
      {mappings.data.mappings.map((m) => (
        <Card withBorder padding="sm" key={m.connectionId}>
          <Group justify="space-between" gap="xs" mb="xs">
            <div>
              <Title order={3} fz="md">
                {m.connectionName}
              </Title>
              <Text size="sm" c="dimmed">
                {PROTOCOL_LABELS[m.protocol]} · industry id {m.industryId} · changed {formatAt(m.updatedAt)}
              </Text>
            </div>
            <Group gap="xs">
              <Badge miw="max-content" color={m.enabled ? 'green.9' : 'gray.7'}>{m.enabled ? 'Pushed' : 'Not pushed'}</Badge>
              {canEdit && (
                <>
                  <Button size="compact-sm" variant="light" onClick={() => setEditing({ connectionId: m.connectionId, mapping: m })}>
                    Edit mapping
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(m)}>
                    Remove
                  </Button>
                </>
              )}
            </Group>
          </Group>
          <Text size="sm">
            {m.stations.length} of {stations.length} stations mapped
            {m.credentialsSet.length > 0 ? ` · own credentials: ${m.credentialsSet.join(', ')}` : ''}
          </Text>
          <IssueList issues={m.issues} />
        </Card>
      ))}
      {canEdit && canConnect && unmappedConnections.length > 0 && (
        <Group align="flex-end" gap="sm">
          <Select
            label="Connect to a regulator"
            placeholder="Choose a connection"
            data={unmappedConnections.map((c) => ({ value: String(c.id), label: `${c.name} (${c.statutoryName})` }))}
            value={adding}
            onChange={setAdding}
            style={{ flex: '1 1 240px' }}
          />
          <Button disabled={adding === null} onClick={() => adding && setEditing({ connectionId: Number(adding), mapping: null })}>
            Map stations
          </Button>
        </Group>
      )}
      {removing && (
        <ConfirmModal
          opened
          title={`Stop pushing to ${removing.connectionName}?`}
          confirmLabel="Remove mapping"
          danger
          loading={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.connectionId, {
              onSuccess: () => {
                notifyInfo(`Mapping on ${removing.connectionName} removed.`);
                setRemoving(null);
              },
            })
          }
        >
          The industry's records are no longer queued for this connection. Records already sent stay in the logs.
        </ConfirmModal>
      )}
    </Stack>
  );
}

/** The server's validation of a stored mapping: every unmapped parameter, station or missing id by name. */
function IssueList({ issues }: { issues: readonly MappingIssue[] }) {
  if (issues.length === 0)
    return (
      <Text size="sm" c="green.9" mt="xs">
        Every station, device and parameter is mapped.
      </Text>
    );
  return (
    <Alert color="orange" mt="xs" title={`${issues.length} issue${issues.length === 1 ? '' : 's'}: these values are not sent`} p="xs">
      <List size="sm" spacing={2}>
        {issues.map((i, n) => (
          <List.Item key={n}>
            <Text span fw={600} size="sm">
              {ISSUE_WORDS[i.code]}:
            </Text>{' '}
            {i.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
