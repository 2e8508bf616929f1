import { tenantTypeLabel } from '@/lib/labels';
import { Anchor, Button, Group, Menu, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TenantStatus, TenantType } from '@enviro/contracts/common';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { formatIndian } from '@enviro/domain/format-number';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { useTenants } from '../api/get-tenants';
import { TenantDeleteModal } from './tenant-delete-modal';
import { TenantFormModal } from './tenant-form-modal';
import { TenantStatusBadge } from './tenant-status-badge';
import { TenantStatusModal } from './tenant-status-modal';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'status' | 'delete'; tenant: TenantInfo } | null;

/** Tenants with search, type and status filters, server-side paging and sorting kept in the URL. */
export function TenantsView() {
  const list = useListParams({ sort: 'name' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const tenants = useTenants({
    searchString: list.filter('searchString'),
    type: list.filter('type'),
    status: list.filter('status'),
    page: list.page,
    size: list.size,
    sort: list.sort,
    order: list.order,
  });

  const columns: PagedColumn<TenantInfo>[] = [
    { header: 'ID', sortKey: 'id', cell: (t) => t.displayId },
    {
      header: 'Name',
      sortKey: 'name',
      wrap: true,
      cell: (t) => (
        <Anchor component={Link} to={paths.admin.tenant.getHref(t.id)}>
          {t.name}
        </Anchor>
      ),
    },
    { header: 'Type', sortKey: 'type', cell: (t) => tenantTypeLabel(t.type) },
    { header: 'Status', sortKey: 'status', cell: (t) => <TenantStatusBadge status={t.status} /> },
    { header: 'Corporate', wrap: true, cell: (t) => t.corporate?.name ?? '-' },
    { header: 'City, state', wrap: true, cell: (t) => [t.city, t.state].filter(Boolean).join(', ') || '-' },
    { header: 'Units', align: 'right', cell: (t) => formatIndian(t.monitoredUnits, 0) },
    {
      header: 'Actions',
      sticky: true,
      cell: (t) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" variant="light" aria-label={`Actions for ${t.name}`}>
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog({ kind: 'edit', tenant: t })}>Edit</Menu.Item>
            <Menu.Item onClick={() => setDialog({ kind: 'status', tenant: t })}>Change status</Menu.Item>
            <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', tenant: t })}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Tenants</Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>New tenant</Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SearchInput
          label="Search"
          placeholder="Name, city or state"
          value={list.filter('searchString') ?? ''}
          onSearch={(searchString) => list.update({ searchString })}
        />
        <Select label="Type" clearable data={TenantType.options.map((t) => ({ value: t, label: tenantTypeLabel(t) }))} value={list.filter('type') ?? null} onChange={(type) => list.update({ type })} w={170} />
        <Select
          label="Status"
          clearable
          data={TenantStatus.options}
          value={list.filter('status') ?? null}
          onChange={(status) => list.update({ status })}
          w={170}
        />
      </Group>
      <PagedTable
        list={list}
        caption="Tenants"
        columns={columns}
        query={tenants}
        what="tenants"
        rowKey={(t) => t.id}
        emptyText="No tenant matches."
      />
      {dialog?.kind === 'create' && <TenantFormModal opened tenant={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TenantFormModal opened tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'status' && <TenantStatusModal tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <TenantDeleteModal tenant={dialog.tenant} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
