import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SessionUser } from '@enviro/contracts/accounts';
import type { TenantInfo } from '@enviro/contracts/tenants';
import type { AdminUser } from '@enviro/contracts/users';
import type { Role, UserType } from '@enviro/domain/access-model';
import { CorporateSelect } from '@/components/form/corporate-select';
import { fieldErrors } from '@/components/form/field-errors';
import { TenantPicker } from '@/components/form/tenant-picker';
import { notifyInfo } from '@/lib/notify';
import { useSaveUser } from '../api/save-user';
import { rolesForUserType } from '@enviro/domain/user-roles';

const FIELDS = ['tenantId', 'name', 'userName', 'phone', 'role', 'password', 'corporateId', 'primaryUser'] as const;
const orUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

interface UserFormModalProps {
  /** The user to edit; null creates one. */
  user: AdminUser | null;
  /** Who is signed in: site users pick the tenant and corporate; others create users of their own tenant. */
  me: SessionUser;
  onClose: () => void;
}

/** Create or edit a user; without a password a new user is sent an invite. */
export function UserFormModal({ user, me, onClose }: UserFormModalProps) {
  const site = me.userType === 'site';
  const [tenant, setTenant] = useState<TenantInfo | null>(null);
  const [name, setName] = useState(user?.name ?? '');
  const [userName, setUserName] = useState(user?.userName ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [role, setRole] = useState<Role | null>(user?.role ?? 'user');
  const [password, setPassword] = useState('');
  const [corporateId, setCorporateId] = useState<number | null>(user?.corporate?.id ?? null);
  const [primaryUser, setPrimaryUser] = useState(user?.primaryUser ?? false);
  const save = useSaveUser();
  const { byField, general } = fieldErrors(save.error, FIELDS);
  const userType: UserType = user?.userType ?? (site ? (tenant?.type ?? 'tenant') : me.tenant.type);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const done = { onSuccess: (saved: AdminUser) => (notifyInfo(user ? `${saved.name} updated.` : `${saved.name} created.`), onClose()) };
    const common = { name, role: role ?? 'user', corporateId, primaryUser: corporateId !== null && primaryUser };
    if (user) save.mutate({ id: user.id, input: { ...common, phone: orUndefined(phone) ?? null } }, done);
    else
      save.mutate(
        { id: null, input: { ...common, tenantId: site ? tenant?.id : undefined, userName, phone: orUndefined(phone), password: orUndefined(password) } },
        done,
      );
  };

  return (
    <Modal opened onClose={onClose} title={user ? `Edit ${user.name}` : 'New user'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        {!user && site && <TenantPicker label="Tenant" required value={tenant} onChange={setTenant} error={byField.tenantId} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <TextInput label="Name" required value={name} error={byField.name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Email" required type="email" disabled={user !== null} value={userName} error={byField.userName} onChange={(e) => setUserName(e.currentTarget.value)} />
          <TextInput label="Phone" type="tel" value={phone} error={byField.phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          <Select label="Role" required data={[...rolesForUserType(userType)]} value={role} error={byField.role} onChange={(v) => setRole(v as Role | null)} allowDeselect={false} />
          {site && (
            <CorporateSelect value={corporateId} error={byField.corporateId} onChange={setCorporateId} />
          )}
          {!user && (
            <PasswordInput label="Password" description="Leave empty to send an invite" value={password} error={byField.password} onChange={(e) => setPassword(e.currentTarget.value)} />
          )}
        </SimpleGrid>
        {site && (
          <Checkbox mt="sm" label="Primary contact of the corporate" disabled={corporateId === null} checked={primaryUser} onChange={(e) => setPrimaryUser(e.currentTarget.checked)} />
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user ? 'Save' : 'Create'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
