import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedDashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';
import { DASHBOARDS_KEY } from './get-dashboards';

/** DELETE /api/dashboards/{id}. */
export const deleteDashboard = (id: number) => api.delete(`/dashboards/${id}`, { schema: DeletedDashboard });

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => deleteDashboard(id),
    // Told here, so it is said after the page that asked has gone. The deleted one is dropped,
    // not asked for again (it would answer 404); the lists refetch.
    onSuccess: (_, { id, name }) => {
      notifyInfo(`Dashboard ${name} deleted.`);
      queryClient.removeQueries({ queryKey: [...DASHBOARDS_KEY, 'one', id] });
      return queryClient.invalidateQueries({ queryKey: [...DASHBOARDS_KEY, 'list'] });
    },
  });
}
