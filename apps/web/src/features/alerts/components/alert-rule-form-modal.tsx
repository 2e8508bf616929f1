import { Alert, Modal, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { ALERT_SEVERITIES, AlertRuleInput, type AlertRule, type AlertRuleStatus, type AlertSeverity, type Escalation } from '@enviro/contracts/alerts';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import type { Station } from '@/lib/stations';
import { notifyInfo } from '@/lib/notify';
import { useSaveAlertRule } from '../api/save-alert-rule';
import { titleCase } from './alert-labels';
import { CONDITION_FIELD_LABELS, conditionInput, conditionValues, RuleConditionFields, type ConditionValues } from './rule-condition-fields';

const LABELS = {
  name: 'Name',
  nodeId: 'Station',
  categoryId: 'Station type',
  paramNames: 'Parameters',
  severity: 'Severity',
  status: 'Status',
  escalationId: 'Escalation',
  ...CONDITION_FIELD_LABELS,
};

interface RuleValues extends ConditionValues {
  [key: string]: unknown;
  name: string;
  nodeId: string | null;
  categoryId: string | null;
  paramNames: string[];
  severity: AlertSeverity;
  status: AlertRuleStatus;
  escalationId: string | null;
}

interface RuleFormProps {
  tenantId: number;
  rule: AlertRule | null;
  stations: readonly Station[];
  escalations: readonly Escalation[];
  onClose: () => void;
}

/** Create (rule null) or edit a rule: where it applies, its condition, severity, status and escalation. */
export function AlertRuleFormModal({ tenantId, rule, stations, escalations, onClose }: RuleFormProps) {
  const save = useSaveAlertRule();
  const { form, general } = useContractForm({
    initialValues: {
      name: rule?.name ?? '',
      nodeId: rule?.nodeId != null ? String(rule.nodeId) : null,
      categoryId: rule?.categoryId ?? null,
      paramNames: rule?.paramNames ?? [],
      severity: rule?.severity ?? 'MAJOR',
      status: rule?.status ?? 'ENABLED',
      escalationId: rule?.escalationId != null ? String(rule.escalationId) : null,
      ...conditionValues(rule),
    } as RuleValues,
    schema: AlertRuleInput,
    labels: LABELS,
    toInput: (v): AlertRuleInput => ({
      industryId: tenantId,
      name: v.name.trim(),
      nodeId: v.nodeId === null ? null : Number(v.nodeId),
      categoryId: v.nodeId === null ? v.categoryId : null,
      paramNames: v.paramNames,
      deviceIds: rule?.deviceIds ?? [],
      severity: v.severity,
      status: v.status,
      escalationId: v.escalationId === null ? null : Number(v.escalationId),
      ...conditionInput(v),
    }),
    error: save.error,
  });

  const station = stations.find((s) => String(s.id) === form.values.nodeId);
  const types = [...new Set(stations.map((s) => s.type))];
  const params = [...new Map((station ? [station] : stations).flatMap((s) => s.params.map((p) => [p.name, p.label] as const)))].map(([value, label]) => ({ value, label }));

  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: rule?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifyInfo(rule ? `Rule ${saved.name} updated.` : `Rule ${saved.name} created.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={rule ? `Edit ${rule.name}` : 'New alert rule'} size="lg">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <TextInput label={LABELS.name} required data-autofocus placeholder="PM 15-minute average above limit" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
          <Select
            label={LABELS.nodeId}
            placeholder="Every station"
            clearable
            searchable
            data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
            {...form.getInputProps('nodeId')}
          />
          {form.values.nodeId === null && (
            <Select
              label={LABELS.categoryId}
              placeholder="Every type"
              clearable
              data={types}
              {...form.getInputProps('categoryId')}
            />
          )}
        </SimpleGrid>
        <MultiSelect mt="sm" label={LABELS.paramNames} placeholder="Every parameter with a limit" searchable clearable data={params} {...form.getInputProps('paramNames')} />
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <RuleConditionFields form={form} />
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="sm">
          <Select label={LABELS.severity} data={ALERT_SEVERITIES.map((s) => ({ value: s, label: titleCase(s) }))} allowDeselect={false} {...form.getInputProps('severity')} />
          <Select label={LABELS.status} data={[{ value: 'ENABLED', label: 'Enabled' }, { value: 'DISABLED', label: 'Disabled' }]} allowDeselect={false} {...form.getInputProps('status')} />
          <Select
            label={LABELS.escalationId}
            placeholder="The industry's default"
            clearable
            data={escalations.map((e) => ({ value: String(e.id), label: e.name }))}
            {...form.getInputProps('escalationId')}
          />
        </SimpleGrid>
        <FormActions label={rule ? 'Save' : 'Create'} onCancel={onClose} submitting={save.isPending} />
      </form>
    </Modal>
  );
}
