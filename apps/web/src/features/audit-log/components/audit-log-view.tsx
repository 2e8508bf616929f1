import { Anchor, Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditLogEntry } from '@enviro/contracts/audit-log';
import { formatInstant } from '@/lib/dates';
import { getTenantQueryOptions, TenantPicker } from '@/features/tenants';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { useAuditLogs } from '../api/get-audit-logs';
import { AuditEntryModal } from './audit-entry-modal';
import { recordLabel, whoLabel } from './audit-labels';

/**
 * Recorded changes, newest first, paged on the server; each opens its before/after. `acrossTenants`:
 * the reader reads several tenants' logs (site staff), so each row names its tenant and a tenant
 * can be picked by name.
 */
export function AuditLogView({ acrossTenants }: { acrossTenants: boolean }) {
  const list = useListParams({ sort: 'at', order: 'desc', size: 50 });
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const tenantId = Number(list.filter('tenantId')) || undefined;
  const entity = list.filter('entity');
  const logs = useAuditLogs({ tenantId, entity, page: list.page, size: list.size });
  // The tenant of the URL by name, so the picker shows it after a reload or a shared link.
  const tenant = useQuery({ ...getTenantQueryOptions(tenantId ?? 0), enabled: tenantId !== undefined });
  const first = logs.data?.items.find((e) => e.entity === entity);

  const columns: PagedColumn<AuditLogEntry>[] = [
    { header: 'When (IST)', cell: (e) => formatInstant(e.at) },
    { header: 'Who', cell: whoLabel },
    { header: 'What', cell: (e) => e.action },
    {
      header: 'Record',
      cell: (e) =>
        e.entity === entity ? (
          recordLabel(e)
        ) : (
          <Anchor component="button" type="button" fz="sm" onClick={() => list.update({ entity: e.entity })} title="Only the changes of this record">
            {recordLabel(e)}
          </Anchor>
        ),
    },
    ...(acrossTenants ? [{ header: 'Tenant', cell: (e: AuditLogEntry) => e.tenantName }] : []),
    {
      header: 'Change',
      sticky: true,
      cell: (e) => (
        <Button size="compact-xs" variant="light" onClick={() => setOpen(e)} aria-label={`Before and after of ${e.action} ${recordLabel(e)}`}>
          Before / after
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      {(acrossTenants || entity) && (
        <Group align="flex-end" wrap="wrap">
          {acrossTenants && (
            <TenantPicker
              label="Tenant"
              placeholder="Every tenant"
              value={tenantId !== undefined ? (tenant.data ?? null) : null}
              onChange={(t) => list.update({ tenantId: t?.id ?? null })}
            />
          )}
          {entity && (
            <Group gap={4} wrap="nowrap" data-testid="record-filter">
              <Text size="sm">Only the changes of {first ? recordLabel(first) : 'one record'}</Text>
              <CloseButton size="sm" aria-label="Show every record" onClick={() => list.update({ entity: null })} />
            </Group>
          )}
        </Group>
      )}
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
