import { Alert, Modal, Text, Textarea } from '@mantine/core';
import { AlertRuleConditionChange, type AlertRule } from '@enviro/contracts/alerts';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { notifyInfo } from '@/lib/notify';
import { useChangeAlertRuleCondition } from '../api/save-alert-rule';
import { CONDITION_FIELD_LABELS, conditionInput, conditionValues, RuleConditionFields, type ConditionValues } from './rule-condition-fields';

interface ChangeValues extends ConditionValues {
  [key: string]: unknown;
  comment: string;
}

/** PUT /api/alertRules/change-condition/{id}: new thresholds with a reason, kept in the audit log. */
export function RuleConditionModal({ rule, onClose }: { rule: AlertRule; onClose: () => void }) {
  const change = useChangeAlertRuleCondition();
  const { form, general } = useContractForm({
    initialValues: { ...conditionValues(rule), comment: '' } as ChangeValues,
    schema: AlertRuleConditionChange,
    labels: { ...CONDITION_FIELD_LABELS, comment: 'Reason for the change' },
    toInput: (v): AlertRuleConditionChange => ({ ...conditionInput(v), ...(v.comment.trim() ? { comment: v.comment.trim() } : {}) }),
    error: change.error,
  });
  const submit = form.onSubmit((input) =>
    change.mutate({ id: rule.id, change: input }, { onSuccess: (saved) => (notifyInfo(`Condition of ${saved.name} changed.`), onClose()) }),
  );
  return (
    <Modal opened onClose={onClose} title={`Change the condition of ${rule.name}`} size="lg">
      <form onSubmit={submit} noValidate>
        {general && (
          <Alert color="red" mb="sm">
            {general}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="sm">
          The change and its reason are written to the audit log.
        </Text>
        <RuleConditionFields form={form} />
        <Textarea mt="sm" label="Reason for the change" autosize minRows={2} maxLength={1000} {...form.getInputProps('comment')} />
        <FormActions label="Change condition" onCancel={onClose} submitting={change.isPending} />
      </form>
    </Modal>
  );
}
