import { tenantTypeLabel } from '@/lib/labels';
import { Alert, Modal, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { NewTenant, type TenantInfo } from '@enviro/contracts/tenants';
import { TenantStatus, TenantType } from '@enviro/contracts/common';
import { CorporateSelect } from '@/features/corporates';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useSaveTenant } from '../api/save-tenant';

const LABELS = {
  name: 'Name',
  type: 'Type',
  status: 'Status',
  corporateId: 'Corporate',
  monitoredUnits: 'Monitored units',
  industryCategory: 'Industry category',
  state: 'State',
  city: 'City',
};
const STATUSES = TenantStatus.options.filter((s) => s !== 'DELETED');

interface TenantFormModalProps {
  /** The tenant to edit; null creates one. */
  tenant: TenantInfo | null;
  opened: boolean;
  onClose: () => void;
}

function initial(tenant: TenantInfo | null) {
  return {
    name: tenant?.name ?? '',
    type: tenant?.type ?? 'tenant',
    status: tenant && tenant.status !== 'DELETED' ? tenant.status : 'ENABLED',
    corporateId: tenant?.corporateId ?? null,
    monitoredUnits: (tenant?.monitoredUnits ?? 0) as number | string,
    industryCategory: tenant?.industryCategory ?? '',
    state: tenant?.state ?? '',
    city: tenant?.city ?? '',
  };
}

type Values = ReturnType<typeof initial>;
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function toInput(v: Values): NewTenant {
  return {
    name: v.name.trim(),
    type: v.type as NewTenant['type'],
    status: v.status as NewTenant['status'],
    corporateId: v.corporateId,
    // An emptied number field is no number, which the contract names, rather than a silent 0.
    monitoredUnits: typeof v.monitoredUnits === 'number' ? v.monitoredUnits : Number.NaN,
    industryCategory: orNull(v.industryCategory),
    state: orNull(v.state),
    city: orNull(v.city),
  };
}

/** Create or edit a tenant; checked before it is sent, the API's refusals under their inputs. */
export function TenantFormModal({ tenant, opened, onClose }: TenantFormModalProps) {
  const save = useSaveTenant();
  const { form, general } = useContractForm({ initialValues: initial(tenant), schema: NewTenant, labels: LABELS, toInput, error: save.error });

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: tenant?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifyInfo(tenant ? `Tenant ${saved.name} updated.` : `Tenant ${saved.name} created.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={tenant ? `Edit ${tenant.name}` : 'New tenant'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <TextInput label={LABELS.name} required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <Select label={LABELS.type} data={TenantType.options.map((t) => ({ value: t, label: tenantTypeLabel(t) }))} disabled={tenant !== null} allowDeselect={false} {...form.getInputProps('type')} />
          <Select
            label={LABELS.status}
            data={STATUSES}
            disabled={tenant !== null}
            description={tenant ? 'Changed from the list' : undefined}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <CorporateSelect
            value={form.values.corporateId}
            error={form.errors.corporateId as string | undefined}
            onChange={(id) => form.setFieldValue('corporateId', id)}
          />
          <NumberInput label={LABELS.monitoredUnits} min={0} allowDecimal={false} {...form.getInputProps('monitoredUnits')} />
          <TextInput label={LABELS.industryCategory} {...form.getInputProps('industryCategory')} />
          <TextInput label={LABELS.state} {...form.getInputProps('state')} />
          <TextInput label={LABELS.city} {...form.getInputProps('city')} />
        </SimpleGrid>
        <FormActions label={tenant ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
