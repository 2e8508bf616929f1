import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ALERT_CONDITIONS, type AlertComparison, type AlertCondition, type AlertRule } from '@enviro/contracts/alerts';
import { COMPARISON_LABELS, CONDITION_LABELS } from './alert-labels';

/** The condition part of a rule as its form holds it ('' for an empty number). */
export interface ConditionValues {
  type: AlertCondition;
  comparison: AlertComparison;
  thresholdMin: number | '';
  thresholdMax: number | '';
  durationMinutes: number | '';
  clearSlots: number | '';
}

export const CONDITION_FIELD_LABELS = {
  type: 'Condition',
  comparison: 'Breaks when',
  thresholdMin: 'Lower threshold',
  thresholdMax: 'Upper threshold',
  durationMinutes: 'Minutes',
  clearSlots: 'Clear after slots within limits',
};

export const conditionValues = (rule: AlertRule | null): ConditionValues => ({
  type: rule?.type ?? 'AVG_15M',
  comparison: rule?.comparison ?? 'ABOVE',
  thresholdMin: rule?.thresholdMin ?? '',
  thresholdMax: rule?.thresholdMax ?? '',
  durationMinutes: rule?.durationMinutes ?? '',
  clearSlots: rule?.clearSlots ?? 1,
});

const num = (v: number | '') => (v === '' ? null : v);

/** The condition as the API takes it: empty thresholds mean the parameter's own limit. */
export const conditionInput = (v: ConditionValues) => ({
  type: v.type,
  comparison: v.comparison,
  thresholdMin: num(v.thresholdMin),
  thresholdMax: num(v.thresholdMax),
  durationMinutes: usesDuration(v.type) ? num(v.durationMinutes) : null,
  clearSlots: v.clearSlots === '' ? 1 : v.clearSlots,
});

const usesDuration = (t: AlertCondition) => t === 'SUSTAINED' || t === 'DATA_LOSS';
const usesThreshold = (t: AlertCondition) => t !== 'DATA_LOSS' && t !== 'DATA_FILL';

/** The condition inputs: the kind, the side, thresholds (blank: the parameter's limit), minutes where the kind has them. */
export function RuleConditionFields<V extends ConditionValues>({ form }: { form: UseFormReturnType<V, (v: V) => unknown> }) {
  const { type, comparison } = form.values;
  const field = (name: keyof ConditionValues) => form.getInputProps(name as never);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select label={CONDITION_FIELD_LABELS.type} data={ALERT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))} allowDeselect={false} {...field('type')} />
      {usesThreshold(type) && (
        <Select
          label={CONDITION_FIELD_LABELS.comparison}
          data={(['ABOVE', 'BELOW', 'OUTSIDE'] as const).map((c) => ({ value: c, label: `${COMPARISON_LABELS[c]} the limit` }))}
          allowDeselect={false}
          {...field('comparison')}
        />
      )}
      {usesThreshold(type) && comparison !== 'ABOVE' && (
        <NumberInput label={CONDITION_FIELD_LABELS.thresholdMin} placeholder="The parameter's limit" description="Blank: the parameter's own limit" {...field('thresholdMin')} />
      )}
      {usesThreshold(type) && comparison !== 'BELOW' && (
        <NumberInput label={CONDITION_FIELD_LABELS.thresholdMax} placeholder="The parameter's limit" description="Blank: the parameter's own limit" {...field('thresholdMax')} />
      )}
      {usesDuration(type) && (
        <NumberInput
          label={type === 'DATA_LOSS' ? 'Minutes without a reading' : 'Minutes in breach'}
          required
          min={1}
          max={10_080}
          allowDecimal={false}
          {...field('durationMinutes')}
        />
      )}
      <NumberInput label={CONDITION_FIELD_LABELS.clearSlots} min={1} max={96} allowDecimal={false} {...field('clearSlots')} />
    </SimpleGrid>
  );
}
