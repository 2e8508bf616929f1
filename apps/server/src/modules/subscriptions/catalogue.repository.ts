import { sql } from 'kysely';
import type { Coupon } from '@enviro/domain/subscriptions/coupons';
import type { PlanVersion } from '@enviro/domain/subscriptions/catalogue';
import { Repository } from '../../platform/database/repository.ts';

/** migrations/170_subscriptions.sql: the catalogue (plans, their versions, coupons). */
export interface PlanRow {
  code: string;
  name: string;
  description: string;
  active: boolean;
}

const VERSION_COLUMNS = sql`plan_code AS "planCode", version, to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
  monthly_paise::float8 AS monthly, annual_paise::float8 AS annual, included_stations AS "includedStations",
  station_addon_monthly_paise::float8 AS "stationAddOnMonthly", camera_addon_monthly_paise::float8 AS "cameraAddOnMonthly", sac`;

const COUPON_COLUMNS = sql`code, kind, value::float8 AS value, to_char(valid_until, 'YYYY-MM-DD') AS "validUntil",
  max_redemptions AS "maxRedemptions", redeemed, duration, plan_codes AS "planCodes", active`;

/** Plans, versions and coupons: small tables every tenant's billing reads. */
export class CatalogueRepository extends Repository {
  async plans(): Promise<PlanRow[]> {
    const { rows } = await sql<PlanRow>`SELECT code, name, description, active FROM subscription_plan ORDER BY code`.execute(this.db);
    return rows;
  }

  async plan(code: string): Promise<PlanRow | undefined> {
    const { rows } = await sql<PlanRow>`SELECT code, name, description, active FROM subscription_plan WHERE code = ${code}`.execute(this.db);
    return rows[0];
  }

  /** Versions of a plan (or every plan), newest first. */
  async versions(planCode?: string): Promise<PlanVersion[]> {
    const { rows } = await sql<PlanVersion>`
      SELECT ${VERSION_COLUMNS} FROM subscription_plan_version
      ${planCode === undefined ? sql`` : sql`WHERE plan_code = ${planCode}`}
      ORDER BY plan_code, version DESC`.execute(this.db);
    return rows;
  }

  async version(planCode: string, version: number): Promise<PlanVersion | undefined> {
    const { rows } = await sql<PlanVersion>`SELECT ${VERSION_COLUMNS} FROM subscription_plan_version WHERE plan_code = ${planCode} AND version = ${version}`.execute(this.db);
    return rows[0];
  }

  /** Creates the plan or renames it, then adds its next version; answers the version number. */
  async addVersion(p: { code: string; name: string; description: string } & Omit<PlanVersion, 'planCode' | 'version'>): Promise<number> {
    await sql`INSERT INTO subscription_plan (code, name, description) VALUES (${p.code}, ${p.name}, ${p.description})
      ON CONFLICT (code) DO UPDATE SET name = excluded.name, description = excluded.description`.execute(this.db);
    // The plan row is locked by the upsert above, so two new versions of a plan number one after the other.
    const { rows } = await sql<{ version: number }>`
      INSERT INTO subscription_plan_version (plan_code, version, effective_from, monthly_paise, annual_paise, included_stations, station_addon_monthly_paise, camera_addon_monthly_paise, sac)
      SELECT ${p.code}, coalesce(max(version), 0) + 1, ${p.effectiveFrom}::date, ${p.monthly}, ${p.annual}, ${p.includedStations}, ${p.stationAddOnMonthly}, ${p.cameraAddOnMonthly}, ${p.sac}
      FROM subscription_plan_version WHERE plan_code = ${p.code}
      RETURNING version`.execute(this.db);
    return rows[0]!.version;
  }

  async coupons(): Promise<Coupon[]> {
    const { rows } = await sql<Coupon>`SELECT ${COUPON_COLUMNS} FROM subscription_coupon ORDER BY created_at DESC, code`.execute(this.db);
    return rows;
  }

  async coupon(code: string, lock = false): Promise<Coupon | undefined> {
    const { rows } = await sql<Coupon>`SELECT ${COUPON_COLUMNS} FROM subscription_coupon WHERE code = ${code} ${lock ? sql`FOR UPDATE` : sql``}`.execute(this.db);
    return rows[0];
  }

  /** Adds a coupon; false when its code is taken. */
  async addCoupon(c: Omit<Coupon, 'redeemed' | 'active'>): Promise<boolean> {
    const { rows } = await sql`
      INSERT INTO subscription_coupon (code, kind, value, valid_until, max_redemptions, duration, plan_codes)
      VALUES (${c.code}, ${c.kind}, ${c.value}, ${c.validUntil}::date, ${c.maxRedemptions}, ${c.duration}, ${sql.val([...c.planCodes])}::text[])
      ON CONFLICT (code) DO NOTHING RETURNING code`.execute(this.db);
    return rows.length === 1;
  }

  /** Counts a subscriber's first redemption of a coupon; false when it had redeemed it already. */
  async redeem(tenantId: number, code: string, orderId: number): Promise<boolean> {
    const { rows } = await sql`INSERT INTO subscription_coupon_redemption (tenant_id, coupon_code, order_id) VALUES (${tenantId}, ${code}, ${orderId})
      ON CONFLICT DO NOTHING RETURNING coupon_code`.execute(this.db);
    if (rows.length === 0) return false;
    await sql`UPDATE subscription_coupon SET redeemed = redeemed + 1 WHERE code = ${code}`.execute(this.db);
    return true;
  }

  async redeemedBy(tenantId: number, code: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM subscription_coupon_redemption WHERE tenant_id = ${tenantId} AND coupon_code = ${code}`.execute(this.db);
    return rows.length > 0;
  }
}
