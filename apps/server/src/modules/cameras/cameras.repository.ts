import type { CameraStatus } from '@enviro/contracts/cameras';
import { sql, type RawBuilder } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { Repository } from '../../platform/database/repository.ts';
import { ENTITY_ROWS, isStationSql, visibleStationSql } from '../entities/entities.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

export interface CameraRow {
  tenant_id: number;
  id: string;
  industry: string;
  entity_id: string | null;
  station: string | null;
  name: string;
  has_credentials: boolean;
  has_onvif: boolean;
  rtsp_transport: 'tcp' | 'udp';
  status: CameraStatus;
  status_reason: string | null;
  last_frame_at: Date | null;
  checked_at: Date | null;
  offline_since: Date | null;
  offline_alerted_at: Date | null;
  presets: string[];
  created_at: Date;
}

/** Which cameras a caller reads: its tenants, and a station restriction (a restricted user sees no camera of the industry as a whole). */
export interface CameraScope {
  tenantIds: readonly number[];
  restriction: EntityRestriction | null;
}

export interface SnapshotRow {
  tenant_id: number;
  id: string;
  camera_id: string;
  camera: string;
  taken_at: Date;
  reason: 'ON_DEMAND' | 'EXCEEDANCE';
  alert_id: string | null;
  bytes: number;
}

export interface PlaylistRow {
  tenant_id: number;
  id: string;
  industry: string;
  name: string;
  layout: number;
  interval_seconds: number;
  updated_at: Date;
  cameras: { id: number; name: string; station: string | null }[];
}

/** A camera offline long enough for its alert. */
export interface OfflineCamera {
  tenant_id: number;
  id: string;
  entity_id: string | null;
  name: string;
  status_reason: string | null;
  last_frame_at: Date | null;
  offline_since: Date;
}

/** Health as the streams, snapshots and the health worker learn it. */
export type HealthUpdate =
  | { kind: 'frame'; at: Date }
  | { kind: 'failed'; status: 'OFFLINE' | 'UNAVAILABLE'; reason: string; at: Date };

/** Cameras, their presets, snapshots, exceedance snapshots due, and playlists (160_cameras.sql). */
export class CameraRepository extends Repository {
  private scoped(scope: CameraScope): RawBuilder<boolean> {
    const visible = scope.restriction
      ? sql`(c.tenant_id <> ${scope.restriction.tenantId} OR (c.entity_id IS NOT NULL AND ${visibleStationSql(scope.restriction, 'c.tenant_id', 'c.entity_id')}))`
      : sql`true`;
    return sql<boolean>`c.tenant_id = ANY(${sql.val([...scope.tenantIds])}::int[]) AND ${visible}`;
  }

  private select(where: RawBuilder<boolean>) {
    return sql<CameraRow>`
      SELECT c.tenant_id, c.id, t.name AS industry, c.entity_id, e.name AS station, c.name, c.has_credentials, c.has_onvif, c.rtsp_transport,
             c.status, c.status_reason, c.last_frame_at, c.checked_at, c.offline_since, c.offline_alerted_at, c.created_at,
             coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM camera_preset p WHERE p.tenant_id = c.tenant_id AND p.camera_id = c.id), '{}') AS presets
      FROM camera c
      JOIN ${TENANT_ROWS} t ON t.id = c.tenant_id
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = c.tenant_id AND e.id = c.entity_id
      WHERE ${where}`;
  }

  async list(scope: CameraScope, f: { stationId?: number | undefined; status?: CameraStatus | undefined; ids?: readonly number[] | undefined }): Promise<CameraRow[]> {
    const where = sql.join(
      [
        this.scoped(scope),
        f.stationId !== undefined ? sql`c.entity_id = ${f.stationId}` : sql`true`,
        f.status ? sql`c.status = ${f.status}` : sql`true`,
        f.ids ? sql`c.id = ANY(${sql.val([...f.ids])}::bigint[])` : sql`true`,
      ],
      sql` AND `,
    ) as RawBuilder<boolean>;
    const { rows } = await sql<CameraRow>`${this.select(where)} ORDER BY t.name, e.name NULLS FIRST, c.name, c.id`.execute(this.db);
    return rows;
  }

