import type { MeterRole, MeterSource } from '@enviro/contracts/energy';
import type { TariffWindow } from '@enviro/domain/energy/tariff';
import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';

export interface NodeRow {
  tenant_id: number;
  id: string;
  parent_id: string | null;
  name: string;
  type: string;
}

export interface MeterRow {
  tenant_id: number;
  id: string;
  entity_id: string;
  entity_name: string;
  entity_type: string;
  node_id: string;
  node_name: string;
  role: MeterRole;
  source: MeterSource | null;
  main_entity_id: string | null;
  rated_kw: number;
  multiplier: number;
  rollover_at: number | null;
  valid_from: Date;
  valid_to: Date | null;
  end_reason: 'REPLACED' | 'DELETED' | null;
  replaced_by: string | null;
}

export interface NewMeter {
  tenantId: number;
  entityId: number;
  nodeId: number;
  role: MeterRole;
  source: MeterSource | null;
  mainEntityId: number | null;
  ratedKw: number;
  multiplier: number;
  rolloverAt: number | null;
  validFrom: Date;
  createdBy: number | null;
}

export interface TariffRow {
  id: string;
  entity_id: string;
  valid_from: string;
  windows: TariffWindow[];
  fixed_charge: number;
  duty_percent: number;
  order_ref: string;
}

export interface BudgetRow {
  tenant_id: number;
  id: string;
  node_id: string;
  node_name: string;
  period: 'MONTH' | 'FY';
  period_start: string;
  budget_kwh: number;
  raised: number[];
}

export interface ProductionRow {
  day: string;
  quantity: number;
  unit: string;
  temperature: number | null;
}

export interface OffsetRow {
  id: string;
  node_id: string;
  kind: 'OWN_SOLAR' | 'REC' | 'GREEN_TARIFF';
  day: string;
  mwh: number;
  reference: string;
}

const METER_SELECT = sql`
  SELECT m.tenant_id, m.id, m.entity_id, e.name AS entity_name, e.type AS entity_type, m.node_id, n.name AS node_name,
         m.role, m.source, m.main_entity_id, m.rated_kw, m.multiplier, m.rollover_at, m.valid_from, m.valid_to, m.end_reason, m.replaced_by
  FROM energy_meter m
  JOIN ${ENTITY_ROWS} e ON e.tenant_id = m.tenant_id AND e.id = m.entity_id
  JOIN ${ENTITY_ROWS} n ON n.tenant_id = m.tenant_id AND n.id = m.node_id`;

const tenants = (ids: readonly number[]) => sql`${sql.val([...ids])}::int[]`;

/** Energy meters, tariffs, budgets and their alerts, production, grid factors and offsets (150_energy.sql). */
export class EnergyRepository extends Repository {
  /** The ENABLED nodes of a tenant's tree. */
  async nodes(tenantId: number): Promise<NodeRow[]> {
    const { rows } = await sql<NodeRow>`
      SELECT tenant_id, id, parent_id, name, type FROM ${ENTITY_ROWS} e
      WHERE e.tenant_id = ${tenantId} AND e.status = 'ENABLED' ORDER BY e.id`.execute(this.db);
    return rows;
  }

  /** A node of one of the tenants, ENABLED. */
  async node(tenantIds: readonly number[], id: number): Promise<NodeRow | undefined> {
    const { rows } = await sql<NodeRow>`
      SELECT tenant_id, id, parent_id, name, type FROM ${ENTITY_ROWS} e
      WHERE e.tenant_id = ANY(${tenants(tenantIds)}) AND e.id = ${id} AND e.status = 'ENABLED'`.execute(this.db);
    return rows[0];
  }

