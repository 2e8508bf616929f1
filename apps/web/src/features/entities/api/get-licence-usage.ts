import { queryOptions, useQuery } from '@tanstack/react-query';
import { LicenseUsageList } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { licenceUsageKeys } from './query-keys';

/** GET /api/usedAddOnStations: stations in use by type against the licence. */
export const getLicenceUsage = (tenantId: number, signal?: AbortSignal) =>
  api.get('/usedAddOnStations', { params: { tenantId }, schema: LicenseUsageList, ...(signal ? { signal } : {}) });

export const useLicenceUsage = (tenantId: number) =>
  useQuery(queryOptions({ queryKey: licenceUsageKeys.tenant(tenantId), queryFn: ({ signal }) => getLicenceUsage(tenantId, signal) }));
