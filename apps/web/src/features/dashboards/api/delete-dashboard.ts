import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletedDashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { DASHBOARDS_KEY } from './get-dashboards';

/** DELETE /api/dashboards/{id}. */
export const deleteDashboard = (id: number) => api.delete(`/dashboards/${id}`, { schema: DeletedDashboard });

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDashboard(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARDS_KEY }),
  });
}
