import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LicenseCounts, type LicenseCountInput } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { tenantKeys } from './query-keys';

/** GET /api/licenseCount/{tenantId}: licensed and used stations by type. */
export const getLicenseCounts = (tenantId: number, signal?: AbortSignal): Promise<LicenseCounts> =>
  api.get(`/licenseCount/${tenantId}`, { schema: LicenseCounts, ...(signal ? { signal } : {}) });

/** POST /api/licenseCount/{tenantId}: types not named keep their counts. */
export const setLicenseCounts = (tenantId: number, input: LicenseCountInput): Promise<LicenseCounts> =>
  api.post(`/licenseCount/${tenantId}`, { body: input, schema: LicenseCounts });

export const getLicenseCountsQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: tenantKeys.licenseCounts(tenantId), queryFn: ({ signal }) => getLicenseCounts(tenantId, signal) });

export const useLicenseCounts = (tenantId: number) => useQuery(getLicenseCountsQueryOptions(tenantId));

export function useSetLicenseCounts(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LicenseCountInput) => setLicenseCounts(tenantId, input),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: tenantKeys.licenseCounts(tenantId) }),
  });
}
