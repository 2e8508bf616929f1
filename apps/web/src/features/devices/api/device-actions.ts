import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeviceDetail, DeviceToken } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { deviceKeys } from './query-keys';

/** POST /api/devices/{id}/token: a new token; the old one stops at once. */
export const rotateToken = (id: number) => api.post(`/devices/${id}/token`, { schema: DeviceToken });

/** DELETE /api/devices/{id}: removed from service (deletedDate). */
export const removeDevice = (id: number) => api.delete(`/devices/${id}`, { schema: DeviceDetail });

/** POST /api/entity/{entityId}/mount|unmount/device/{deviceId}. */
export const mountDevice = (entityId: number, deviceId: number, mount: boolean) =>
  api.post(`/entity/${entityId}/${mount ? 'mount' : 'unmount'}/device/${deviceId}`, { schema: DeviceDetail });

/** Runs one of the actions above; every device query refetches after it. */
export function useDeviceAction<A>(action: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: deviceKeys.all }) });
}
