import { Alert, Checkbox, Modal, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { SessionUser } from '@enviro/contracts/accounts';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { NewUser, UserUpdate, type AdminUser } from '@enviro/contracts/users';
import type { Role, UserType } from '@enviro/domain/access-model';
import { rolesForUserType } from '@enviro/domain/user-roles';
import { CorporateSelect } from '@/features/corporates';
import { TenantPicker } from '@/features/tenants';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useSaveUser } from '../api/save-user';

const LABELS = {
  tenantId: 'Tenant',
  name: 'Name',
  userName: 'Email',
  phone: 'Phone',
  role: 'Role',
  password: 'Password',
  corporateId: 'Corporate',
  primaryUser: 'Primary contact of the corporate',
};
const orUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

interface UserFormModalProps {
  /** The user to edit; null creates one. */
  user: AdminUser | null;
  /** Who is signed in: site users pick the tenant and corporate; others create users of their own tenant. */
  me: SessionUser;
  onClose: () => void;
}

/** Create or edit a user; without a password a new user is sent an invite. Checked before it is sent. */
export function UserFormModal({ user, me, onClose }: UserFormModalProps) {
  const site = me.userType === 'site';
  const save = useSaveUser();
  const { form, general } = useContractForm({
    initialValues: {
      tenant: null as TenantInfo | null,
      name: user?.name ?? '',
      userName: user?.userName ?? '',
      phone: user?.phone ?? '',
      role: (user?.role ?? 'user') as Role | null,
      password: '',
      corporateId: user?.corporate?.id ?? null,
      primaryUser: user?.primaryUser ?? false,
    },
    schema: user ? UserUpdate : NewUser,
    labels: LABELS,
    toInput: (v): NewUser | UserUpdate => {
      const common = { name: v.name.trim(), role: v.role as Role, corporateId: v.corporateId, primaryUser: v.corporateId !== null && v.primaryUser };
      if (user) return { ...common, phone: orUndefined(v.phone) ?? null };
      return { ...common, tenantId: site ? v.tenant?.id : undefined, userName: v.userName.trim(), phone: orUndefined(v.phone), password: orUndefined(v.password) };
    },
    // A site user names the tenant; the contract lets others leave it to the tenant they act for.
    check: (v) => (site && !user && v.tenant === null ? { tenantId: 'Tenant is required' } : {}),
    error: save.error,
  });
  const { values } = form;
  const userType: UserType = user?.userType ?? (site ? (values.tenant?.type ?? 'tenant') : me.tenant.type);

  const submit = form.onSubmit((input) => {
    const done = { onSuccess: (saved: AdminUser) => (notifyInfo(user ? `${saved.name} updated.` : `${saved.name} created.`), onClose()) };
    if (user) save.mutate({ id: user.id, input: input as UserUpdate }, done);
    else save.mutate({ id: null, input: input as NewUser }, done);
  });
  const error = (field: keyof typeof LABELS) => form.errors[field] as string | undefined;

  return (
    <Modal opened onClose={onClose} title={user ? `Edit ${user.name}` : 'New user'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        {!user && site && (
          <TenantPicker label={LABELS.tenantId} required value={values.tenant} onChange={(t) => form.setFieldValue('tenant', t)} error={error('tenantId')} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <TextInput label={LABELS.name} required {...form.getInputProps('name')} />
          <TextInput label={LABELS.userName} required type="email" disabled={user !== null} {...form.getInputProps('userName')} />
          <TextInput label={LABELS.phone} type="tel" {...form.getInputProps('phone')} />
          <Select label={LABELS.role} required data={[...rolesForUserType(userType)]} allowDeselect={false} {...form.getInputProps('role')} />
          {site && (
            <CorporateSelect value={values.corporateId} error={error('corporateId')} onChange={(id) => form.setFieldValue('corporateId', id)} />
          )}
          {!user && <PasswordInput label={LABELS.password} description="Leave empty to send an invite" {...form.getInputProps('password')} />}
        </SimpleGrid>
        {site && (
          <Checkbox
            mt="sm"
            label={LABELS.primaryUser}
            disabled={values.corporateId === null}
            {...form.getInputProps('primaryUser', { type: 'checkbox' })}
          />
        )}
        <FormActions label={user ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
