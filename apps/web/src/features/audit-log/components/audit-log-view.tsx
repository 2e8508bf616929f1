import { Button, Code, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { AuditLogEntry } from '@enviro/contracts/audit-log';
import { tenantDisplayId, userDisplayId } from '@enviro/domain/display-id';
import { formatDateTime24 } from '@enviro/domain/format-date';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { useAuditLogs } from '../api/get-audit-logs';
import { AuditEntryModal } from './audit-entry-modal';

/** 'U-000012' for a user's change, else the actor as recorded ('cli', 'apiKey'). */
const who = (e: AuditLogEntry) => (e.actorUserId !== null ? userDisplayId(e.actorUserId) : e.actor);

/** Recorded changes, newest first, paged on the server; each opens its before/after. */
export function AuditLogView() {
  const list = useListParams({ sort: 'at', order: 'desc', size: 50 });
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const tenantId = Number(list.filter('tenantId')) || undefined;
  const entity = list.filter('entity');
  const logs = useAuditLogs({ tenantId, entity, page: list.page, size: list.size });

  const columns: PagedColumn<AuditLogEntry>[] = [
    { header: 'When (IST)', cell: (e) => formatDateTime24(e.at) },
    { header: 'Who', cell: who },
    { header: 'What', cell: (e) => e.action },
    { header: 'Record', cell: (e) => <Code>{e.entity}</Code> },
    { header: 'Tenant', cell: (e) => tenantDisplayId(e.tenantId) },
    {
      header: 'Change',
      sticky: true,
      cell: (e) => (
        <Button size="compact-xs" variant="light" onClick={() => setOpen(e)} aria-label={`Before and after of ${e.action} ${e.entity}`}>
          Before / after
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Tenant id"
          min={1}
          allowDecimal={false}
          w={140}
          value={tenantId ?? ''}
          onChange={(v) => list.update({ tenantId: typeof v === 'number' ? v : null })}
        />
        <TextInput
          label="Record"
          placeholder="tenant:12"
          w={200}
          defaultValue={entity ?? ''}
          key={entity ?? ''}
          error={entity && !/^[a-z_]+:\d+$/.test(entity) ? "'<table>:<id>', e.g. tenant:12" : undefined}
          onBlur={(e) => list.update({ entity: e.currentTarget.value.trim() })}
          onKeyDown={(e) => e.key === 'Enter' && list.update({ entity: e.currentTarget.value.trim() })}
        />
      </Group>
      <PagedTable
        list={list}
        caption="Audit log"
        columns={columns}
        query={logs}
        what="audit log"
        rowKey={(e) => e.id}
        emptyText="No change recorded."
      />
      {open && <AuditEntryModal entry={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