  /** Meters of the tenants: current ones, or with `from` and `to` those valid at some time in [from, to) (history). */
  async meters(tenantIds: readonly number[], opts: { from?: Date; to?: Date; all?: boolean } = {}): Promise<MeterRow[]> {
    const when = opts.all
      ? sql`true`
      : opts.from && opts.to
        ? sql`(m.valid_to IS NULL OR m.valid_to > ${opts.from}) AND m.valid_from < ${opts.to}`
        : sql`m.valid_to IS NULL`;
    const { rows } = await sql<MeterRow>`${METER_SELECT} WHERE m.tenant_id = ANY(${tenants(tenantIds)}) AND ${when} ORDER BY m.tenant_id, m.entity_id, m.valid_from`.execute(this.db);
    return rows;
  }

  async meter(tenantIds: readonly number[], id: number, lock = false): Promise<MeterRow | undefined> {
    if (lock) await sql`SELECT 1 FROM energy_meter WHERE tenant_id = ANY(${tenants(tenantIds)}) AND id = ${id} FOR UPDATE`.execute(this.db);
    const { rows } = await sql<MeterRow>`${METER_SELECT} WHERE m.tenant_id = ANY(${tenants(tenantIds)}) AND m.id = ${id}`.execute(this.db);
    return rows[0];
  }

  async currentMeterOf(tenantId: number, entityId: number, lock = false): Promise<MeterRow | undefined> {
    if (lock) await sql`SELECT 1 FROM energy_meter WHERE tenant_id = ${tenantId} AND entity_id = ${entityId} AND valid_to IS NULL FOR UPDATE`.execute(this.db);
    const { rows } = await sql<MeterRow>`${METER_SELECT} WHERE m.tenant_id = ${tenantId} AND m.entity_id = ${entityId} AND m.valid_to IS NULL`.execute(this.db);
    return rows[0];
  }

  async insertMeter(m: NewMeter): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO energy_meter (tenant_id, entity_id, node_id, role, source, main_entity_id, rated_kw, multiplier, rollover_at, valid_from, created_by)
      VALUES (${m.tenantId}, ${m.entityId}, ${m.nodeId}, ${m.role}, ${m.source}, ${m.mainEntityId}, ${m.ratedKw}, ${m.multiplier}, ${m.rolloverAt}, ${m.validFrom}, ${m.createdBy})
      RETURNING id`.execute(this.db);
    return rows[0]!.id;
  }

  async endMeter(tenantId: number, id: string, at: Date, reason: 'REPLACED' | 'DELETED', replacedBy: string | null): Promise<void> {
    await sql`UPDATE energy_meter SET valid_to = ${at}, end_reason = ${reason}, replaced_by = ${replacedBy} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** The devices of stations reporting the register, first mounted first: the device an alert on the node belongs to. */
  async registerDevices(tenantId: number, entityIds: readonly string[]): Promise<Map<string, string>> {
    if (entityIds.length === 0) return new Map();
    const { rows } = await sql<{ entity_id: string; id: string }>`
      SELECT DISTINCT ON (d.entity_id) d.entity_id, d.id FROM ${DEVICE_ROWS} d
      WHERE d.tenant_id = ${tenantId} AND d.entity_id = ANY(${sql.val([...entityIds])}::bigint[]) AND d.deleted_date IS NULL
      ORDER BY d.entity_id, d.id`.execute(this.db);
    return new Map(rows.map((r) => [r.entity_id, r.id]));
  }

  // ------------------------------------------------------------ tariffs

  async tariffs(tenantId: number, entityIds: readonly string[]): Promise<TariffRow[]> {
    if (entityIds.length === 0) return [];
    const { rows } = await sql<TariffRow>`
      SELECT id, entity_id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, windows, fixed_charge, duty_percent, order_ref
      FROM energy_tariff_version WHERE tenant_id = ${tenantId} AND entity_id = ANY(${sql.val([...entityIds])}::bigint[])
      ORDER BY entity_id, valid_from`.execute(this.db);
    return rows;
  }

  async lockTariffs(tenantId: number, entityId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.energy_tariff'), ${tenantId} * 1000003 + ${entityId}::int % 1000003)`.execute(this.db);
  }

