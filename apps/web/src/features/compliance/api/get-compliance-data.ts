import { queryOptions, useQuery } from '@tanstack/react-query';
import { ComplianceData } from '@enviro/contracts/compliance';
import { api, withSignal } from '@/lib/api-client';
import { complianceKeys } from './query-keys';

export interface ComplianceDataParams {
  period: string;
  tenantId?: number | undefined;
}

/** GET /api/getComplianceData: the scorecard per station and parameter of a month or quarter. */
export const getComplianceData = (params: ComplianceDataParams, signal?: AbortSignal): Promise<ComplianceData> =>
  api.get('/getComplianceData', { params: { period: params.period, tenantId: params.tenantId }, schema: ComplianceData, ...withSignal(signal) });

export const getComplianceDataQueryOptions = (params: ComplianceDataParams) =>
  queryOptions({ queryKey: complianceKeys.data(params), queryFn: ({ signal }) => getComplianceData(params, signal) });

export const useComplianceData = (params: ComplianceDataParams) => useQuery(getComplianceDataQueryOptions(params));
