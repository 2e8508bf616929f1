import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegulatorTenantMappings } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

/** GET /api/regulatorMappings/{tenantId}: the industry's mappings with their issues, and what can be mapped. */
export const getMappings = (tenantId: number, signal?: AbortSignal): Promise<RegulatorTenantMappings> =>
  api.get(`/regulatorMappings/${tenantId}`, { schema: RegulatorTenantMappings, ...withSignal(signal) });

export const getMappingsQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: regulatorKeys.mappings(tenantId), queryFn: ({ signal }) => getMappings(tenantId, signal) });

export const useMappings = (tenantId: number) => useQuery(getMappingsQueryOptions(tenantId));
