import { statusWord, tenantTypeLabel } from '@/lib/labels';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { UserStatus, type SessionUser } from '@enviro/contracts/accounts';
import type { AdminUser } from '@enviro/contracts/users';
import { ROLES } from '@enviro/domain/access-model';
import { formatClock, formatDay } from '@/lib/dates';
import { formatPhone } from '@enviro/domain/format-phone';
import { rolesForUserType } from '@enviro/domain/user-roles';
import { CorporateSelect } from '@/features/corporates';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { useUsers } from '../api/get-users';
import { EntityAccessModal } from './entity-access-modal';
import { UserActions, type UserDialog } from './user-actions';
import { UserFormModal } from './user-form-modal';
import { UserStatusModal } from './user-status-modal';

/** A badge keeps its whole word when the table is short of room (Mantine's badge would cut it to 'DI…'). */
const NO_SHRINK = { minWidth: 'max-content' } as const;

/** An email that may wrap after its '@' in a narrow cell rather than mid-word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

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

  // Fits a 1280 px screen without scrolling sideways: name, email and display id share a cell, the corporate sits under
  // the tenant, dates take two short lines, and the type only shows where it varies (site users see every tenant's users).
  const columns: PagedColumn<AdminUser>[] = [
    {
      header: 'Name',
      sortKey: 'name',
      wrap: true,
      cell: (u) => (
        <Stack gap={0} miw={150}>
          <Text size="sm" fw={500}>
            {u.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {breakableEmail(u.userName)}
          </Text>
          <Text size="xs" c="dimmed">
            {u.displayId}
          </Text>
        </Stack>
      ),
    },
    { header: 'Phone', cell: (u) => (u.phone ? formatPhone(u.phone) : '-') },
    ...(site ? [{ header: 'Type', sortKey: 'userType', cell: (u: AdminUser) => tenantTypeLabel(u.userType) }] : []),
    { header: 'Role', sortKey: 'role', cell: (u) => (u.role === 'admin' ? 'Administrator' : statusWord(u.role)) },
    {
      header: site ? 'Tenant, corporate' : 'Tenant',
      wrap: true,
      cell: (u) => (
        <Stack gap={0} miw={110}>
          <Text size="sm">{u.tenant.name}</Text>
          {site && u.corporate && (
            <Text size="xs" c="dimmed">
              {u.corporate.name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: 'Status',
      sortKey: 'status',
      cell: (u) => (
        <Stack gap={4} align="flex-start">
          <Badge color={u.status === 'ENABLED' ? 'green' : 'gray'} variant="light" style={NO_SHRINK}>
            {u.status}
          </Badge>
          {u.invitePending && (
            <Badge color="blue" variant="outline" style={NO_SHRINK}>
              invited
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      header: 'Last sign-in (IST)',
      sortKey: 'lastLoginAt',
      wrap: true,
      cell: (u) => {
        if (!u.lastLoginAt) return <Text c="dimmed" size="sm">never</Text>;
        return (
          <Stack gap={0}>
            <Text size="sm">{formatDay(u.lastLoginAt)}</Text>
            <Text size="xs" c="dimmed">
              {formatClock(u.lastLoginAt)}
            </Text>
          </Stack>
        );
      },
    },
    { header: 'Actions', sticky: true, cell: (u) => <UserActions user={u} onOpen={(kind) => setDialog({ kind, user: u })} /> },
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
        query={users}
        what="users"
        rowKey={(u) => u.id}
        emptyText="No user matches."
      />
      {dialog?.kind === 'create' && <UserFormModal user={null} me={me} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} me={me} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'status' && <UserStatusModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'entities' && <EntityAccessModal user={dialog.user} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
