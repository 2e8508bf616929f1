import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertRule, type AlertRuleConditionChange, type AlertRuleInput, type AlertRulePatch } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { alertRuleKeys } from './query-keys';

/** POST /api/alertConfiguration. */
export const createAlertRule = (input: AlertRuleInput): Promise<AlertRule> =>
  api.post('/alertConfiguration', { body: input, schema: AlertRule });

/** PUT /api/alertConfiguration/{id}. */
export const updateAlertRule = (id: number, input: AlertRuleInput): Promise<AlertRule> =>
  api.put(`/alertConfiguration/${id}`, { body: input, schema: AlertRule });

/** PATCH /api/alertConfiguration/{id}: SET operations (status, severity, name, escalation). */
export const patchAlertRule = (id: number, patch: AlertRulePatch): Promise<AlertRule> =>
  api.patch(`/alertConfiguration/${id}`, { body: patch, schema: AlertRule });

/** PUT /api/alertRules/change-condition/{id}: new thresholds, written to the audit log. */
export const changeAlertRuleCondition = (id: number, change: AlertRuleConditionChange): Promise<AlertRule> =>
  api.put(`/alertRules/change-condition/${id}`, { body: change, schema: AlertRule });

function useRuleMutation<V>(fn: (v: V) => Promise<AlertRule>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: alertRuleKeys.all }) });
}

/** Creates a rule (no id) or replaces one; every rule query refetches. */
export const useSaveAlertRule = () =>
  useRuleMutation(({ id, input }: { id: number | null; input: AlertRuleInput }) => (id === null ? createAlertRule(input) : updateAlertRule(id, input)));

export const usePatchAlertRule = () => useRuleMutation(({ id, patch }: { id: number; patch: AlertRulePatch }) => patchAlertRule(id, patch));

export const useChangeAlertRuleCondition = () =>
  useRuleMutation(({ id, change }: { id: number; change: AlertRuleConditionChange }) => changeAlertRuleCondition(id, change));
