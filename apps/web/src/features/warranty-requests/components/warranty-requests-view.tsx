import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { WarrantyPage, WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { WARRANTY_STATUSES } from '@enviro/domain/warranty-workflow';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import type { WarrantyListQuery } from '../api/query-keys';
import { useWarrantyRequests } from '../api/warranty-requests';
import { OverdueBadge, WarrantyStatusBadge } from './warranty-badges';
import { responseText, slaText, WARRANTY_STATUS_LABELS } from './warranty-labels';
import { WarrantyFormModal } from './warranty-form-modal';

type Row = WarrantyPage['items'][number];

/**
 * Warranty requests the user reads, overdue first: the industry reports faulty devices here, its
 * service partner sees the requests it handles. Filters and page in the URL.
 */
export function WarrantyRequestsView({ ownTenantId, showIndustry }: { ownTenantId: number | null; showIndustry: boolean }) {
  const list = useListParams({ sort: 'due', order: 'asc', size: 20 });
  const [creating, setCreating] = useState(false);
  const status = (WARRANTY_STATUSES as readonly string[]).includes(list.filter('status') ?? '') ? (list.filter('status') as WarrantyStatus) : undefined;
  const overdue = list.filter('overdue') === 'true';
  const query: WarrantyListQuery = { page: list.page, size: list.size, ...(status ? { status } : {}), ...(overdue ? { overdue: 'true' as const } : {}) };
  const requests = useWarrantyRequests(query);

  const columns: PagedColumn<Row>[] = [
    {
      header: 'Request',
      wrap: true,
      cell: (w) => (
        <Stack gap={0} miw={150}>
          <Anchor component={Link} to={paths.app.warrantyRequest.getHref(w.id)} fz="sm" fw={600}>
            {w.id}: {w.device}
          </Anchor>
          <Text size="xs" c="dimmed">
            Serial {w.serialNo}, raised {formatInstant(w.createdAt)}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Status',
      cell: (w) => (
        <Group gap={4} wrap="nowrap">
          <WarrantyStatusBadge status={w.status} />
          {w.overdue && <OverdueBadge w={w} />}
        </Group>
      ),
    },
    ...(showIndustry ? [{ header: 'Industry', wrap: true, cell: (w: Row) => w.industry }] : []),
    { header: 'Partner', wrap: true, cell: (w) => w.partner },
    { header: 'Fault', wrap: true, cell: (w) => w.fault },
    {
      header: 'SLA (IST)',
      wrap: true,
      cell: (w) =>
        w.slaMinutesLeft === null ? (
          '-'
        ) : (
          <Stack gap={0}>
            <Text size="sm">Resolve by {formatInstant(w.dueAt)} ({slaText(w)})</Text>
            <Text size="xs" c={w.responseOverdue ? 'red' : 'dimmed'}>
              {responseText(w, formatInstant)}
            </Text>
          </Stack>
        ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Warranty requests
        </Title>
        {ownTenantId !== null && <Button onClick={() => setCreating(true)}>Report a faulty device</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        Faulty devices reported to the service partner, who responds and resolves them within the hours of its terms; a request the partner has not responded to or resolved in time is overdue.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Status" placeholder="Any status" clearable data={WARRANTY_STATUSES.map((s) => ({ value: s, label: WARRANTY_STATUS_LABELS[s] }))} value={status ?? null} onChange={(v) => list.update({ status: v })} />
        <Checkbox mt={{ sm: 30 }} label="Only overdue requests" checked={overdue} onChange={(e) => list.update({ overdue: e.currentTarget.checked ? 'true' : null })} />
      </SimpleGrid>
      <PagedTable list={list} caption="Warranty requests" columns={columns} query={requests} what="warranty requests" rowKey={(w) => w.id} emptyText="No warranty request matches these filters." />
      {creating && ownTenantId !== null && <WarrantyFormModal tenantId={ownTenantId} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
