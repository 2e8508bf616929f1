import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeviceDetail, type DeviceBody, type UpdateDeviceBody } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { deviceKeys } from './query-keys';

/** POST /api/devices. */
export const createDevice = (body: DeviceBody): Promise<DeviceDetail> => api.post('/devices', { body, schema: DeviceDetail });

/** PUT /api/devices/{id}. */
export const updateDevice = (id: number, body: UpdateDeviceBody): Promise<DeviceDetail> => api.put(`/devices/${id}`, { body, schema: DeviceDetail });

/** Registers a device (no id) or replaces one; every device query refetches. */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeviceBody }) => (id === null ? createDevice(body) : updateDevice(id, body)),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: deviceKeys.all }),
  });
}
