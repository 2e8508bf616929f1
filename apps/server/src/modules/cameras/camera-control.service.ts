import { CameraMove as Move, type CameraMove, type CameraSnapshot } from '@enviro/contracts/cameras';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import type { CameraRow } from './cameras.repository.ts';
import { cameraKey, mayOperate, toSnapshot, type CameraService } from './cameras.service.ts';
import { CameraError, snapshot } from './ffmpeg.ts';
import type { LiveStreams, LiveView } from './live-streams.ts';
import { OnvifError, OnvifPtz } from './onvif-ptz.ts';

export interface CameraControlOptions {
  ffmpeg: string;
  snapshotTimeoutMs: number;
  onvifTimeoutMs: number;
}

/** 502 for a camera that cannot be read (its reason in words), 503 when the server cannot read any (ffmpeg missing). */
export function cameraHttpError(e: CameraError | OnvifError): HttpError {
  if (e instanceof CameraError && e.kind === 'FFMPEG_MISSING') return new HttpError(503, e.message);
  return new HttpError(502, e.message);
}

/**
 * What is done with a camera rather than to its record: live view (LiveStreams), snapshots (ffmpeg,
 * one frame to JPEG) and PTZ moves (ONVIF). Reads are open to whoever reads the camera; moves to
 * its operators (`mayOperate`), each move in the audit log.
 */