  async byId(scope: CameraScope, id: number): Promise<CameraRow | undefined> {
    const { rows } = await this.select(sql<boolean>`${this.scoped(scope)} AND c.id = ${id}`).execute(this.db);
    return rows[0];
  }

  /** A camera by key, whoever asks (workers and the live streams, after the service checked access). */
  async byKey(tenantId: number, id: string): Promise<CameraRow | undefined> {
    const { rows } = await this.select(sql<boolean>`c.tenant_id = ${tenantId} AND c.id = ${id}`).execute(this.db);
    return rows[0];
  }

  async secrets(tenantId: number, id: string): Promise<string | undefined> {
    const { rows } = await sql<{ secrets: string }>`SELECT secrets FROM camera WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
    return rows[0]?.secrets;
  }

  async insert(c: { tenantId: number; entityId: number | null; name: string; secrets: string; hasCredentials: boolean; hasOnvif: boolean; transport: 'tcp' | 'udp' }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO camera (tenant_id, entity_id, name, secrets, has_credentials, has_onvif, rtsp_transport)
      VALUES (${c.tenantId}, ${c.entityId}, ${c.name}, ${c.secrets}, ${c.hasCredentials}, ${c.hasOnvif}, ${c.transport}) RETURNING id`.execute(this.db);
    return rows[0]!.id;
  }

