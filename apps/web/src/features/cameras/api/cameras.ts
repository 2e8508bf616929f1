import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Camera,
  CameraData,
  CameraDetail,
  CameraList,
  CameraMoved,
  CameraSnapshot,
  EntitiesForCamera,
  Playlist,
  PlaylistList,
  SnapshotList,
  type CameraInput,
  type CameraMove,
  type CameraStatus,
  type CameraUpdate,
  type PlaylistInput,
} from '@enviro/contracts/cameras';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { cameraKeys } from './query-keys';

/** How often health is asked again while a screen shows it. */
const HEALTH_EVERY_MS = 30_000;

/** GET /api/camera: the cameras the user reads (of one industry with `tenantId`), with their health. */
export const useCameras = (q: { status?: CameraStatus | undefined; stationId?: number | undefined; tenantId?: number | undefined }) =>
  useQuery({ queryKey: cameraKeys.list(q), queryFn: ({ signal }) => api.get('/camera', { params: { ...q }, schema: CameraList, ...withSignal(signal) }), refetchInterval: HEALTH_EVERY_MS });

/** GET /api/cameraDetail/{id}. */
export const getCameraQueryOptions = (id: number) =>
  queryOptions({ queryKey: cameraKeys.detail(id), queryFn: ({ signal }) => api.get(`/cameraDetail/${id}`, { schema: CameraDetail, ...withSignal(signal) }), refetchInterval: HEALTH_EVERY_MS });

/** GET /api/cameraData: health of the listed cameras (the wall's tiles). */
export const useCameraHealth = (ids: readonly number[]) =>
  useQuery({
    queryKey: cameraKeys.health(ids),
    queryFn: ({ signal }) => api.get('/cameraData', { params: { ids: ids.join(',') }, schema: CameraData, ...withSignal(signal) }),
    enabled: ids.length > 0,
    refetchInterval: HEALTH_EVERY_MS,
  });

/** GET /api/getEntitiesForCamera: the stations a camera may watch. */
export const useStationsForCamera = (tenantId: number) =>
  useQuery({ queryKey: cameraKeys.stations(tenantId), queryFn: ({ signal }) => api.get('/getEntitiesForCamera', { params: { tenantId }, schema: EntitiesForCamera, ...withSignal(signal) }) });

/** GET /api/cameraPlaylists. */
export const usePlaylists = () => useQuery({ queryKey: cameraKeys.playlists, queryFn: ({ signal }) => api.get('/cameraPlaylists', { schema: PlaylistList, ...withSignal(signal) }) });

/** GET /api/cameraSnapshots?alertId=: pictures attached to an exceedance alert. */
export const getAlertSnapshotsQueryOptions = (alertId: number) =>
  queryOptions({ queryKey: cameraKeys.alert(alertId), queryFn: ({ signal }) => api.get('/cameraSnapshots', { params: { alertId }, schema: SnapshotList, ...withSignal(signal) }) });

function useCameraWrite<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refetchAfterWrite(queryClient, { queryKey: cameraKeys.all }) });
}

export const useCreateCamera = () => useCameraWrite((body: CameraInput) => api.post('/camera', { body, schema: Camera }));
export const useUpdateCamera = () => useCameraWrite((body: CameraUpdate) => api.put('/camera', { body, schema: Camera }));
export const useDeleteCamera = () => useCameraWrite((id: number) => api.delete(`/camera/${id}`));
export const useMoveCamera = (id: number) => useCameraWrite((body: CameraMove) => api.post(`/camera/${id}/move`, { body, schema: CameraMoved }));
export const useTakeSnapshot = (id: number) => useCameraWrite(() => api.post(`/camera/${id}/snapshot`, { schema: CameraSnapshot }));
export const useSavePlaylist = (id: number | null) =>
  useCameraWrite((body: PlaylistInput) => (id === null ? api.post('/cameraPlaylists', { body, schema: Playlist }) : api.put(`/cameraPlaylists/${id}`, { body, schema: Playlist })));
export const useDeletePlaylist = () => useCameraWrite((id: number) => api.delete(`/cameraPlaylists/${id}`));
