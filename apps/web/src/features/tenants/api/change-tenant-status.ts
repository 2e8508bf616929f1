import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantPatch } from '@enviro/contracts/tenants';
import type { TenantStatus } from '@enviro/contracts/common';
import { TenantInfo } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { tenantKeys } from './query-keys';

/** The statuses a patch may set (DELETED only by DELETE). */
export type SettableStatus = Exclude<TenantStatus, 'DELETED'>;

/** PATCH /api/tenants/{id} with [{op: 'SET', att: 'status', value}] (SPEC 4). */
export const changeTenantStatus = (id: number, status: SettableStatus): Promise<TenantInfo> => {
  const body: TenantPatch = [{ op: 'SET', att: 'status', value: status }];
  return api.patch(`/tenants/${id}`, { body, schema: TenantInfo });
};

/** DELETE /api/tenants/{id}: soft delete, the status becomes DELETED. */
export const deleteTenant = (id: number): Promise<TenantInfo> => api.delete(`/tenants/${id}`, { schema: TenantInfo });

export function useChangeTenantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SettableStatus }) => changeTenantStatus(id, status),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: tenantKeys.all }),
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTenant(id),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: tenantKeys.all }),
  });
}
