import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedDashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';
import { refetchAfterWrite } from '@/lib/query-client';
import { dashboardKeys } from './query-keys';

/** DELETE /api/dashboards/{id}. */
export const deleteDashboard = (id: number) => api.delete(`/dashboards/${id}`, { schema: DeletedDashboard });

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => deleteDashboard(id),
    // Told here, so it is said after the page that asked has gone. Only the lists refetch: the
    // deleted one is left to expire, not asked for again while its page may still be mounted (404).
    onSuccess: (_, { name }) => {
      notifyInfo(`Dashboard ${name} deleted.`);
      return refetchAfterWrite(queryClient, { queryKey: dashboardKeys.lists() });
    },
  });
}
