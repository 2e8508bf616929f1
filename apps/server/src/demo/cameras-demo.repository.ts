import { sql } from 'kysely';
import { Repository } from '../platform/database/repository.ts';

/** What the camera demo reads and sets of the demo industry (in bulk, as the rest of the seed). */
export class CamerasDemoRepository extends Repository {
  /** The industry's ENABLED stations of a type, by name. */
  async stations(tenantId: number, type: string): Promise<{ id: number; name: string }[]> {
    const { rows } = await sql<{ id: number; name: string }>`
      SELECT id::int AS id, name FROM entity WHERE tenant_id = ${tenantId} AND type = ${type} AND status = 'ENABLED' ORDER BY name, id`.execute(this.db);
    return rows;
  }

  /** The newest open exceedance alert of the industry on a station, with the station. */
  async openExceedance(tenantId: number): Promise<{ id: string; entity_id: number; started_at: Date; name: string } | undefined> {
    const { rows } = await sql<{ id: string; entity_id: number; started_at: Date; name: string }>`
      SELECT a.id, a.entity_id::int AS entity_id, a.started_at, e.name FROM alert_episode a JOIN entity e ON e.tenant_id = a.tenant_id AND e.id = a.entity_id
      WHERE a.tenant_id = ${tenantId} AND a.type IN ('AVG_15M', 'SUSTAINED') AND a.status = 'OPEN'
      ORDER BY a.started_at DESC, a.id DESC LIMIT 1`.execute(this.db);
    return rows[0];
  }

  /**
   * Marks the seeded cameras offline until the health check (which runs as the server starts) reads
   * them: a page opened before never dials a camera nobody has seen.
   */
  async notCheckedYet(tenantId: number, reason: string): Promise<void> {
    await sql`UPDATE camera SET status = 'OFFLINE', status_reason = ${reason}, offline_since = now(), checked_at = NULL WHERE tenant_id = ${tenantId}`.execute(this.db);
  }

  /** A camera that has sent nothing since `since`, for `reason` (checked now: the health check reads it again in five minutes). */
  async offlineSince(tenantId: number, cameraId: string, reason: string, since: Date): Promise<void> {
    await sql`UPDATE camera SET status = 'OFFLINE', status_reason = ${reason}, offline_since = ${since}, checked_at = now() WHERE tenant_id = ${tenantId} AND id = ${cameraId}`.execute(this.db);
  }

  /** Turns on the stations' camera add-on (property Camera 'True'), as an operator would. */
  async addCameraAddOn(tenantId: number, stationIds: readonly number[]): Promise<void> {
    await sql`
      UPDATE entity SET properties = (SELECT coalesce(jsonb_agg(p), '[]'::jsonb) FROM jsonb_array_elements(properties) p WHERE p->>'name' <> 'Camera') || '[{"name": "Camera", "value": "True"}]'::jsonb
      WHERE tenant_id = ${tenantId} AND id = ANY(${sql.val([...stationIds])}::bigint[])`.execute(this.db);
  }
}
