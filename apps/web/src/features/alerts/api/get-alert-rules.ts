import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AlertRulePage, type AlertCondition, type AlertRuleStatus } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { alertRuleKeys } from './query-keys';

/** Query of GET /api/alertConfiguration as the screens send it. */
export interface AlertRuleQuery {
  tenantId?: number | undefined;
  nodeId?: number | undefined;
  type?: AlertCondition | undefined;
  status?: AlertRuleStatus | undefined;
  page: number;
  size: number;
}

/** GET /api/alertConfiguration: rules by industry, station, name. */
export const getAlertRules = (query: AlertRuleQuery, signal?: AbortSignal): Promise<AlertRulePage> =>
  api.get('/alertConfiguration', { params: { ...query }, schema: AlertRulePage, ...(signal ? { signal } : {}) });

export const getAlertRulesQueryOptions = (query: AlertRuleQuery) =>
  queryOptions({
    queryKey: alertRuleKeys.list(query),
    queryFn: ({ signal }) => getAlertRules(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAlertRules = (query: AlertRuleQuery) => useQuery(getAlertRulesQueryOptions(query));
