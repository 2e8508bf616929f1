import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { ROLES } from '@enviro/domain/access-model';
import { EntityType } from '@enviro/contracts/common';
import { DashboardInput, type Dashboard, type DashboardInputValues } from '@enviro/contracts/dashboards';
import { useContractForm } from '@/components/form/use-contract-form';

const LABELS = { name: 'Name', entityType: 'Station type', owner: 'Owner', sharedRoles: 'Shared with roles' };

interface Props {
  /** The dashboard whose settings change, or null for a new one. */
  dashboard: Dashboard | null;
  /** Whether the caller may make tenant dashboards (the tenant's administrators). */
  administers: boolean;
  saving: boolean;
  error: unknown;
  onSave: (input: DashboardInputValues) => void;
  onClose: () => void;
}

/** A dashboard's name, station type, owner and sharing; the widgets are kept as they are. */
export function DashboardSettingsModal({ dashboard, administers, saving, error, onSave, onClose }: Props) {
  const { form, general } = useContractForm({
    initialValues: {
      name: dashboard?.name ?? '',
      entityType: dashboard?.entityType ?? '',
      owner: dashboard?.owner ?? 'user',
      sharedRoles: dashboard?.sharedRoles ?? ([] as string[]),
    },
    schema: DashboardInput,
    labels: LABELS,
    toInput: (v): DashboardInputValues => ({
      name: v.name.trim(),
      entityType: v.entityType ? (v.entityType as EntityType) : null,
      owner: v.owner as 'tenant' | 'user',
      sharedRoles: v.sharedRoles as DashboardInputValues['sharedRoles'],
      widgets: dashboard?.widgets ?? [],
    }),
    error,
  });
  const v = form.getValues();
  return (
    <Modal opened onClose={onClose} title={dashboard ? `Settings of ${dashboard.name}` : 'New dashboard'}>
      <form onSubmit={form.onSubmit((input) => onSave(input))} noValidate>
        <Stack gap="sm">
          {general && <Alert color="red">{general}</Alert>}
          <TextInput label={LABELS.name} required data-autofocus {...form.getInputProps('name')} />
          <Select
            label={LABELS.entityType}
            placeholder="Any station type"
            clearable
            data={[...EntityType.options]}
            {...form.getInputProps('entityType')}
            value={v.entityType || null}
            onChange={(t) => form.setFieldValue('entityType', t ?? '')}
          />
          {administers && (
            <div>
              <Text fz="sm" fw={500} mb={4}>
                {LABELS.owner}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'user', label: 'Mine' },
                  { value: 'tenant', label: "The industry's" },
                ]}
                {...form.getInputProps('owner')}
              />
            </div>
          )}
          <MultiSelect label={LABELS.sharedRoles} placeholder="Only me (and administrators for the industry's)" data={[...ROLES]} {...form.getInputProps('sharedRoles')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {dashboard ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
