import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

const BUCKET_MS = 15 * 60_000;

/** An enabled rule as the evaluation reads it. */
export interface EvalRule {
  tenantId: number;
  id: string;
  name: string;
  entityId: string | null;
  category: string | null;
  stdParamIds: number[];
  deviceIds: string[];
  severity: string;
  escalationId: string | null;
  condition: string;
  comparison: string;
  thresholdMin: number | null;
  thresholdMax: number | null;
  durationMinutes: number | null;
  clearSlots: number;
}

/** A series (device parameter) with its station, limit and parameter names. */
export interface EvalSeries {
  tenantId: number;
  deviceId: string;
  deviceName: string;
  entityId: string | null;
  entityType: string | null;
  slot: number;
  stdParamId: number;
  paramName: string;
  paramLabel: string;
  unit: string;
  limitMin: number | null;
  limitMax: number | null;
}

/** The aggregates of one closed 15-minute slot of one series. */
export interface SlotAggregate {
  deviceId: string;
  slot: number;
  bucket: number;
  n: number;
  avg: number;
  min: number;
  max: number;
}

/** An alert episode as the evaluation reads and writes it. */
export interface Episode {
  tenantId: number;
  id: string;
  ruleId: string;
  deviceId: string;
  slot: number;
  type: string;
  status: string;
  startedAt: Date;
  lastBreachAt: Date;
  endedAt: Date | null;
}

export interface NewEpisode {
  tenantId: number;
  ruleId: string;
  deviceId: string;
  entityId: string | null;
  slot: number;
  stdParamId: number | null;
  type: string;
  severity: string;
  status: 'OPEN' | 'RESOLVED';
  startedAt: Date;
  lastBreachAt: Date;
  endedAt: Date | null;
  peak: number | null;
  limitMin: number | null;
  limitMax: number | null;
  slotCount: number;
  message: string;
  sourceId?: string | null;
  now: Date;
}

/** A device whose readings stopped (DATA_LOSS candidates). */
export interface SilentDevice {
  tenantId: number;
  deviceId: string;
  deviceName: string;
  entityId: string | null;
  entityType: string | null;
  lastDataAt: Date;
}

const EPISODE_COLUMNS = [
  'tenant_id',
  'id',
  'rule_id',
  'device_id',
  'slot',
  'type',
  'status',
  'started_at',
  'last_breach_at',
  'ended_at',
] as const;

function toEpisode(r: {
  tenant_id: number;
  id: string;
  rule_id: string;
  device_id: string;
  slot: number;
  type: string;
  status: string;
  started_at: Date;
  last_breach_at: Date;
  ended_at: Date | null;
}): Episode {
  return {
    tenantId: r.tenant_id,
    id: r.id,
    ruleId: r.rule_id,
    deviceId: r.device_id,
    slot: r.slot,
    type: r.type,
    status: r.status,
    startedAt: r.started_at,
    lastBreachAt: r.last_breach_at,
    endedAt: r.ended_at,
  };
}

/**
 * The evaluation's reads and writes: rules, series and their 15-minute aggregates (read from
 * reading_15m in SQL; the data module's repository is not imported), per-slot results, episodes and
 * their transitions, the escalation start. Always run `in(trx)` of the slot feed's transaction.
 */