  async insertTariff(tenantId: number, t: { entityId: number; validFrom: string; windows: readonly TariffWindow[]; fixedCharge: number; dutyPercent: number; orderRef: string; createdBy: number }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO energy_tariff_version (tenant_id, entity_id, valid_from, windows, fixed_charge, duty_percent, order_ref, created_by)
      VALUES (${tenantId}, ${t.entityId}, ${t.validFrom}::date, ${JSON.stringify(t.windows)}::jsonb, ${t.fixedCharge}, ${t.dutyPercent}, ${t.orderRef}, ${t.createdBy})
      RETURNING id`.execute(this.db);
    return rows[0]!.id;
  }

  // ------------------------------------------------------------ budgets

  private budgetSelect() {
    return sql`
      SELECT b.tenant_id, b.id, b.node_id, n.name AS node_name, b.period, to_char(b.period_start, 'YYYY-MM-DD') AS period_start, b.budget_kwh,
             coalesce((SELECT array_agg(a.threshold::int ORDER BY a.threshold) FROM energy_budget_alert a WHERE a.tenant_id = b.tenant_id AND a.budget_id = b.id), '{}') AS raised
      FROM energy_budget b JOIN ${ENTITY_ROWS} n ON n.tenant_id = b.tenant_id AND n.id = b.node_id`;
  }

  /** Budgets of nodes for periods starting on the given days. */
  async budgets(tenantIds: readonly number[], nodeIds: readonly number[] | null, starts: readonly { period: 'MONTH' | 'FY'; start: string }[]): Promise<BudgetRow[]> {
    if (starts.length === 0) return [];
    const { rows } = await sql<BudgetRow>`${this.budgetSelect()}
      WHERE b.tenant_id = ANY(${tenants(tenantIds)})
        AND ${nodeIds === null ? sql`true` : sql`b.node_id = ANY(${sql.val([...nodeIds])}::bigint[])`}
        AND (b.period, b.period_start) IN (SELECT * FROM unnest(${sql.val(starts.map((s) => s.period))}::text[], ${sql.val(starts.map((s) => s.start))}::date[]))
      ORDER BY b.tenant_id, b.node_id, b.period`.execute(this.db);
    return rows;
  }

  async upsertBudget(tenantId: number, b: { nodeId: number; period: 'MONTH' | 'FY'; start: string; budgetKwh: number }): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO energy_budget (tenant_id, node_id, period, period_start, budget_kwh)
      VALUES (${tenantId}, ${b.nodeId}, ${b.period}, ${b.start}::date, ${b.budgetKwh})
      ON CONFLICT (tenant_id, node_id, period, period_start) DO UPDATE SET budget_kwh = EXCLUDED.budget_kwh, updated_at = now()
      RETURNING id`.execute(this.db);
    return rows[0]!.id;
  }

  /** Takes a threshold of a budget; false when it was taken before (raised once). */
  async claimThreshold(tenantId: number, budgetId: string, threshold: number, usedKwh: number): Promise<boolean> {
    const { rows } = await sql<{ budget_id: string }>`
      INSERT INTO energy_budget_alert (tenant_id, budget_id, threshold, used_kwh) VALUES (${tenantId}, ${budgetId}, ${threshold}, ${usedKwh})
      ON CONFLICT DO NOTHING RETURNING budget_id`.execute(this.db);
    return rows.length === 1;
  }

  async unclaimThreshold(tenantId: number, budgetId: string, threshold: number): Promise<void> {
    await sql`DELETE FROM energy_budget_alert WHERE tenant_id = ${tenantId} AND budget_id = ${budgetId} AND threshold = ${threshold}`.execute(this.db);
  }

  async setThresholdAlert(tenantId: number, budgetId: string, threshold: number, alertId: number | null): Promise<void> {
    await sql`UPDATE energy_budget_alert SET alert_id = ${alertId} WHERE tenant_id = ${tenantId} AND budget_id = ${budgetId} AND threshold = ${threshold}`.execute(this.db);
  }