export class CameraControlService {
  private readonly profiles = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly cameras: CameraService,
    private readonly live: LiveStreams,
    private readonly options: CameraControlOptions,
  ) {}

  /** Ends the camera's live stream (its address changed, or it was removed); viewers reconnect. */
  restart(key: string): void {
    this.live.close(key);
    this.profiles.delete(key);
  }

  /** A live view of the camera (GET /api/camera/{id}/live); 502/503 naming why it cannot be watched. */
  async watch(auth: Auth, id: number): Promise<LiveView> {
    assertSignedIn(auth);
    const row = await this.cameras.row(auth, id);
    try {
      return await this.live.open(cameraKey(row.tenant_id, row.id), `camera '${row.name}'`, () => this.cameras.sourceOf(row));
    } catch (e) {
      if (e instanceof CameraError) throw cameraHttpError(e);
      throw e;
    }
  }

  /** POST /api/camera/{id}/snapshot: one frame now, kept with the camera. */
  async snapshot(auth: Auth, id: number): Promise<CameraSnapshot> {
    const user = assertSignedIn(auth);
    const row = await this.cameras.row(auth, id);
    const snapshotId = await this.take(row, { reason: 'ON_DEMAND', alertId: null, takenBy: user.userId });
    const [taken] = (await this.cameras.cameras.snapshots(row.tenant_id, row.id, 1)).filter((s) => s.id === snapshotId);
    return toSnapshot(taken!);
  }

  /** The JPEG of a snapshot of a camera the caller reads. */
  async image(auth: Auth, id: number): Promise<{ jpeg: Buffer; takenAt: Date; camera: string }> {
    assertSignedIn(auth);
    const found = await this.cameras.cameras.snapshotImage(await this.cameras.scope(auth), id);
    if (!found) throw notFound(`No snapshot with id= ${id} exists`);
    return { jpeg: found.jpeg, takenAt: found.taken_at, camera: found.camera };
  }

  /**
   * One frame of the camera as JPEG; its health follows (ONLINE with the frame's time, or OFFLINE /
   * UNAVAILABLE with the reason). Throws an HttpError (502/503) naming why it could not be read.
   */
  async probe(row: CameraRow): Promise<Buffer> {
    try {
      const jpeg = await snapshot(this.options.ffmpeg, await this.cameras.sourceOf(row), this.options.snapshotTimeoutMs, `camera '${row.name}'`);
      await this.cameras.cameras.health(row.tenant_id, row.id, { kind: 'frame', at: new Date() });
      return jpeg;
    } catch (e) {
      if (!(e instanceof CameraError)) throw e;
      await this.cameras.cameras.health(row.tenant_id, row.id, { kind: 'failed', status: e.kind === 'FFMPEG_MISSING' ? 'UNAVAILABLE' : 'OFFLINE', reason: e.message, at: new Date() });
      throw cameraHttpError(e);
    }
  }

  /** Takes a snapshot of the camera and stores it (with the alert it belongs to); its id. */
  async take(row: CameraRow, s: { reason: 'ON_DEMAND' | 'EXCEEDANCE'; alertId: string | null; takenBy: number | null }): Promise<string> {
    const at = new Date();
    const jpeg = await this.probe(row);
    return this.cameras.cameras.insertSnapshot({ tenantId: row.tenant_id, cameraId: row.id, reason: s.reason, alertId: s.alertId, takenBy: s.takenBy, jpeg, at });
  }

  /**
   * POST /api/camera/{id}/move: pan, tilt and zoom for a moment, stop, go to a named preset or store
   * one, through the camera's ONVIF PTZ service. Every move, refused or not by the camera, is in the
   * audit log.
   */
  async move(auth: Auth, id: number, input: CameraMove): Promise<{ id: number; action: string; presets: string[] }> {
    const user = assertSignedIn(auth);
    const m = Move.parse(input);
    const row = await this.cameras.row(auth, id);
    if (!mayOperate(user, row.tenant_id)) throw forbidden("only the industry's administrators and site staff may move a camera; others watch");
    if (!row.has_onvif) throw conflict('id', `camera '${row.name}' has no ONVIF address, so it cannot pan, tilt or zoom: add its ONVIF device service to the camera`);
    const key = cameraKey(row.tenant_id, row.id);
    const secrets = await this.cameras.secretsOf(row.tenant_id, row.id);
    const ptz = new OnvifPtz({ url: secrets.onvifUrl!, username: secrets.username, password: secrets.password }, `camera '${row.name}'`, this.options.onvifTimeoutMs);
    let error: OnvifError | null = null;
    let savedToken: string | null = null;
    try {
      let profile = this.profiles.get(key);
      if (!profile) {
        profile = await ptz.profileToken();
        this.profiles.set(key, profile);
      }
      if (m.action === 'move') {
        await ptz.continuousMove(profile, { pan: m.pan, tilt: m.tilt, zoom: m.zoom, timeoutMs: m.durationMs });
        const stopAt = profile;
        // The camera stops itself after the Timeout sent with the move; the Stop is for cameras that ignore it.
        setTimeout(() => void ptz.stop(stopAt).catch(() => undefined), m.durationMs).unref();
      } else if (m.action === 'stop') {
        await ptz.stop(profile);
      } else if (m.action === 'goto') {
        const token = await this.cameras.cameras.presetToken(row.tenant_id, row.id, m.preset);
        if (!token) throw conflict('preset', `camera '${row.name}' has no preset '${m.preset}'; store it first (action 'save')`);
        await ptz.gotoPreset(profile, token);
      } else {
        const token = await this.cameras.cameras.presetToken(row.tenant_id, row.id, m.preset);
        savedToken = await ptz.setPreset(profile, m.preset, token);
      }
    } catch (e) {
      if (!(e instanceof OnvifError)) throw e;
      error = e;
      this.profiles.delete(key);
    }
    await this.db.transaction().execute(async (trx) => {
      if (savedToken !== null) await this.cameras.cameras.in(trx).upsertPreset(row.tenant_id, row.id, (m as { preset: string }).preset, savedToken);
      await recordAudit(trx, {
        tenantId: row.tenant_id,
        actor: `user:${user.userId}`,
        actorUserId: user.userId,
        action: `camera.${m.action === 'save' ? 'preset' : 'move'}`,
        entity: `camera:${row.id}`,
        before: null,
        after: { ...m, outcome: error ? error.message : 'done' },
      });
    });
    if (error) throw cameraHttpError(error);
    const presets = (await this.cameras.cameras.byKey(row.tenant_id, row.id))?.presets ?? [];
    return { id: Number(row.id), action: m.action, presets };
  }
}
