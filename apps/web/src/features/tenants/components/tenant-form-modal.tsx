import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { NewTenant, TenantInfo } from '@enviro/contracts/tenants';
import { TenantStatus, TenantType } from '@enviro/contracts/common';
import { CorporateSelect } from '@/components/form/corporate-select';
import { fieldErrors } from '@/components/form/field-errors';
import { notifyInfo } from '@/lib/notify';
import { useSaveTenant } from '../api/save-tenant';

const FIELDS = ['name', 'type', 'status', 'corporateId', 'monitoredUnits', 'industryCategory', 'state', 'city'] as const;
const STATUSES = TenantStatus.options.filter((s) => s !== 'DELETED');

interface TenantFormModalProps {
  /** The tenant to edit; null creates one. */
  tenant: TenantInfo | null;
  opened: boolean;
  onClose: () => void;
}

function initial(tenant: TenantInfo | null): NewTenant {
  return {
    name: tenant?.name ?? '',
    type: tenant?.type ?? 'tenant',
    status: tenant && tenant.status !== 'DELETED' ? tenant.status : 'ENABLED',
    corporateId: tenant?.corporateId ?? null,
    monitoredUnits: tenant?.monitoredUnits ?? 0,
    industryCategory: tenant?.industryCategory ?? null,
    state: tenant?.state ?? null,
    city: tenant?.city ?? null,
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** Create or edit a tenant; the API's field errors show under their inputs. */
export function TenantFormModal({ tenant, opened, onClose }: TenantFormModalProps) {
  const [values, setValues] = useState<NewTenant>(() => initial(tenant));
  const save = useSaveTenant();
  const { byField, general } = fieldErrors(save.error, FIELDS);
  const set = <K extends keyof NewTenant>(key: K, value: NewTenant[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: tenant?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          notifyInfo(tenant ? `Tenant ${saved.name} updated.` : `Tenant ${saved.name} created.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={tenant ? `Edit ${tenant.name}` : 'New tenant'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <TextInput label="Name" required value={values.name} error={byField.name} onChange={(e) => set('name', e.currentTarget.value)} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <Select
            label="Type"
            data={TenantType.options}
            value={values.type}
            disabled={tenant !== null}
            error={byField.type}
            onChange={(v) => v && set('type', v as NewTenant['type'])}
            allowDeselect={false}
          />
          <Select
            label="Status"
            data={STATUSES}
            value={values.status}
            disabled={tenant !== null}
            description={tenant ? 'Changed from the list' : undefined}
            error={byField.status}
            onChange={(v) => v && set('status', v as NewTenant['status'])}
            allowDeselect={false}
          />
          <CorporateSelect value={values.corporateId} error={byField.corporateId} onChange={(id) => set('corporateId', id)} />
          <NumberInput
            label="Monitored units"
            min={0}
            allowDecimal={false}
            value={values.monitoredUnits}
            error={byField.monitoredUnits}
            onChange={(v) => set('monitoredUnits', typeof v === 'number' ? v : 0)}
          />
          <TextInput label="Industry category" value={values.industryCategory ?? ''} error={byField.industryCategory} onChange={(e) => set('industryCategory', orNull(e.currentTarget.value))} />
          <TextInput label="State" value={values.state ?? ''} error={byField.state} onChange={(e) => set('state', orNull(e.currentTarget.value))} />
          <TextInput label="City" value={values.city ?? ''} error={byField.city} onChange={(e) => set('city', orNull(e.currentTarget.value))} />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tenant ? 'Save' : 'Create'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