export class AlertEvaluationRepository extends Repository {
  /** Enabled rules of a tenant. */
  async enabledRules(tenantId: number): Promise<EvalRule[]> {
    const rows = await this.db
      .selectFrom('alert_rule')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .execute();
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      id: r.id,
      name: r.name,
      entityId: r.entity_id,
      category: r.category,
      stdParamIds: r.std_param_ids,
      deviceIds: r.device_ids.map(String),
      severity: r.severity,
      escalationId: r.escalation_id,
      condition: r.condition,
      comparison: r.comparison,
      thresholdMin: r.threshold_min,
      thresholdMax: r.threshold_max,
      durationMinutes: r.duration_minutes,
      clearSlots: r.clear_slots,
    }));
  }

  /** The live series of some devices of a tenant, with their limits. */
  async series(tenantId: number, deviceIds: readonly string[]): Promise<EvalSeries[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('device_param as dp')
      .innerJoin('device as d', (j) => j.onRef('d.tenant_id', '=', 'dp.tenant_id').onRef('d.id', '=', 'dp.device_id'))
      .innerJoin('std_param as sp', 'sp.id', 'dp.std_param_id')
      .leftJoin('entity as e', (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .leftJoin('param_limit as pl', (j) =>
        j.onRef('pl.tenant_id', '=', 'dp.tenant_id').onRef('pl.device_id', '=', 'dp.device_id').onRef('pl.slot', '=', 'dp.slot'),
      )
      .select([
        'dp.tenant_id',
        'dp.device_id',
        'd.name as device_name',
        'd.entity_id',
        'e.type as entity_type',
        'dp.slot',
        'dp.std_param_id',
        'sp.name',
        'sp.label',
        sql<string>`coalesce(dp.unit, sp.unit)`.as('unit'),
        'pl.min_value',
        'pl.max_value',
      ])
      .where('dp.tenant_id', '=', tenantId)
      .where('dp.device_id', 'in', deviceIds)
      .where('dp.deleted_date', 'is', null)
      .where('d.deleted_date', 'is', null)
      .execute();
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      deviceId: r.device_id,
      deviceName: r.device_name,
      entityId: r.entity_id,
      entityType: r.entity_type,
      slot: r.slot,
      stdParamId: r.std_param_id,
      paramName: r.name,
      paramLabel: r.label,
      unit: r.unit,
      limitMin: r.min_value,
      limitMax: r.max_value,
    }));
  }

  /** The 15-minute aggregates of some slots of a device (reading_15m, written by the rollup worker). */
  async aggregates(tenantId: number, deviceId: string, buckets: readonly Date[]): Promise<SlotAggregate[]> {
    if (buckets.length === 0) return [];
    const rows = await this.db
      .selectFrom('reading_15m')
      .select(['device_id', 'slot', 'bucket', 'n', 'sum', 'min', 'max'])
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .where('bucket', 'in', buckets)
      .execute();
    return rows.map((r) => ({ deviceId: r.device_id, slot: r.slot, bucket: r.bucket.getTime(), n: r.n, avg: r.sum / r.n, min: r.min, max: r.max }));
  }

  /** Records the evaluation of one slot of a series (again after a late reading). */
  async putSlot(s: { tenantId: number; ruleId: string; deviceId: string; slot: number; bucket: Date; value: number | null; breach: boolean; suppressed: boolean }): Promise<void> {
    await this.db
      .insertInto('alert_slot')
      .values({ tenant_id: s.tenantId, rule_id: s.ruleId, device_id: s.deviceId, slot: s.slot, bucket: s.bucket, value: s.value, breach: s.breach, suppressed: s.suppressed })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'rule_id', 'device_id', 'slot', 'bucket']).doUpdateSet({ value: s.value, breach: s.breach, suppressed: s.suppressed }),
      )
      .execute();
  }

  /** Records the evaluation of several slots at once (again after late readings). */
  async putSlots(rows: readonly { tenantId: number; ruleId: string; deviceId: string; slot: number; bucket: Date; value: number | null; breach: boolean; suppressed: boolean }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('alert_slot')
      .values(rows.map((s) => ({ tenant_id: s.tenantId, rule_id: s.ruleId, device_id: s.deviceId, slot: s.slot, bucket: s.bucket, value: s.value, breach: s.breach, suppressed: s.suppressed })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'rule_id', 'device_id', 'slot', 'bucket']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          breach: eb.ref('excluded.breach'),
          suppressed: eb.ref('excluded.suppressed'),
        })),
      )
      .execute();
  }

  /**
   * The series of a device (rule and slot) with an episode a clean slot at or after `from` could
   * change: an active one, or one whose last breach is at or after `from`. Any other clean slot has
   * nothing to do.
   */
  async seriesWithEpisodes(tenantId: number, deviceId: string, from: Date): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('alert_episode')
      .select(['rule_id', 'slot'])
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .where((eb) => eb.or([eb('status', 'in', ['OPEN', 'ACKNOWLEDGED']), eb.and([eb('status', '!=', 'CLOSED'), eb('last_breach_at', '>=', from)])]))
      .execute();
    return new Set(rows.map((r) => `${r.rule_id}:${r.slot}`));
  }

  /** Slot results of a series in [from, to], oldest first. */
  async slots(tenantId: number, ruleId: string, deviceId: string, slot: number, from: Date, to: Date): Promise<{ bucket: number; value: number | null; breach: boolean }[]> {
    const rows = await this.db
      .selectFrom('alert_slot')
      .select(['bucket', 'value', 'breach'])
      .where('tenant_id', '=', tenantId)
      .where('rule_id', '=', ruleId)
      .where('device_id', '=', deviceId)
      .where('slot', '=', slot)
      .where('bucket', '>=', from)
      .where('bucket', '<=', to)
      .orderBy('bucket')
      .execute();
    return rows.map((r) => ({ bucket: r.bucket.getTime(), value: r.value, breach: r.breach }));
  }

  /** The episodes of one rule's series (a device's parameter slot). */
  private seriesEpisodes(tenantId: number, ruleId: string, deviceId: string, slot: number) {
    return this.db
      .selectFrom('alert_episode')
      .select(EPISODE_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('rule_id', '=', ruleId)
      .where('device_id', '=', deviceId)
      .where('slot', '=', slot);
  }

  /** The active (OPEN or ACKNOWLEDGED) episode of a series, locked. */
  async activeEpisode(tenantId: number, ruleId: string, deviceId: string, slot: number): Promise<Episode | undefined> {
    const row = await this.seriesEpisodes(tenantId, ruleId, deviceId, slot)
      .where('status', 'in', ['OPEN', 'ACKNOWLEDGED'])
      .forUpdate()
      .executeTakeFirst();
    return row && toEpisode(row);
  }

  /** The latest not-CLOSED episode of a series starting at or before `at`, locked. */
  async episodeBefore(tenantId: number, ruleId: string, deviceId: string, slot: number, at: Date): Promise<Episode | undefined> {
    const row = await this.seriesEpisodes(tenantId, ruleId, deviceId, slot)
      .where('status', '!=', 'CLOSED')
      .where('started_at', '<=', at)
      .orderBy('started_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    return row && toEpisode(row);
  }

  /** The earliest not-CLOSED episode of a series starting after `at` (a late breach may join it). */
  async episodeAfter(tenantId: number, ruleId: string, deviceId: string, slot: number, at: Date): Promise<Episode | undefined> {
    const row = await this.seriesEpisodes(tenantId, ruleId, deviceId, slot)
      .where('status', '!=', 'CLOSED')
      .where('started_at', '>', at)
      .orderBy('started_at')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    return row && toEpisode(row);
  }

  async insertEpisode(e: NewEpisode): Promise<string> {
    const row = await this.db
      .insertInto('alert_episode')
      .values({
        tenant_id: e.tenantId,
        rule_id: e.ruleId,
        device_id: e.deviceId,
        entity_id: e.entityId,
        slot: e.slot,
        std_param_id: e.stdParamId,
        type: e.type,
        severity: e.severity,
        status: e.status,
        started_at: e.startedAt,
        last_breach_at: e.lastBreachAt,
        ended_at: e.endedAt,
        peak: e.peak,
        limit_min: e.limitMin,
        limit_max: e.limitMax,
        slot_count: e.slotCount,
        message: e.message,
        source_id: e.sourceId ?? null,
        created_at: e.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A DATA_FILL alert for a back-filled loss, once per loss alert; answers its id, or undefined when it exists. */
  async insertFillOnce(e: NewEpisode): Promise<string | undefined> {
    const row = await this.db
      .insertInto('alert_episode')
      .values({
        tenant_id: e.tenantId,
        rule_id: e.ruleId,
        device_id: e.deviceId,
        entity_id: e.entityId,
        slot: e.slot,
        std_param_id: null,
        type: e.type,
        severity: e.severity,
        status: e.status,
        started_at: e.startedAt,
        last_breach_at: e.lastBreachAt,
        ended_at: e.endedAt,
        peak: null,
        limit_min: null,
        limit_max: null,
        slot_count: e.slotCount,
        message: e.message,
        source_id: e.sourceId ?? null,
        created_at: e.now,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'source_id']).where('source_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async updateEpisode(
    tenantId: number,
    id: string,
    values: Partial<{ status: string; startedAt: Date; lastBreachAt: Date; endedAt: Date | null; peak: number | null; slotCount: number; message: string }>,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('alert_episode')
      .set({
        ...(values.status !== undefined && { status: values.status }),
        ...(values.startedAt !== undefined && { started_at: values.startedAt }),
        ...(values.lastBreachAt !== undefined && { last_breach_at: values.lastBreachAt }),
        ...(values.endedAt !== undefined && { ended_at: values.endedAt }),
        ...(values.peak !== undefined && { peak: values.peak }),
        ...(values.slotCount !== undefined && { slot_count: values.slotCount }),
        ...(values.message !== undefined && { message: values.message }),
        updated_at: now,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async transition(t: { tenantId: number; alertId: string; from: string | null; to: string; at: Date; userId?: number | null; comment: string | null }): Promise<void> {
    await this.db
      .insertInto('alert_transition')
      .values({ tenant_id: t.tenantId, alert_id: t.alertId, from_status: t.from, to_status: t.to, at: t.at, user_id: t.userId ?? null, comment: t.comment })
      .execute();
  }

  /** Starts the escalation of a new alert: its rule's policy, else the tenant's default; one row per level. */
  async startEscalation(tenantId: number, alertId: string, escalationId: string | null, openedAt: Date): Promise<void> {
    const policy = await this.db
      .selectFrom('alert_escalation')
      .select(['levels'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .$if(escalationId !== null, (qb) => qb.where('id', '=', escalationId!))
      .$if(escalationId === null, (qb) => qb.where('is_default', '=', true))
      .executeTakeFirst();
    const levels = (policy?.levels ?? []) as { delayMinutes: number }[];
    if (levels.length === 0) return;
    await this.db
      .insertInto('alert_escalation_state')
      .values(levels.map((l, i) => ({ tenant_id: tenantId, alert_id: alertId, level: i + 1, next_at: new Date(openedAt.getTime() + l.delayMinutes * 60_000) })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** DATA_LOSS episodes of a device whose gap [started_at, ended_at) holds `bucket`. */
  async lossesCovering(tenantId: number, deviceId: string, bucket: Date): Promise<{ id: string; startedAt: Date; endedAt: Date }[]> {
    const rows = await this.db
      .selectFrom('alert_episode')
      .select(['id', 'started_at', 'ended_at'])
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .where('type', '=', 'DATA_LOSS')
      .where('ended_at', 'is not', null)
      .where('started_at', '<=', new Date(bucket.getTime() + BUCKET_MS))
      .where('ended_at', '>', bucket)
      .execute();
    return rows.map((r) => ({ id: r.id, startedAt: r.started_at, endedAt: r.ended_at! }));
  }

  // --- data loss (periodic) ---------------------------------------------------------------------

  /** Tenants with an enabled DATA_LOSS rule. */
  async tenantsWithLossRules(): Promise<number[]> {
    const rows = await this.db.selectFrom('alert_rule').select('tenant_id').distinct().where('status', '=', 'ENABLED').where('condition', '=', 'DATA_LOSS').execute();
    return rows.map((r) => r.tenant_id);
  }

  /** Devices of a tenant that reported once and not since `before`. */
  async silentDevices(tenantId: number, before: Date): Promise<SilentDevice[]> {
    const rows = await this.db
      .selectFrom('device as d')
      .leftJoin('entity as e', (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .select(['d.tenant_id', 'd.id', 'd.name', 'd.entity_id', 'e.type', 'd.last_data_at'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.deleted_date', 'is', null)
      .where('d.last_data_at', '<', before)
      .execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id, deviceName: r.name, entityId: r.entity_id, entityType: r.type, lastDataAt: r.last_data_at! }));
  }

  /** Active DATA_LOSS episodes of a tenant with their device's last reading. */
  async activeLosses(tenantId: number): Promise<{ id: string; status: string; startedAt: Date; deviceId: string; lastDataAt: Date | null }[]> {
    const rows = await this.db
      .selectFrom('alert_episode as a')
      .innerJoin('device as d', (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.id', '=', 'a.device_id'))
      .select(['a.id', 'a.status', 'a.started_at', 'a.device_id', 'd.last_data_at'])
      .where('a.tenant_id', '=', tenantId)
      .where('a.type', '=', 'DATA_LOSS')
      .where('a.status', 'in', ['OPEN', 'ACKNOWLEDGED'])
      .forUpdate('a')
      .skipLocked()
      .execute();
    return rows.map((r) => ({ id: r.id, status: r.status, startedAt: r.started_at, deviceId: r.device_id, lastDataAt: r.last_data_at }));
  }

  /** The first reading of a device after `after` (when its data came back). */
  async firstReadingAfter(tenantId: number, deviceId: string, after: Date): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('reading')
      .select(sql<Date>`min(ts)`.as('ts'))
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .where('ts', '>', after)
      .executeTakeFirst();
    return row?.ts ?? undefined;
  }

  // --- CPCB defaults ------------------------------------------------------------------------------

  /**
   * CPCB defaults, idempotent: a default escalation for every industry without one (the industry's
   * users, its statutory bodies' users, CPCB), and a 15-minute-average rule for every station and
   * parameter with a limit. A default the tenant deleted or changed is not recreated.
   */
  async ensureDefaults(levels: unknown[]): Promise<{ rules: number; escalations: number }> {
    const escalations = await this.db
      .insertInto('alert_escalation')
      .columns(['tenant_id', 'name', 'is_default', 'levels'])
      .expression((eb) =>
        eb
          .selectFrom('tenant as t')
          .select([
            't.id',
            sql.lit('CPCB default: industry, SPCB, CPCB').as('name'),
            sql.lit(true).as('is_default'),
            sql<string>`${JSON.stringify(levels)}::jsonb`.as('levels'),
          ])
          .where('t.type', '=', 'tenant')
          .where('t.status', '!=', 'DELETED')
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('alert_escalation as x').select('x.id').whereRef('x.tenant_id', '=', 't.id').where('x.is_default', '=', true))),
          ),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const rules = await sql`
      INSERT INTO alert_rule (tenant_id, name, entity_id, std_param_ids, severity, condition, comparison, is_default)
      SELECT DISTINCT d.tenant_id, sp.label || ' 15-minute average outside its limit (CPCB)', d.entity_id, ARRAY[sp.id],
             'MAJOR', 'AVG_15M', 'OUTSIDE', true
      FROM param_limit pl
      JOIN device_param dp ON dp.tenant_id = pl.tenant_id AND dp.device_id = pl.device_id AND dp.slot = pl.slot AND dp.deleted_date IS NULL
      JOIN device d ON d.tenant_id = pl.tenant_id AND d.id = pl.device_id AND d.deleted_date IS NULL AND d.entity_id IS NOT NULL
      JOIN std_param sp ON sp.id = dp.std_param_id
      ON CONFLICT (tenant_id, entity_id, std_param_ids) WHERE is_default DO NOTHING`.execute(this.db);
    return { rules: Number(rules.numAffectedRows ?? 0), escalations: Number(escalations.numInsertedOrUpdatedRows ?? 0) };
  }
}
