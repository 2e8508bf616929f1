/**
 * Cameras: IP cameras with pan, tilt and zoom on an industry's stations, watched live through the
 * server, moved through ONVIF, snapshots on demand and on exceedances, health, and playlists shown on
 * a tiled wall (issue 32, docs/CAMERAS.md).
 * SPEC 1 (cameras, camera playlists), 7 (Cameras: GET/POST/PUT /camera, /cameraDetail/{id},
 * /getEntitiesForCamera, /cameraData; camera move; playlists; the entity list's `camera` filter).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import { startPollingWorker } from '../../platform/jobs/polling-worker.ts';
import { CameraControlService } from './camera-control.service.ts';
import { cameraHealthPass } from './camera-health.ts';
import { cameraOfflineAlertPass, type OfflineAlerts } from './camera-offline-alerts.ts';
import { exceedanceSnapshotPass, type ExceedanceFeed } from './exceedance-snapshots.ts';
import { CameraPlaylistService } from './camera-playlists.service.ts';
import { cameraRoutes, playlistRoutes } from './cameras.routes.ts';
import { CameraService } from './cameras.service.ts';
import { ffmpegVersion } from './ffmpeg.ts';
import { LiveStreams, type LiveStreamOptions } from './live-streams.ts';

export interface CamerasModule {
  cameras: CameraService;
  control: CameraControlService;
  playlists: CameraPlaylistService;
  live: LiveStreams;
  /** One pass of the health check and then of the offline alerts (the worker's; tests call it with a moved clock). */
  healthPass: (now?: Date) => Promise<boolean>;
  /** One pass of the offline alerts alone (the demo's seed). */
  offlineAlertPass: (now?: Date) => Promise<boolean>;
  /** A camera was removed (its key): its offline alert, if open, is resolved (nothing would ever bring it back). */
  removed: (key: string) => Promise<void>;
  /** The snapshots attached to alerts, for their mails (given to the alerts module). */
  alertPictures: (alerts: readonly { tenantId: number; alertId: string }[]) => Promise<{ alertId: string; camera: string; takenAt: Date; jpeg: Buffer }[]>;
  /** One pass of the exceedance snapshots (the worker's; tests call it). */
  exceedancePass: (now?: Date) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cameras: CamerasModule;
  }
}

export interface CamerasModuleOptions {
  /** The ffmpeg program (FFMPEG_PATH); default `ffmpeg` on the PATH. */
  ffmpeg?: string;
  /** Timeouts of live streams (tests shorten them). */
  live?: Partial<Omit<LiveStreamOptions, 'ffmpeg'>>;
  snapshotTimeoutMs?: number;
  onvifTimeoutMs?: number;
}

export const camerasModule = areaModule({
  name: 'cameras',
  decorate: 'cameras',
  dependencies: ['database', 'auth', 'workers', 'entities', 'regulator', 'alerts'],
  build(app, opts: CamerasModuleOptions) {
    const db = app.database.db;
    const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
    // Addresses and credentials are sealed with the regulator credentials' key and vault.
    const vault = app.regulator.vault;
    let cameras: CameraService | undefined;
    const [tenantOf, idOf] = [(key: string) => Number(key.split('/')[0]), (key: string) => key.split('/')[1]!];
    const live = new LiveStreams(
      { ...opts.live, ffmpeg },
      {
        frame: (key, at) => void cameras?.cameras.health(tenantOf(key), idOf(key), { kind: 'frame', at }).catch((err: unknown) => app.log.warn({ err }, 'camera health not recorded')),
        failed: (key, e) =>
          void cameras?.cameras
            .health(tenantOf(key), idOf(key), { kind: 'failed', status: e.kind === 'FFMPEG_MISSING' ? 'UNAVAILABLE' : 'OFFLINE', reason: e.message, at: new Date() })
            .catch((err: unknown) => app.log.warn({ err }, 'camera health not recorded')),
      },
      app.log,
    );
    cameras = new CameraService(db, app.entities.entities, vault, (key) => live.viewers(key));
    const repository = cameras.cameras;
    app.entities.showCamerasFrom({ nodesWithCameras: async (tenantIds) => new Set((await repository.nodesWithCameras(tenantIds)).map((r) => `${r.tenant_id}/${r.entity_id}`)) });
    // Exceedance alerts come from the alerts module's episodes (an interface of ours, filled here).
    const episodes = app.alerts.episodes;
    const feed: ExceedanceFeed = { exceedancesOpened: (since, limit) => episodes.exceedancesOpened(since, limit) };
    const alertPictures: CamerasModule['alertPictures'] = async (keys) => {
      const byTenant = new Map<number, string[]>();
      for (const k of keys) byTenant.set(k.tenantId, [...(byTenant.get(k.tenantId) ?? []), k.alertId]);
      const found = await Promise.all([...byTenant].map(([tenantId, ids]) => repository.picturesOfAlerts(tenantId, ids)));
      return found.flat().map((p) => ({ alertId: p.alert_id, camera: p.camera, takenAt: p.taken_at, jpeg: p.jpeg }));
    };
    // Alert mails carry the snapshots of their alert (the alerts module's port, given here).
    app.alerts.showSnapshotsFrom({ snapshots: alertPictures });
    // A camera offline for 15 minutes raises a system alert through the alerts module's raised alerts.
    const offlineAlerts: OfflineAlerts = { raise: (a, now) => app.alerts.raised.raise(a, now), resolve: (r, now) => app.alerts.raised.resolve(r, now) };
    const control = new CameraControlService(db, cameras, live, { ffmpeg, snapshotTimeoutMs: opts.snapshotTimeoutMs ?? 10_000, onvifTimeoutMs: opts.onvifTimeoutMs ?? 5000 });
    const services: CamerasModule = {
      cameras,
      control,
      playlists: new CameraPlaylistService(db, cameras.cameras),
      live,
      healthPass: async (now = new Date()) => {
        const more = await cameraHealthPass(cameras, control, (key) => live.viewers(key), now);
        return (await cameraOfflineAlertPass(offlineAlerts, repository, now)) || more;
      },
      offlineAlertPass: (now = new Date()) => cameraOfflineAlertPass(offlineAlerts, repository, now),
      removed: async (key) => {
        const now = new Date();
        await offlineAlerts.resolve({ tenantId: tenantOf(key), condition: 'CAMERA_OFFLINE', subjectId: idOf(key), endedAt: now, comment: 'the camera was removed' }, now);
      },
      alertPictures,
      exceedancePass: (now) => exceedanceSnapshotPass(feed, cameras, control, now),
    };
    app.workers.add('camera-health', ({ log }) => {
      void ffmpegVersion(ffmpeg).then((v) => (v ? log.info({ ffmpeg: v }, 'cameras read through ffmpeg') : log.warn(`${ffmpeg}: not found; cameras are marked UNAVAILABLE (apt-get install ffmpeg)`)));
      return startPollingWorker(() => services.healthPass(), { idleMs: 30_000, onError: (error) => log.error({ err: error }, 'camera health check failed') });
    });
    app.workers.add('camera-exceedance-snapshots', ({ log }) =>
      startPollingWorker(() => services.exceedancePass(), { idleMs: 15_000, onError: (error) => log.error({ err: error }, 'exceedance snapshots failed') }),
    );
    app.addHook('onClose', async () => live.close());
    return services;
  },
  routes: [cameraRoutes, playlistRoutes],
});
