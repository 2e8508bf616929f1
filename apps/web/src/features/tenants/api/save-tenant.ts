import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTenant, TenantUpdate } from '@enviro/contracts/tenants';
import { TenantInfo } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { tenantKeys } from './query-keys';

/** POST /api/tenants. */
export const createTenant = (input: NewTenant): Promise<TenantInfo> => api.post('/tenants', { body: input, schema: TenantInfo });

/** PUT /api/tenants/{id}. */
export const updateTenant = (id: number, input: TenantUpdate): Promise<TenantInfo> =>
  api.put(`/tenants/${id}`, { body: input, schema: TenantInfo });

/** Creates a tenant (no id) or replaces an existing one's fields; every tenant query refetches. */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: NewTenant }) => {
      if (id === null) return createTenant(input);
      // Type is fixed once created and status changes by PATCH: PUT carries the other fields.
      const { type: _type, status: _status, ...fields } = input;
      return updateTenant(id, fields);
    },
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: tenantKeys.all }),
  });
}
