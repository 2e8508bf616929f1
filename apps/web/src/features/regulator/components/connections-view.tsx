import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RegulatorConnection } from '@enviro/contracts/regulator';
import { formatIndian } from '@enviro/domain/format-number';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { notifyInfo } from '@/lib/notify';
import { useConnections } from '../api/get-connections';
import { useDeleteConnection } from '../api/save-connection';
import { ConnectionFormModal } from './connection-form-modal';
import { formatAt, formatSlotEnd, PROTOCOL_LABELS } from './format';

type Dialog = { kind: 'edit'; connection: RegulatorConnection | null } | { kind: 'delete'; connection: RegulatorConnection } | null;

/** SPEC 1 regulator configuration: one endpoint per statutory body, its protocol, URL, credentials and state. */
export function ConnectionsView() {
  const connections = useConnections();
  const remove = useDeleteConnection();
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns: DataTableColumn<RegulatorConnection>[] = [
    {
      header: 'Connection',
      wrap: true,
      value: (c) => c.name,
      render: (c) => (
        <>
          <Text fw={600} size="sm">
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {PROTOCOL_LABELS[c.protocol]}
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} miw={180}>
            {c.url}
          </Text>
        </>
      ),
    },
    {
      header: 'Statutory body',
      wrap: true,
      value: (c) => c.statutoryName,
      render: (c) => (
        <Anchor component={Link} to={paths.app.regulator.getHref({ board: c.statutoryId })} size="sm" miw={140} display="block">
          {c.statutoryName}
        </Anchor>
      ),
    },
    {
      header: 'State',
      value: (c) => `${c.enabled ? 'Enabled' : 'Disabled'}; credentials set: ${c.credentialsSet.join(' ') || 'none'}`,
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Badge miw="max-content" color={c.enabled ? 'green.9' : 'gray.7'}>
            {c.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          <Text size="xs" c={c.credentialsSet.length === 0 ? 'dimmed' : undefined}>
            {c.credentialsSet.length === 0 ? 'No credentials' : `${c.credentialsSet.join(', ')} set`}
          </Text>
        </Stack>
      ),
    },
    { header: 'Industries', align: 'right', value: (c) => c.industries, render: (c) => formatIndian(c.industries, 0) },
    {
      header: 'Accepted up to',
      value: (c) => `${formatSlotEnd(c.lastAcceptedSlot)}; ${c.pending} waiting`,
      render: (c) => (
        <>
          <Text size="sm">{formatSlotEnd(c.lastAcceptedSlot)}</Text>
          <Text size="xs" c={c.pending > 0 ? 'orange.9' : 'dimmed'}>
            {formatIndian(c.pending, 0)} waiting
          </Text>
        </>
      ),
    },
    {
      header: 'Last push',
      wrap: true,
      value: (c) => `${formatAt(c.lastAttemptAt)} ${c.lastAttemptResult ?? ''}`,
      render: (c) => (
        <>
          <Text size="sm">{formatAt(c.lastAttemptAt)}</Text>
          {c.lastAttemptResult && (
            <Text size="xs" c={c.lastAttemptResult === 'success' ? 'green.9' : 'red.9'} lineClamp={2}>
              {c.lastAttemptResult}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Actions',
      value: () => '',
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'edit', connection: c })} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog({ kind: 'delete', connection: c })} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Regulator connections
          </Title>
          <Text c="dimmed">Where industries' 15-minute records are pushed: CPCB and each state board.</Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'edit', connection: null })}>New connection</Button>
      </Group>
      {connections.isError ? (
        <LoadFailed what="The connections" onRetry={() => void connections.refetch()} />
      ) : !connections.data ? (
        <Loading />
      ) : (
        <DataTable title="Connections" columns={columns} rows={connections.data} rowKey={(c) => c.id} emptyText="No regulator connection yet." minWidth={860} />
      )}
      {dialog?.kind === 'edit' && <ConnectionFormModal connection={dialog.connection} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          title={`Delete ${dialog.connection.name}?`}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.connection.id, {
              onSuccess: () => {
                notifyInfo(`Connection ${dialog.connection.name} deleted.`);
                setDialog(null);
              },
            })
          }
        >
          <Stack gap="xs">
            <Text>Its industries' mappings go with it, and nothing more is pushed to {dialog.connection.statutoryName} through it.</Text>
            {remove.error && <Alert color="red">{remove.error.message}</Alert>}
          </Stack>
        </ConfirmModal>
      )}
    </Stack>
  );
}
