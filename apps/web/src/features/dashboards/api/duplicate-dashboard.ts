import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { dashboardKeys } from './query-keys';

/** POST /api/dashboards/{id}/duplicate: a copy the caller owns. */
export const duplicateDashboard = (id: number, name?: string): Promise<Dashboard> =>
  api.post(`/dashboards/${id}/duplicate`, { body: name ? { name } : {}, schema: Dashboard });

export function useDuplicateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string }) => duplicateDashboard(id, name),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: dashboardKeys.all }),
  });
}
