import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AlertRulePage, type AlertCondition, type AlertRuleStatus } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';

/** Query of GET /api/alertConfiguration as the screens send it. */
export interface AlertRuleQuery {
  tenantId?: number | undefined;
  nodeId?: number | undefined;
  type?: AlertCondition | undefined;
  status?: AlertRuleStatus | undefined;
  page: number;
  size: number;
}

/** Root of every rule query key: rule writes invalidate it. */
export const ALERT_RULES_KEY = ['alert-rules'] as const;

/** GET /api/alertConfiguration: rules by industry, station, name. */
export const getAlertRules = (query: AlertRuleQuery, signal?: AbortSignal): Promise<AlertRulePage> =>
  api.get('/alertConfiguration', { params: { ...query }, schema: AlertRulePage, ...(signal ? { signal } : {}) });

export const getAlertRulesQueryOptions = (query: AlertRuleQuery) =>
  queryOptions({
    queryKey: [...ALERT_RULES_KEY, query],
    queryFn: ({ signal }) => getAlertRules(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAlertRules = (query: AlertRuleQuery) => useQuery(getAlertRulesQueryOptions(query));