  /**
   * Replaces what a PUT changes; a new address or credentials reset the health to UNKNOWN (an offline
   * alert raised stays open until the camera sends pictures).
   */
  async update(tenantId: number, id: string, c: { entityId: number | null; name: string; secrets: string; hasCredentials: boolean; hasOnvif: boolean; transport: 'tcp' | 'udp'; resetHealth: boolean }): Promise<void> {
    await sql`
      UPDATE camera SET entity_id = ${c.entityId}, name = ${c.name}, secrets = ${c.secrets}, has_credentials = ${c.hasCredentials}, has_onvif = ${c.hasOnvif},
             rtsp_transport = ${c.transport}, updated_at = now(),
             status = CASE WHEN ${c.resetHealth} THEN 'UNKNOWN' ELSE status END,
             status_reason = CASE WHEN ${c.resetHealth} THEN NULL ELSE status_reason END,
             offline_since = CASE WHEN ${c.resetHealth} THEN NULL ELSE offline_since END
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async delete(tenantId: number, id: string): Promise<void> {
    await sql`DELETE FROM camera WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** Records what was learnt of a camera's health: a frame makes it ONLINE, a failure OFFLINE (or UNAVAILABLE) since the first failure. */
  async health(tenantId: number, id: string, u: HealthUpdate): Promise<void> {
    if (u.kind === 'frame') {
      // offline_alerted_at stays until the offline alerts pass has resolved the alert (camera-offline-alerts.ts).
      await sql`
        UPDATE camera SET status = 'ONLINE', status_reason = NULL, last_frame_at = greatest(last_frame_at, ${u.at}), checked_at = ${u.at},
               offline_since = NULL
        WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
      return;
    }
    await sql`
      UPDATE camera SET status = ${u.status}, status_reason = ${u.reason}, checked_at = ${u.at},
             offline_since = CASE WHEN status IN ('OFFLINE', 'UNAVAILABLE') AND offline_since IS NOT NULL THEN offline_since ELSE ${u.at} END
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /**
   * Claims up to `limit` cameras whose last check is older than `before` (oldest first) by setting
   * their check time to `now`: several servers share the checks (SKIP LOCKED), none probes a camera
   * another just claimed.
   */
  async claimForCheck(before: Date, now: Date, limit: number): Promise<{ tenant_id: number; id: string }[]> {
    const { rows } = await sql<{ tenant_id: number; id: string }>`
      UPDATE camera c SET checked_at = ${now}
      FROM (SELECT tenant_id, id FROM camera WHERE checked_at IS NULL OR checked_at < ${before}
            ORDER BY checked_at NULLS FIRST LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE c.tenant_id = due.tenant_id AND c.id = due.id
      RETURNING c.tenant_id, c.id`.execute(this.db);
    return rows;
  }

  /**
   * Claims the cameras OFFLINE since `before` or earlier whose offline alert is not raised yet, marking
   * it raised at `now` (SKIP LOCKED: one server raises each); UNAVAILABLE (the server has no ffmpeg)
   * is the server's fault, not the camera's, and raises nothing.
   */
  async claimOfflineAlerts(before: Date, now: Date, limit: number): Promise<OfflineCamera[]> {
    const { rows } = await sql<OfflineCamera>`
      UPDATE camera c SET offline_alerted_at = ${now}
      FROM (SELECT tenant_id, id FROM camera WHERE status = 'OFFLINE' AND offline_since <= ${before} AND offline_alerted_at IS NULL
            ORDER BY offline_since LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE c.tenant_id = due.tenant_id AND c.id = due.id
      RETURNING c.tenant_id, c.id, c.entity_id, c.name, c.status_reason, c.last_frame_at, c.offline_since`.execute(this.db);
    return rows;
  }

  /** Claims the cameras back ONLINE whose offline alert was raised, clearing the mark (the caller resolves the alert). */
  async claimBackOnline(limit: number): Promise<{ tenant_id: number; id: string; name: string; last_frame_at: Date | null }[]> {
    const { rows } = await sql<{ tenant_id: number; id: string; name: string; last_frame_at: Date | null }>`
      UPDATE camera c SET offline_alerted_at = NULL
      FROM (SELECT tenant_id, id FROM camera WHERE status = 'ONLINE' AND offline_alerted_at IS NOT NULL
            LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE c.tenant_id = due.tenant_id AND c.id = due.id
      RETURNING c.tenant_id, c.id, c.name, c.last_frame_at`.execute(this.db);
    return rows;
  }

  /** Sets or clears the offline alert mark again (a raise or resolve that failed is tried on the next pass). */
  async setOfflineAlerted(tenantId: number, id: string, at: Date | null): Promise<void> {
    await sql`UPDATE camera SET offline_alerted_at = ${at} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async upsertPreset(tenantId: number, cameraId: string, name: string, token: string): Promise<void> {
    await sql`
      INSERT INTO camera_preset (tenant_id, camera_id, name, token) VALUES (${tenantId}, ${cameraId}, ${name}, ${token})
      ON CONFLICT (tenant_id, camera_id, name) DO UPDATE SET token = EXCLUDED.token, updated_at = now()`.execute(this.db);
  }

  async presetToken(tenantId: number, cameraId: string, name: string): Promise<string | undefined> {
    const { rows } = await sql<{ token: string }>`SELECT token FROM camera_preset WHERE tenant_id = ${tenantId} AND camera_id = ${cameraId} AND name = ${name}`.execute(this.db);
    return rows[0]?.token;
  }

  /** Stations of the tenant a camera may watch, visible to the caller, with the camera add-on flag and cameras on them. */
  async stations(tenantId: number, restriction: EntityRestriction | null): Promise<{ id: string; name: string; type: string; camera_add_on: boolean; cameras: number }[]> {
    const { rows } = await sql<{ id: string; name: string; type: string; camera_add_on: boolean; cameras: number }>`
      SELECT e.id, e.name, e.type, (e.properties @> '[{"name": "Camera", "value": "True"}]'::jsonb) AS camera_add_on,
             (SELECT count(*)::int FROM camera c WHERE c.tenant_id = e.tenant_id AND c.entity_id = e.id) AS cameras
      FROM ${ENTITY_ROWS} e
      WHERE e.tenant_id = ${tenantId} AND e.status = 'ENABLED' AND ${isStationSql('e')} AND ${visibleStationSql(restriction, 'e.tenant_id', 'e.id')}
      ORDER BY e.name, e.id`.execute(this.db);
    return rows;
  }

  /** Nodes of the tenants with at least one camera (the entity list's `camera` filter). */
  async nodesWithCameras(tenantIds: readonly number[]): Promise<{ tenant_id: number; entity_id: string }[]> {
    const { rows } = await sql<{ tenant_id: number; entity_id: string }>`
      SELECT DISTINCT tenant_id, entity_id FROM camera WHERE tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND entity_id IS NOT NULL`.execute(this.db);
    return rows;
  }

  async insertSnapshot(s: { tenantId: number; cameraId: string; reason: 'ON_DEMAND' | 'EXCEEDANCE'; alertId: string | null; takenBy: number | null; jpeg: Buffer; at: Date }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO camera_snapshot (tenant_id, camera_id, taken_at, reason, alert_id, taken_by, jpeg)
      VALUES (${s.tenantId}, ${s.cameraId}, ${s.at}, ${s.reason}, ${s.alertId}, ${s.takenBy}, ${s.jpeg}) RETURNING id`.execute(this.db);
    return rows[0]!.id;
  }

  private selectSnapshots(where: RawBuilder<boolean>) {
    return sql<SnapshotRow>`
      SELECT s.tenant_id, s.id, s.camera_id, c.name AS camera, s.taken_at, s.reason, s.alert_id, length(s.jpeg)::int AS bytes
      FROM camera_snapshot s JOIN camera c ON c.tenant_id = s.tenant_id AND c.id = s.camera_id
      WHERE ${where}`;
  }

  async snapshots(tenantId: number, cameraId: string, limit: number): Promise<SnapshotRow[]> {
    const { rows } = await sql<SnapshotRow>`${this.selectSnapshots(sql<boolean>`s.tenant_id = ${tenantId} AND s.camera_id = ${cameraId}`)} ORDER BY s.taken_at DESC, s.id DESC LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Snapshots attached to an alert, of cameras the scope sees. */
  async alertSnapshots(scope: CameraScope, alertId: number): Promise<SnapshotRow[]> {
    const { rows } = await sql<SnapshotRow>`${this.selectSnapshots(sql<boolean>`${this.scoped(scope)} AND s.alert_id = ${alertId}`)} ORDER BY s.taken_at, s.id`.execute(this.db);
    return rows;
  }

  /** Pictures attached to the alerts of one tenant (the alert mail), without the access check: the caller is the notifier. */
  async picturesOfAlerts(tenantId: number, alertIds: readonly string[]): Promise<{ alert_id: string; camera: string; taken_at: Date; jpeg: Buffer }[]> {
    if (alertIds.length === 0) return [];
    const { rows } = await sql<{ alert_id: string; camera: string; taken_at: Date; jpeg: Buffer }>`
      SELECT s.alert_id, c.name AS camera, s.taken_at, s.jpeg FROM camera_snapshot s JOIN camera c ON c.tenant_id = s.tenant_id AND c.id = s.camera_id
      WHERE s.tenant_id = ${tenantId} AND s.alert_id = ANY(${sql.val([...alertIds])}::bigint[]) ORDER BY s.taken_at, s.id`.execute(this.db);
    return rows;
  }

  async snapshotImage(scope: CameraScope, id: number): Promise<{ jpeg: Buffer; taken_at: Date; camera: string } | undefined> {
    const { rows } = await sql<{ jpeg: Buffer; taken_at: Date; camera: string }>`
      SELECT s.jpeg, s.taken_at, c.name AS camera FROM camera_snapshot s JOIN camera c ON c.tenant_id = s.tenant_id AND c.id = s.camera_id
      WHERE ${this.scoped(scope)} AND s.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** Queues a snapshot of each camera of the alert's station (once per alert and camera). */
  async queueAlertSnapshots(alerts: readonly { tenantId: number; alertId: string; entityId: string | null; openedAt: Date }[]): Promise<number> {
    let queued = 0;
    for (const a of alerts) {
      if (a.entityId === null) continue;
      const res = await sql`
        INSERT INTO camera_alert_snapshot (tenant_id, alert_id, camera_id, opened_at, next_at)
        SELECT c.tenant_id, ${a.alertId}, c.id, ${a.openedAt}, ${a.openedAt} FROM camera c WHERE c.tenant_id = ${a.tenantId} AND c.entity_id = ${a.entityId}
        ON CONFLICT DO NOTHING`.execute(this.db);
      queued += Number(res.numAffectedRows ?? 0);
    }
    return queued;
  }

  /**
   * Claims up to `limit` exceedance snapshots due at `now` for `leaseMs` (their next try moves past
   * the lease): several servers share them (SKIP LOCKED), none takes one another is taking.
   */
  async claimAlertSnapshots(now: Date, leaseMs: number, limit: number): Promise<{ tenant_id: number; alert_id: string; camera_id: string; attempts: number; opened_at: Date }[]> {
    const { rows } = await sql<{ tenant_id: number; alert_id: string; camera_id: string; attempts: number; opened_at: Date }>`
      UPDATE camera_alert_snapshot s SET next_at = ${new Date(now.getTime() + leaseMs)}
      FROM (SELECT tenant_id, alert_id, camera_id FROM camera_alert_snapshot WHERE done_at IS NULL AND next_at <= ${now}
            ORDER BY next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
      WHERE s.tenant_id = due.tenant_id AND s.alert_id = due.alert_id AND s.camera_id = due.camera_id
      RETURNING s.tenant_id, s.alert_id, s.camera_id, s.attempts, s.opened_at`.execute(this.db);
    return rows;
  }

  async finishAlertSnapshot(tenantId: number, alertId: string, cameraId: string, r: { done: boolean; error: string | null; nextAt: Date }): Promise<void> {
    await sql`
      UPDATE camera_alert_snapshot SET attempts = attempts + 1, done_at = CASE WHEN ${r.done} THEN now() ELSE NULL END, last_error = ${r.error}, next_at = ${r.nextAt}
      WHERE tenant_id = ${tenantId} AND alert_id = ${alertId} AND camera_id = ${cameraId}`.execute(this.db);
  }

  private selectPlaylists(where: RawBuilder<boolean>) {
    return sql<PlaylistRow>`
      SELECT p.tenant_id, p.id, t.name AS industry, p.name, p.layout, p.interval_seconds, p.updated_at,
             coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'station', e.name) ORDER BY i.position)
                FROM camera_playlist_item i JOIN camera c ON c.tenant_id = i.tenant_id AND c.id = i.camera_id
                LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = c.tenant_id AND e.id = c.entity_id
               WHERE i.tenant_id = p.tenant_id AND i.playlist_id = p.id), '[]') AS cameras
      FROM camera_playlist p JOIN ${TENANT_ROWS} t ON t.id = p.tenant_id
      WHERE ${where}`;
  }

  async playlists(tenantIds: readonly number[]): Promise<PlaylistRow[]> {
    const { rows } = await sql<PlaylistRow>`${this.selectPlaylists(sql<boolean>`p.tenant_id = ANY(${sql.val([...tenantIds])}::int[])`)} ORDER BY t.name, p.name, p.id`.execute(this.db);
    return rows;
  }

  async playlist(tenantIds: readonly number[], id: number): Promise<PlaylistRow | undefined> {
    const { rows } = await this.selectPlaylists(sql<boolean>`p.tenant_id = ANY(${sql.val([...tenantIds])}::int[]) AND p.id = ${id}`).execute(this.db);
    return rows[0];
  }

  /** Of `cameraIds`, those that are no camera of the tenant. */
  async missingCameras(tenantId: number, cameraIds: readonly number[]): Promise<number[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT x.id::text AS id FROM unnest(${sql.val([...cameraIds])}::bigint[]) x(id)
      WHERE NOT EXISTS (SELECT 1 FROM camera c WHERE c.tenant_id = ${tenantId} AND c.id = x.id)`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  async savePlaylist(tenantId: number, id: string | null, p: { name: string; layout: number; intervalSeconds: number; cameraIds: readonly number[] }): Promise<string> {
    let playlistId = id;
    if (playlistId === null) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO camera_playlist (tenant_id, name, layout, interval_seconds) VALUES (${tenantId}, ${p.name}, ${p.layout}, ${p.intervalSeconds}) RETURNING id`.execute(this.db);
      playlistId = rows[0]!.id;
    } else {
      await sql`UPDATE camera_playlist SET name = ${p.name}, layout = ${p.layout}, interval_seconds = ${p.intervalSeconds}, updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${playlistId}`.execute(this.db);
      await sql`DELETE FROM camera_playlist_item WHERE tenant_id = ${tenantId} AND playlist_id = ${playlistId}`.execute(this.db);
    }
    await sql`
      INSERT INTO camera_playlist_item (tenant_id, playlist_id, position, camera_id)
      SELECT ${tenantId}, ${playlistId}, x.n - 1, x.id FROM unnest(${sql.val([...p.cameraIds])}::bigint[]) WITH ORDINALITY x(id, n)`.execute(this.db);
    return playlistId;
  }

  async deletePlaylist(tenantId: number, id: string): Promise<void> {
    await sql`DELETE FROM camera_playlist WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }
}
