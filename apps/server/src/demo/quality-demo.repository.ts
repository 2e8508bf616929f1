import { sql } from 'kysely';
import { Repository } from '../platform/database/repository.ts';

/** The demo's two misbehaving analysers, written into their raw history before the rollups are built. */
export class QualityDemoRepository extends Repository {
  /** The parameter's readings in [from, to) all set to its first reading there, to one decimal: a stuck analyser. */
  async flatten(tenantId: number, deviceId: number, param: string, from: Date, to: Date): Promise<number> {
    const res = await sql`
      UPDATE reading r SET vals[s.slot] = s.value
      FROM (
        SELECT dp.slot, coalesce((
          SELECT round(r2.vals[dp.slot]::numeric, 1)::float8 FROM reading r2
          WHERE r2.tenant_id = ${tenantId} AND r2.device_id = ${deviceId} AND r2.ts >= ${from} AND r2.vals[dp.slot] IS NOT NULL
          ORDER BY r2.ts LIMIT 1), 0) AS value
        FROM device_param dp JOIN std_param sp ON sp.id = dp.std_param_id
        WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${deviceId} AND sp.name = ${param}
      ) s
      WHERE r.tenant_id = ${tenantId} AND r.device_id = ${deviceId} AND r.ts >= ${from} AND r.ts < ${to} AND r.vals[s.slot] IS NOT NULL`.execute(this.db);
    return Number(res.numAffectedRows ?? 0);
  }

  /**
   * The parameter's readings in [from, to) as a stack running `factor` times hotter would give them,
   * each one at or above the limit reported just under it instead, in [0.9 L, L): values bunched
   * under the limit.
   */
  async bunchUnderLimit(tenantId: number, deviceId: number, param: string, factor: number, from: Date, to: Date): Promise<number> {
    const res = await sql`
      UPDATE reading r SET vals[s.slot] = CASE
          WHEN r.vals[s.slot] * ${factor} >= s.max_value THEN round((s.max_value * (0.9 + 0.099 * random()))::numeric, 2)::float8
          ELSE round((r.vals[s.slot] * ${factor})::numeric, 2)::float8 END
      FROM (
        SELECT dp.slot, l.max_value
        FROM device_param dp JOIN std_param sp ON sp.id = dp.std_param_id
        JOIN param_limit l ON l.tenant_id = dp.tenant_id AND l.device_id = dp.device_id AND l.slot = dp.slot
        WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${deviceId} AND sp.name = ${param} AND l.max_value IS NOT NULL
      ) s
      WHERE r.tenant_id = ${tenantId} AND r.device_id = ${deviceId} AND r.ts >= ${from} AND r.ts < ${to} AND r.vals[s.slot] IS NOT NULL`.execute(this.db);
    return Number(res.numAffectedRows ?? 0);
  }

  /** A parameter's own detector settings, as a board's administrator sets them. */
  async setting(tenantId: number, deviceId: number, param: string, settings: object): Promise<void> {
    await sql`
      INSERT INTO quality_setting (tenant_id, device_id, slot, settings)
      SELECT dp.tenant_id, dp.device_id, dp.slot, ${JSON.stringify(settings)}::jsonb
      FROM device_param dp JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE dp.tenant_id = ${tenantId} AND dp.device_id = ${deviceId} AND sp.name = ${param}
      ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET settings = excluded.settings`.execute(this.db);
  }
}
