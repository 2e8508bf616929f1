import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CHANGE_REQUEST_SORTS, CR_TYPES, type ChangeRequest, type ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { CHANGE_REQUEST_STATUSES } from '@enviro/domain/change-request-workflow';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { formatInstant, formatSpan } from '@/lib/dates';
import { useChangeRequests } from '../api/change-requests';
import type { ChangeRequestListQuery } from '../api/query-keys';
import { STATUS_LABELS, TYPE_LABELS } from './change-request-labels';
import { CorrectionFormModal } from './correction-form-modal';
import { MaintenanceFormModal } from './maintenance-form-modal';
import { ChangeRequestStatusBadge } from './status-badge';

interface ChangeRequestsViewProps {
  /** Industries the user reads (boards, site staff): the industry filter; null in the tenant app. */
  tenants: readonly { id: number; name: string }[] | null;
  /** The industry of the tenant app (own or acted for), which raises requests; null in oversight views. */
  ownTenantId: number | null;
}

const pick = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined => (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * Change requests the user reads: filters, sort and page in the URL. The industry announces
 * maintenance from here; a board sees its industries' requests, those waiting for it first.
 */
export function ChangeRequestsView({ tenants, ownTenantId }: ChangeRequestsViewProps) {
  const list = useListParams({ sort: 'createdAt', order: 'desc', size: 20 });
  const [creating, setCreating] = useState<'maintenance' | 'correction' | null>(null);
  const tenantId = Number(list.filter('tenantId'));
  const crType = pick(list.filter('crType'), CR_TYPES);
  const status = pick<ChangeRequestStatus>(list.filter('status'), CHANGE_REQUEST_STATUSES);
  const query: ChangeRequestListQuery = {
    page: list.page,
    size: list.size,
    sort: pick(list.sort, CHANGE_REQUEST_SORTS) ?? 'createdAt',
    order: list.order,
    ...(crType ? { crType } : {}),
    ...(status ? { status } : {}),
    ...(Number.isInteger(tenantId) && tenantId > 0 ? { tenantId } : {}),
  };
  const requests = useChangeRequests(query);

  const columns: PagedColumn<ChangeRequest>[] = [
    {
      header: 'Request',
      sortKey: 'createdAt',
      wrap: true,
      cell: (r) => (
        <Stack gap={0} miw={150}>
          <Anchor component={Link} to={paths.app.changeRequest.getHref(r.id)} fz="sm" fw={600}>
            {TYPE_LABELS[r.crType]} {r.id}: {r.station}
          </Anchor>
          <Text size="xs" c="dimmed">
            Raised {formatInstant(r.createdAt)} by {r.raisedBy}
          </Text>
        </Stack>
      ),
    },
    { header: 'Status', sortKey: 'status', cell: (r) => <ChangeRequestStatusBadge status={r.status} /> },
    ...(tenants ? [{ header: 'Industry', sortKey: 'industry', wrap: true, cell: (r: ChangeRequest) => r.industry }] : []),
    { header: 'Period (IST)', sortKey: 'from', wrap: true, cell: (r) => formatSpan(r.from, r.to) },
    { header: 'Reason', wrap: true, cell: (r) => r.reason },
    {
      header: 'Your move',
      cell: (r) => (r.moves.length > 0 ? <Anchor component={Link} to={paths.app.changeRequest.getHref(r.id)} fz="sm">Open to decide</Anchor> : <Text span size="sm" c="dimmed">-</Text>),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Change requests
        </Title>
        {ownTenantId !== null && (
          <Group gap="xs">
            <Button onClick={() => setCreating('maintenance')}>Announce maintenance</Button>
            <Button variant="default" onClick={() => setCreating('correction')}>
              Ask for a correction
            </Button>
          </Group>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        Maintenance windows and data corrections an industry asks its pollution control board to approve. An approved maintenance window counts as maintenance in every figure: no exceedance alerts, left out of availability and compliance, flagged to the regulator.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: tenants ? 3 : 2 }}>
        <Select label="Type" placeholder="Any type" clearable data={CR_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} value={crType ?? null} onChange={(v) => list.update({ crType: v })} />
        <Select label="Status" placeholder="Any status" clearable data={CHANGE_REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} value={status ?? null} onChange={(v) => list.update({ status: v })} />
        {tenants && (
          <Select label="Industry" placeholder="Every industry" clearable searchable data={tenants.map((t) => ({ value: String(t.id), label: t.name }))} value={query.tenantId ? String(query.tenantId) : null} onChange={(v) => list.update({ tenantId: v })} />
        )}
      </SimpleGrid>
      <PagedTable list={list} caption="Change requests" columns={columns} query={requests} what="change requests" rowKey={(r) => r.id} emptyText="No change request matches these filters." />
      {creating === 'maintenance' && ownTenantId !== null && <MaintenanceFormModal tenantId={ownTenantId} onClose={() => setCreating(null)} />}
      {creating === 'correction' && ownTenantId !== null && <CorrectionFormModal tenantId={ownTenantId} onClose={() => setCreating(null)} />}
    </Stack>
  );
}
