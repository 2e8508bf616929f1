import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { UserStatus, type SessionUser } from '@enviro/contracts/auth';
import type { AdminUser } from '@enviro/contracts/users';
import { ROLES } from '@enviro/domain/access-model';
import { formatDateTime24 } from '@enviro/domain/format-date';
import { formatPhone } from '@enviro/domain/format-phone';
import { CorporateSelect } from '@/components/form/corporate-select';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { useUsers } from '../api/get-users';
import { EntityAccessModal } from './entity-access-modal';
import { rolesForUserType } from '@enviro/domain/user-roles';
import { UserActions, type UserDialog } from './user-actions';
import { UserFormModal } from './user-form-modal';
import { UserStatusModal } from './user-status-modal';

type Dialog = { kind: 'create' } | { kind: UserDialog; user: AdminUser } | null;

/** Users with search and filters, server-side paging and sorting in the URL; the corporate filter for site users only (SPEC 6). */
export function UsersView({ me }: { me: SessionUser }) {
  const site = me.userType === 'site';
  const list = useListParams({ sort: 'name' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsers({
    searchString: list.filter('searchString'),
    role: list.filter('role'),
    status: list.filter('status'),
    corporateId: site ? list.filter('corporateId') : undefined,
    page: list.page,
    size: list.size,
    sort: list.sort,
    order: list.order,
  });

  const columns: PagedColumn<AdminUser>[] = [
    { header: 'ID', sortKey: 'id', cell: (u) => u.displayId },
    { header: 'Name', sortKey: 'name', cell: (u) => u.name },
    { header: 'Email', sortKey: 'userName', cell: (u) => u.userName },
    { header: 'Phone', cell: (u) => (u.phone ? formatPhone(u.phone) : '-') },
    { header: 'Type', sortKey: 'userType', cell: (u) => u.userType },
    { header: 'Role', sortKey: 'role', cell: (u) => u.role },
    { header: 'Tenant', cell: (u) => u.tenant.name },
    ...(site ? [{ header: 'Corporate', cell: (u: AdminUser) => u.corporate?.name ?? '-' }] : []),
    {
      header: 'Status',
      sortKey: 'status',
      cell: (u) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={u.status === 'ENABLED' ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {u.status}
          </Badge>
          {u.invitePending && (
            <Badge color="blue" variant="outline" style={{ flexShrink: 0 }}>
              invited
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Last sign-in (IST)', sortKey: 'lastLoginAt', cell: (u) => (u.lastLoginAt ? formatDateTime24(u.lastLoginAt) : <Text c="dimmed" size="sm">never</Text>) },
    { header: 'Actions', cell: (u) => <UserActions user={u} onOpen={(kind) => setDialog({ kind, user: u })} /> },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>New user</Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <SearchInput label="Search" placeholder="Name, email or phone" value={list.filter('searchString') ?? ''} onSearch={(searchString) => list.update({ searchString })} />
        <Select label="Role" clearable data={site ? [...ROLES] : [...rolesForUserType(me.tenant.type)]} value={list.filter('role') ?? null} onChange={(role) => list.update({ role })} w={150} />
        <Select label="Status" clearable data={UserStatus.options} value={list.filter('status') ?? null} onChange={(status) => list.update({ status })} w={150} />
        {site && (
          <CorporateSelect
            value={Number(list.filter('corporateId')) || null}
            onChange={(corporateId) => list.update({ corporateId })}
            w={220}
          />
        )}
      </Group>
      <PagedTable
        list={list}
        caption="Users"
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total ?? 0}
        rowKey={(u) => u.id}
        loading={users.isFetching}
        emptyText={users.isError ? `The users could not be loaded: ${users.error.message}` : 'No user matches.'}
      />
      {dialog?.kind === 'create' && <UserFormModal user={null} me={me} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} me={me} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'status' && <UserStatusModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'entities' && <EntityAccessModal user={dialog.user} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
