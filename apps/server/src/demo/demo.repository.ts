import { sql } from 'kysely';
import { Repository } from '../platform/database/repository.ts';
import { DEMO_STATUTORY } from './catalogue.ts';

/** A live device of a demo industry, with what a simulator needs to speak for it. */
export interface DemoDeviceRow {
  id: string;
  serialNo: string | null;
  stationType: string | null;
  accessToken: string;
  lastDataAt: Date | null;
  /** Live parameters in slot order, with their limits. */
  params: { name: string; min: number | null; max: number | null }[];
}

/** What the demo looks up for itself: whether a database is empty or already seeded, and the devices the simulator speaks for. */
export class DemoRepository extends Repository {
  /**
   * Runs `seed` holding the demo's advisory lock (on a connection of its own, for as long as seeding
   * takes), so that of servers starting together on one empty database one seeds and the others
   * wait, then find it seeded.
   */
  async whileLocked<T>(seed: () => Promise<T>): Promise<T> {
    return this.db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(hashtext('enviro_seed_demo'))`.execute(connection);
      try {
        return await seed();
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext('enviro_seed_demo'))`.execute(connection).catch(() => undefined);
      }
    });
  }

  /** Whether the database holds any tenant at all. */
  async hasTenants(): Promise<boolean> {
    return (await this.db.selectFrom('tenant').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** The demo's statutory body, when seeded. */
  async findStatutoryId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('tenant')
      .select('id')
      .where('name', '=', DEMO_STATUTORY.name)
      .where('type', '=', 'statutory')
      .executeTakeFirst();
    return row?.id;
  }

  /** Every live device, with a token and parameters, of the industries of the demo statutory body. */
  async findDevices(): Promise<DemoDeviceRow[]> {
    const { rows } = await sql<DemoDeviceRow>`
      SELECT d.id, d.serial_no AS "serialNo", e.type AS "stationType", d.last_data_at AS "lastDataAt", t.access_token AS "accessToken",
             (SELECT json_agg(json_build_object('name', s.name, 'min', l.min_value, 'max', l.max_value) ORDER BY p.slot)
              FROM device_param p JOIN std_param s ON s.id = p.std_param_id
              LEFT JOIN param_limit l ON l.tenant_id = p.tenant_id AND l.device_id = p.device_id AND l.slot = p.slot
              WHERE p.tenant_id = d.tenant_id AND p.device_id = d.id AND p.deleted_date IS NULL) AS params
      FROM tenant board
      JOIN statutory_association a ON a.statutory_id = board.id
      JOIN device d ON d.tenant_id = a.tenant_id AND d.deleted_date IS NULL
      LEFT JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      CROSS JOIN LATERAL (SELECT c.access_token FROM device_credential c
                          WHERE c.tenant_id = d.tenant_id AND c.device_id = d.id ORDER BY c.created_at LIMIT 1) t
      WHERE board.name = ${DEMO_STATUTORY.name} AND board.type = 'statutory'
      ORDER BY d.tenant_id, d.id`.execute(this.db);
    return rows.filter((r) => r.params !== null);
  }
}
