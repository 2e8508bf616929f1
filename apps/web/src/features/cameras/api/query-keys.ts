import type { CameraStatus } from '@enviro/contracts/cameras';

const ROOT = ['cameras'] as const;

/** Cameras and playlists: any write refetches `all`. */
export const cameraKeys = {
  all: ROOT,
  list: (q: { status?: CameraStatus | undefined; stationId?: number | undefined; tenantId?: number | undefined }) => [...ROOT, 'list', q] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
  stations: (tenantId: number) => [...ROOT, 'stations', tenantId] as const,
  playlists: [...ROOT, 'playlists'] as const,
  alert: (alertId: number) => [...ROOT, 'alert', alertId] as const,
  health: (ids: readonly number[]) => [...ROOT, 'health', ids] as const,
};