  /** Tenants with a budget of a current period (the worker's round). */
  async tenantsWithBudgets(starts: readonly { period: 'MONTH' | 'FY'; start: string }[]): Promise<number[]> {
    const { rows } = await sql<{ tenant_id: number }>`
      SELECT DISTINCT tenant_id FROM energy_budget
      WHERE (period, period_start) IN (SELECT * FROM unnest(${sql.val(starts.map((s) => s.period))}::text[], ${sql.val(starts.map((s) => s.start))}::date[]))
      ORDER BY tenant_id`.execute(this.db);
    return rows.map((r) => r.tenant_id);
  }

  // ------------------------------------------------------------ production

  async production(tenantId: number, nodeId: number, from: string, to: string): Promise<ProductionRow[]> {
    const { rows } = await sql<ProductionRow>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, quantity, unit, temperature FROM energy_production
      WHERE tenant_id = ${tenantId} AND node_id = ${nodeId} AND day BETWEEN ${from}::date AND ${to}::date ORDER BY day`.execute(this.db);
    return rows;
  }

  async upsertProduction(tenantId: number, nodeId: number, unit: string, days: readonly { day: string; quantity: number; temperature: number | null }[]): Promise<void> {
    await sql`
      INSERT INTO energy_production (tenant_id, node_id, day, quantity, unit, temperature)
      SELECT ${tenantId}, ${nodeId}, d, q, ${unit}, t
      FROM unnest(${sql.val(days.map((d) => d.day))}::date[], ${sql.val(days.map((d) => d.quantity))}::float8[], ${sql.val(days.map((d) => d.temperature))}::float8[]) AS x(d, q, t)
      ON CONFLICT (tenant_id, node_id, day) DO UPDATE SET quantity = EXCLUDED.quantity, unit = EXCLUDED.unit, temperature = EXCLUDED.temperature`.execute(this.db);
  }

  // ------------------------------------------------------------ grid factors and offsets

  async gridFactors(): Promise<{ fy: string; tco2_per_mwh: number; source: string }[]> {
    const { rows } = await sql<{ fy: string; tco2_per_mwh: number; source: string }>`SELECT fy, tco2_per_mwh, source FROM energy_grid_factor ORDER BY fy`.execute(this.db);
    return rows;
  }

  async replaceGridFactors(factors: readonly { fy: string; tco2PerMwh: number; source: string }[]): Promise<void> {
    await sql`DELETE FROM energy_grid_factor`.execute(this.db);
    await sql`
      INSERT INTO energy_grid_factor (fy, tco2_per_mwh, source)
      SELECT * FROM unnest(${sql.val(factors.map((f) => f.fy))}::text[], ${sql.val(factors.map((f) => f.tco2PerMwh))}::float8[], ${sql.val(factors.map((f) => f.source))}::text[])`.execute(this.db);
  }

  async offsets(tenantId: number, nodeIds: readonly number[], from: string, to: string): Promise<OffsetRow[]> {
    const { rows } = await sql<OffsetRow>`
      SELECT id, node_id, kind, to_char(day, 'YYYY-MM-DD') AS day, mwh, reference FROM energy_offset
      WHERE tenant_id = ${tenantId} AND node_id = ANY(${sql.val([...nodeIds])}::bigint[]) AND day BETWEEN ${from}::date AND ${to}::date
      ORDER BY day, id`.execute(this.db);
    return rows;
  }

  async insertOffset(tenantId: number, o: { nodeId: number; kind: string; day: string; mwh: number; reference: string }): Promise<OffsetRow> {
    const { rows } = await sql<OffsetRow>`
      INSERT INTO energy_offset (tenant_id, node_id, kind, day, mwh, reference) VALUES (${tenantId}, ${o.nodeId}, ${o.kind}, ${o.day}::date, ${o.mwh}, ${o.reference})
      RETURNING id, node_id, kind, to_char(day, 'YYYY-MM-DD') AS day, mwh, reference`.execute(this.db);
    return rows[0]!;
  }
}
