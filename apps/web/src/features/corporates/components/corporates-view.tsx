import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { CorporateDetail } from '@enviro/contracts/corporates';
import { formatIndian } from '@enviro/domain/format-number';
import { formatPhone } from '@enviro/domain/format-phone';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { useCorporatePage } from '../api/get-corporate-page';
import { CorporateFormModal } from './corporate-form-modal';
import { CorporateTenantsModal } from './corporate-tenants-modal';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'tenants'; corporate: CorporateDetail } | null;

/** Corporates with search and server-side paging and sorting kept in the URL; site admins create and edit. */
export function CorporatesView({ editable }: { editable: boolean }) {
  const list = useListParams({ sort: 'name' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const corporates = useCorporatePage({
    searchString: list.filter('searchString'),
    page: list.page,
    size: list.size,
    sort: list.sort,
    order: list.order,
  });

  const columns: PagedColumn<CorporateDetail>[] = [
    { header: 'ID', sortKey: 'id', cell: (c) => c.id },
    { header: 'Name', sortKey: 'name', wrap: true, cell: (c) => c.name },
    { header: 'Contact email', wrap: true, cell: (c) => c.contactEmail ?? '-' },
    { header: 'Contact phone', cell: (c) => (c.contactPhone ? formatPhone(c.contactPhone) : '-') },
    {
      header: 'Tenants',
      sortKey: 'tenantCount',
      align: 'right',
      cell: (c) => (
        <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'tenants', corporate: c })} aria-label={`Tenants of ${c.name}`}>
          {formatIndian(c.tenantCount, 0)}
        </Button>
      ),
    },
    ...(editable
      ? [
          {
            header: 'Actions',
            sticky: true,
            cell: (c: CorporateDetail) => (
              <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'edit', corporate: c })} aria-label={`Edit ${c.name}`}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Corporates</Title>
        {editable && <Button onClick={() => setDialog({ kind: 'create' })}>New corporate</Button>}
      </Group>
      <Group align="flex-end">
        <SearchInput label="Search" placeholder="Corporate name" value={list.filter('searchString') ?? ''} onSearch={(searchString) => list.update({ searchString })} />
      </Group>
      <PagedTable
        list={list}
        caption="Corporates"
        columns={columns}
        query={corporates}
        what="corporates"
        rowKey={(c) => c.id}
        emptyText="No corporate matches."
      />
      {dialog?.kind === 'create' && <CorporateFormModal corporate={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <CorporateFormModal corporate={dialog.corporate} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'tenants' && <CorporateTenantsModal corporate={dialog.corporate} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
