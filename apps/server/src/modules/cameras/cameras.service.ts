import {
  CameraInput as Input,
  CameraUpdate as Update,
  type Camera,
  type CameraData,
  type CameraDetail,
  type CameraInput,
  type CameraList,
  type CameraSnapshot,
  type CameraStatus,
  type CameraUpdate,
  type EntitiesForCamera,
} from '@enviro/contracts/cameras';
import { assertMayChangeFleet, assertSignedIn, fleetTenant, mayChangeFleet, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { SecretVault } from '../../platform/secrets/secret-vault.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { CameraRepository, type CameraRow, type CameraScope, type SnapshotRow } from './cameras.repository.ts';
import type { CameraSource } from './ffmpeg.ts';

/** What is sealed in `camera.secrets`: the address and credentials, never shown. */
export interface CameraSecrets {
  rtspUrl: string;
  username?: string;
  password?: string;
  onvifUrl?: string;
}

export const cameraNotFound = (id: number) => notFound(`No camera with id= ${id} exists`);

/** Whether the caller may move the camera: the industry's administrators and site staff (boards and partners only watch). */
export function mayOperate(auth: Auth, tenantId: number): boolean {
  return auth.kind === 'user' && auth.userType !== 'partner' && mayChangeFleet(auth, tenantId);
}

/** Viewers of a camera on this server (the live streams). */
export type ViewerCount = (key: string) => number;

export const cameraKey = (tenantId: number, id: string | number) => `${tenantId}/${id}`;

/**
 * Cameras (SPEC 7 Cameras: GET/POST/PUT /camera, /cameraDetail/{id}, /getEntitiesForCamera,
 * /cameraData; issue 32): a camera of an industry on one of its stations (or on the industry), its
 * address and credentials sealed at rest and never answered, its health. A camera on a station needs
 * the station's camera add-on (property Camera 'True', the count /api/usedCameraAddOnStations gives).
 */
export class CameraService {
  readonly cameras: CameraRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly vault: SecretVault,
    private readonly viewers: ViewerCount,
  ) {
    this.cameras = new CameraRepository(db);
  }

  async list(auth: Auth, q: { tenantId?: number | undefined; stationId?: number | undefined; status?: CameraStatus | undefined }): Promise<CameraList> {
    const scope = await this.scope(auth, q.tenantId);
    const rows = await this.cameras.list(scope, q);
    return { items: rows.map((r) => this.toCamera(auth, r)), total: rows.length };
  }

  async detail(auth: Auth, id: number): Promise<CameraDetail> {
    const row = await this.row(auth, id);
    const snapshots = await this.cameras.snapshots(row.tenant_id, row.id, 12);
    return {
      ...this.toCamera(auth, row),
      liveUrl: `/api/camera/${row.id}/live`,
      mimeType: 'video/mp4; codecs="avc1.42E01E"',
      snapshots: snapshots.map(toSnapshot),
    };
  }

  async health(auth: Auth, q: { tenantId?: number | undefined; ids?: number[] | undefined }): Promise<CameraData> {
    const rows = await this.cameras.list(await this.scope(auth, q.tenantId), { ids: q.ids });
    return { items: rows.map((r) => ({ id: Number(r.id), name: r.name, health: this.toHealth(r) })), at: new Date().toISOString() };
  }

  async stationsFor(auth: Auth, tenantId: number | undefined): Promise<EntitiesForCamera> {
    const id = fleetTenant(auth, tenantId);
    const rows = await this.cameras.stations(id, await this.entities.restriction(auth));
    return { tenantId: id, items: rows.map((r) => ({ id: Number(r.id), name: r.name, type: r.type, cameraAddOn: r.camera_add_on, cameras: r.cameras })) };
  }

  async create(auth: Auth, input: CameraInput): Promise<Camera> {
    assertSignedIn(auth);
    const c = Input.parse(input);
    const tenantId = fleetTenant(auth, c.tenantId);
    const user = assertMayChangeFleet(auth, tenantId);
    await this.assertPlace(user, tenantId, c.stationId);
    const secrets: CameraSecrets = { rtspUrl: c.rtspUrl, ...(c.username ? { username: c.username } : {}), ...(c.password ? { password: c.password } : {}), ...(c.onvifUrl ? { onvifUrl: c.onvifUrl } : {}) };
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.cameras.in(trx).insert({
        tenantId,
        entityId: c.stationId,
        name: c.name,
        secrets: this.vault.seal(secrets)!,
        hasCredentials: Boolean(c.username || c.password),
        hasOnvif: Boolean(c.onvifUrl),
        transport: c.rtspTransport,
      });
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'camera.create', entity: `camera:${id}`, before: null, after: auditView(c.name, c.stationId, secrets, c.rtspTransport) });
      return id;
    });
    return this.toCamera(auth, (await this.cameras.byKey(tenantId, id))!);
  }

  /** PUT /api/camera: what the body names changes; a new address or credentials end the running stream. */
  async update(auth: Auth, input: CameraUpdate): Promise<{ camera: Camera; sourceChanged: boolean; key: string }> {
    assertSignedIn(auth);
    const c = Update.parse(input);
    const row = await this.row(auth, c.id);
    const user = assertMayChangeFleet(auth, row.tenant_id);
    const stationId = c.stationId === undefined ? (row.entity_id === null ? null : Number(row.entity_id)) : c.stationId;
    if (c.stationId !== undefined && c.stationId !== (row.entity_id === null ? null : Number(row.entity_id))) await this.assertPlace(user, row.tenant_id, stationId);
    const before = await this.secretsOf(row.tenant_id, row.id);
    const after: CameraSecrets = { ...before };
    if (c.rtspUrl !== undefined) after.rtspUrl = c.rtspUrl;
    for (const field of ['username', 'password', 'onvifUrl'] as const) {
      const v = c[field];
      if (v === null || v === '') delete after[field];
      else if (v !== undefined) after[field] = v;
    }
    const transport = c.rtspTransport ?? row.rtsp_transport;
    const sourceChanged = after.rtspUrl !== before.rtspUrl || after.username !== before.username || after.password !== before.password || transport !== row.rtsp_transport;
    const name = c.name ?? row.name;
    await this.db.transaction().execute(async (trx) => {
      await this.cameras.in(trx).update(row.tenant_id, row.id, {
        entityId: stationId,
        name,
        secrets: this.vault.seal(after)!,
        hasCredentials: Boolean(after.username || after.password),
        hasOnvif: Boolean(after.onvifUrl),
        transport,
        resetHealth: sourceChanged,
      });
      await recordAudit(trx, {
        tenantId: row.tenant_id,
        actor: `user:${user.userId}`,
        actorUserId: user.userId,
        action: 'camera.update',
        entity: `camera:${row.id}`,
        before: auditView(row.name, row.entity_id === null ? null : Number(row.entity_id), before, row.rtsp_transport),
        after: auditView(name, stationId, after, transport),
      });
    });
    return { camera: this.toCamera(auth, (await this.cameras.byKey(row.tenant_id, row.id))!), sourceChanged, key: cameraKey(row.tenant_id, row.id) };
  }

  async delete(auth: Auth, id: number): Promise<string> {
    const row = await this.row(auth, id);
    const user = assertMayChangeFleet(auth, row.tenant_id);
    await this.db.transaction().execute(async (trx) => {
      await this.cameras.in(trx).delete(row.tenant_id, row.id);
      await recordAudit(trx, { tenantId: row.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'camera.delete', entity: `camera:${row.id}`, before: { name: row.name, stationId: row.entity_id }, after: null });
    });
    return cameraKey(row.tenant_id, row.id);
  }

  /** A camera the caller reads, else 404 (another tenant's, or on a station hidden from them). */
  async row(auth: Auth, id: number): Promise<CameraRow> {
    const row = await this.cameras.byId(await this.scope(auth), id);
    if (!row) throw cameraNotFound(id);
    return row;
  }

  /** The sealed address and credentials; 409 when they were sealed under another key (the key changed: enter them again). */
  async secretsOf(tenantId: number, id: string): Promise<CameraSecrets> {
    const sealed = (await this.cameras.secrets(tenantId, id)) ?? null;
    try {
      return this.vault.openAs<CameraSecrets>(sealed);
    } catch {
      throw conflict('rtspUrl', "the camera's address and credentials were sealed under another key (REGULATOR_KEY or DATA_DIR/regulator.key changed): enter them again");
    }
  }

  /** Where the server reads the camera from (inside the server only). */
  async sourceOf(row: CameraRow): Promise<CameraSource> {
    const s = await this.secretsOf(row.tenant_id, row.id);
    return { rtspUrl: s.rtspUrl, username: s.username, password: s.password, transport: row.rtsp_transport };
  }

  /** Snapshots attached to an alert the caller reads (the alert page). */
  async alertSnapshots(auth: Auth, alertId: number): Promise<CameraSnapshot[]> {
    return (await this.cameras.alertSnapshots(await this.scope(auth), alertId)).map(toSnapshot);
  }

  async scope(auth: Auth, tenantId?: number): Promise<CameraScope> {
    const tenantIds = scopeTenantIds(auth, tenantId === undefined ? undefined : [tenantId]);
    return { tenantIds, restriction: await this.entities.restriction(auth) };
  }

  /** A station must be an ENABLED station of the tenant the caller sees, with the camera add-on; a camera of the industry needs the add-on on one of its stations. */
  private async assertPlace(user: UserAuth, tenantId: number, stationId: number | null): Promise<void> {
    const stations = await this.cameras.stations(tenantId, await this.entities.restriction(user));
    if (stationId === null) {
      if (!stations.some((s) => s.camera_add_on)) throw conflict('stationId', 'the industry has no station with the camera add-on; turn on the Camera property of a station (licences: /api/usedCameraAddOnStations) first');
      return;
    }
    const station = stations.find((s) => Number(s.id) === stationId);
    if (!station) throw badRequest('stationId', `no station ${stationId} in this industry`);
    if (!station.camera_add_on) throw conflict('stationId', `station '${station.name}' has no camera add-on; turn on its Camera property (counted against the licence by /api/usedCameraAddOnStations) first`);
  }

  toHealth(r: CameraRow): Camera['health'] {
    return {
      status: r.status,
      reason: r.status_reason,
      lastFrameAt: r.last_frame_at?.toISOString() ?? null,
      checkedAt: r.checked_at?.toISOString() ?? null,
      offlineSince: r.offline_since?.toISOString() ?? null,
      viewers: this.viewers(cameraKey(r.tenant_id, r.id)),
    };
  }

  toCamera(auth: Auth, r: CameraRow): Camera {
    return {
      id: Number(r.id),
      tenantId: r.tenant_id,
      industry: r.industry,
      stationId: r.entity_id === null ? null : Number(r.entity_id),
      station: r.station,
      name: r.name,
      hasCredentials: r.has_credentials,
      ptz: r.has_onvif,
      rtspTransport: r.rtsp_transport,
      presets: r.presets,
      health: this.toHealth(r),
      mayOperate: r.has_onvif && mayOperate(auth, r.tenant_id),
      mayEdit: mayChangeFleet(auth, r.tenant_id),
      createdAt: r.created_at.toISOString(),
    };
  }
}

/** What the audit log keeps of a camera: never its address or credentials, only that they are set. */
function auditView(name: string, stationId: number | null, s: CameraSecrets, transport: string) {
  return { name, stationId, rtspTransport: transport, credentials: Boolean(s.username || s.password), onvif: Boolean(s.onvifUrl) };
}

export function toSnapshot(s: SnapshotRow): CameraSnapshot {
  return {
    id: Number(s.id),
    cameraId: Number(s.camera_id),
    camera: s.camera,
    takenAt: s.taken_at.toISOString(),
    reason: s.reason,
    alertId: s.alert_id === null ? null : Number(s.alert_id),
    imageUrl: `/api/cameraSnapshots/${s.id}/image`,
    bytes: s.bytes,
  };
}

