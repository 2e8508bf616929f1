import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dashboard, type DashboardInputValues } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { dashboardKeys } from './query-keys';

/** POST /api/dashboards. */
export const createDashboard = (input: DashboardInputValues): Promise<Dashboard> => api.post('/dashboards', { body: input, schema: Dashboard });

/** PUT /api/dashboards/{id}: name, sharing and the whole grid of widgets. */
export const updateDashboard = (id: number, input: DashboardInputValues): Promise<Dashboard> =>
  api.put(`/dashboards/${id}`, { body: input, schema: Dashboard });

/** Creates (no id) or replaces a dashboard; every dashboard query refetches. */
export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DashboardInputValues }) => (id === null ? createDashboard(input) : updateDashboard(id, input)),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: dashboardKeys.all }),
  });
}
