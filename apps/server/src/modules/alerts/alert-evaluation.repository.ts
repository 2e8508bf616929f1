import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS, deviceRows, isInServiceSql } from '../devices/devices.queries.ts';
import { ENTITY_ROWS, entityRows } from '../entities/entities.queries.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';
import { quartersOf, readingsOf } from '../data/readings.queries.ts';

const BUCKET_MS = 15 * 60_000;

// Slot starts cross the wire as epoch milliseconds: the hot statements of a batch carry thousands,
// and the driver's Date formatting and parsing of them cost more Node time than the rest of the
// evaluation's JavaScript (measured on the alerts bench, CPU profile).
const FROM_MS = (ms: ReturnType<typeof sql>) => sql`(timestamptz 'epoch' + ${ms} * interval '1 millisecond')`;
const TO_MS = (ts: ReturnType<typeof sql>) => sql`(extract(epoch FROM ${ts}) * 1000)::float8`;

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
  /** Null for an alert about something that is no device: then `subject` (a camera, RaisedAlertService). */
  deviceId: string | null;
  subject?: { id: string; name: string } | null;
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

/** One station a device served, on the 15-minute grid: slots in [fromMs, toMs); null: unbounded. */
export interface DeviceMount {
  deviceId: string;
  entityId: string;
  entityType: string | null;
  fromMs: number | null;
  toMs: number | null;
}

/** The evaluation of one slot of one series by one rule. */
export interface SlotResult {
  ruleId: string;
  deviceId: string;
  slot: number;
  /** The slot's start, epoch milliseconds. */
  bucket: number;
  value: number | null;
  breach: boolean;
  suppressed: boolean;
}

/** The slots [lo, hi] of one rule's series a batch reads. */
export interface SeriesRange {
  ruleId: string;
  deviceId: string;
  slot: number;
  lo: Date;
  hi: Date;
}

/** An episode as read for planning (alert-episode-plan.ts). */
export interface KnownEpisodeRow {
  id: string;
  status: string;
  started_at: Date;
  last_breach_at: Date;
  ended_at: Date | null;
  peak: number | null;
  slot_count: number;
  message: string;
}

/** The columns the evaluation decides for an episode. */
export interface StoredEpisodeState {
  status: string;
  startedAt: Date;
  lastBreachAt: Date;
  endedAt: Date | null;
  peak: number | null;
  slotCount: number;
  message: string;
  mergedInto: string | null;
}

export interface NewTransition {
  tenantId: number;
  alertId: string;
  from: string | null;
  to: string;
  at: Date;
  userId?: number | null;
  comment: string | null;
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

function episodeRow(e: NewEpisode) {
  return {
    tenant_id: e.tenantId,
    rule_id: e.ruleId,
    device_id: e.deviceId,
    subject_id: e.subject?.id ?? null,
    subject: e.subject?.name ?? null,
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
  };
}

/**
 * The evaluation's reads and writes: rules, series and their 15-minute aggregates (read from
 * reading_15m in SQL; the data module's repository is not imported), per-slot results, episodes and
 * their transitions, the escalation start. Always run `in(trx)` of the slot feed's transaction.
 */
export class AlertEvaluationRepository extends Repository {
  /** Enabled rules of a tenant; with `entityIds`, only those of these stations and those of no station. */
  async enabledRules(tenantId: number, entityIds?: readonly string[]): Promise<EvalRule[]> {
    const rows = await this.db
      .selectFrom('alert_rule')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .$if(entityIds !== undefined, (qb) =>
        qb.where((eb) => eb.or([eb('entity_id', 'is', null), eb('entity_id', '=', sql<string>`ANY(${sql.val(entityIds ?? [])}::bigint[])`)])),
      )
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
      .innerJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'dp.tenant_id').onRef('d.id', '=', 'dp.device_id'))
      .innerJoin('std_param as sp', 'sp.id', 'dp.std_param_id')
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
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
      .where(isInServiceSql('d'))
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

  /**
   * The stations the devices served, by mount period (device_mount, issue 13) on the 15-minute grid:
   * a slot from `fromMs` (null: the beginning) up to `toMs` (null: still mounted), exclusive.
   */
  async mounts(tenantId: number, deviceIds: readonly string[]): Promise<DeviceMount[]> {
    if (deviceIds.length === 0) return [];
    const { rows } = await sql<{ device_id: string; entity_id: string; entity_type: string | null; from_ms: number | null; to_ms: number | null }>`
      SELECT m.device_id::text, m.entity_id::text, e.type AS entity_type,
             CASE WHEN isfinite(m.mounted_at) THEN (extract(epoch FROM enviro_bucket15(m.mounted_at)) * 1000)::float8 END AS from_ms,
             (extract(epoch FROM enviro_bucket15(m.unmounted_at)) * 1000)::float8 AS to_ms
      FROM device_mount m
      LEFT JOIN ${ENTITY_ROWS} e ON e.tenant_id = m.tenant_id AND e.id = m.entity_id
      WHERE m.tenant_id = ${tenantId} AND m.device_id = ANY(${sql.val(deviceIds)}::bigint[])`.execute(this.db);
    return rows.map((r) => ({ deviceId: r.device_id, entityId: r.entity_id, entityType: r.entity_type, fromMs: r.from_ms, toMs: r.to_ms }));
  }

  /**
   * The 15-minute aggregates (quarters, raw and compacted, written by the rollup worker) of series over
   * spans of slots: each span is one range of the raw rows' primary key (tenant, device, slot, bucket). Probing
   * by device and bucket alone, the slot left open, walked every row of the device in the partition
   * (every parameter, every slot of the month so far) for each bucket. OFFSET 0 keeps the lateral
   * subquery a probe even when stale statistics would favour a hash join over the whole table, and
   * the bounds keep the plan to the partitions concerned.
   */
  async aggregates(tenantId: number, spans: readonly { deviceId: string; slot: number; from: number; to: number }[]): Promise<SlotAggregate[]> {
    if (spans.length === 0) return [];
    const { rows } = await sql<{ device_id: string; slot: number; bucket: number; n: number; sum: number; min: number; max: number }>`
      SELECT r.device_id::text, r.slot, ${TO_MS(sql`r.bucket`)} AS bucket, r.n, r.sum, r.min, r.max
      FROM unnest(${sql.val(spans.map((s) => s.deviceId))}::bigint[], ${sql.val(spans.map((s) => s.slot))}::smallint[],
                  ${sql.val(spans.map((s) => s.from))}::float8[], ${sql.val(spans.map((s) => s.to))}::float8[]) AS k(device_id, slot, from_ms, to_ms)
      CROSS JOIN LATERAL (
        SELECT * FROM ${quartersOf(tenantId, sql`k.device_id`, FROM_MS(sql`k.from_ms`), sql`${FROM_MS(sql`k.to_ms`)} + interval '1 microsecond'`, sql`k.slot`)} x
        WHERE x.bucket >= ${new Date(Math.min(...spans.map((s) => s.from)))} AND x.bucket <= ${new Date(Math.max(...spans.map((s) => s.to)))}
        OFFSET 0) r`.execute(this.db);
    return rows.map((r) => ({ deviceId: r.device_id, slot: r.slot, bucket: r.bucket, n: r.n, avg: r.sum / r.n, min: r.min, max: r.max }));
  }

  /** Records the evaluation of slots (again after late readings) in one statement; an unchanged row is not rewritten. */
  async putSlots(tenantId: number, rows: readonly SlotResult[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      INSERT INTO alert_slot (tenant_id, rule_id, device_id, slot, bucket, value, breach, suppressed)
      SELECT ${tenantId}, u.rule_id, u.device_id, u.slot, ${FROM_MS(sql`u.bucket_ms`)}, u.value, u.breach, u.suppressed
      FROM unnest(${sql.val(rows.map((r) => r.ruleId))}::bigint[], ${sql.val(rows.map((r) => r.deviceId))}::bigint[],
        ${sql.val(rows.map((r) => r.slot))}::smallint[], ${sql.val(rows.map((r) => r.bucket))}::float8[],
        ${sql.val(rows.map((r) => r.value))}::float8[], ${sql.val(rows.map((r) => r.breach))}::boolean[], ${sql.val(rows.map((r) => r.suppressed))}::boolean[])
        AS u(rule_id, device_id, slot, bucket_ms, value, breach, suppressed)
      ON CONFLICT (tenant_id, rule_id, device_id, slot, bucket) DO UPDATE
        SET value = excluded.value, breach = excluded.breach, suppressed = excluded.suppressed
        WHERE (alert_slot.value, alert_slot.breach, alert_slot.suppressed) IS DISTINCT FROM (excluded.value, excluded.breach, excluded.suppressed)`.execute(this.db);
  }

  /**
   * Forgets the evaluation of slots that hold no reading of their parameter any more (deleted
   * readings): such a slot is no slot of the series, and its old row would count as clean.
   */
  async dropSlots(tenantId: number, rows: readonly Pick<SlotResult, 'ruleId' | 'deviceId' | 'slot' | 'bucket'>[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      DELETE FROM alert_slot s
      USING unnest(${sql.val(rows.map((r) => r.ruleId))}::bigint[], ${sql.val(rows.map((r) => r.deviceId))}::bigint[],
        ${sql.val(rows.map((r) => r.slot))}::smallint[], ${sql.val(rows.map((r) => r.bucket))}::float8[]) AS u(rule_id, device_id, slot, bucket_ms)
      WHERE s.tenant_id = ${tenantId} AND s.rule_id = u.rule_id AND s.device_id = u.device_id AND s.slot = u.slot AND s.bucket = ${FROM_MS(sql`u.bucket_ms`)}`.execute(this.db);
  }

  /**
   * The episodes (none merged, none left without breaching slots) of many series, locked: each
   * series' active one and those whose span [start, end or last breach] meets its range [lo, hi];
   * one index scan per series. An episode whose breaching slots late readings all cleared stands for
   * nothing exceeded: its old span must not claim a breach that comes later.
   */
  async episodesNear(tenantId: number, ranges: readonly SeriesRange[]): Promise<(KnownEpisodeRow & { key: number })[]> {
    if (ranges.length === 0) return [];
    const { rows } = await sql<KnownEpisodeRow & { key: number }>`
      SELECT k.key::int AS key, a.id::text AS id, a.status, a.started_at, a.last_breach_at, a.ended_at, a.peak, a.slot_count, a.message
      FROM unnest(${sql.val(ranges.map((r) => r.ruleId))}::bigint[], ${sql.val(ranges.map((r) => r.deviceId))}::bigint[], ${sql.val(ranges.map((r) => r.slot))}::smallint[],
                  ${sql.val(ranges.map((r) => r.lo))}::timestamptz[], ${sql.val(ranges.map((r) => r.hi))}::timestamptz[]) WITH ORDINALITY AS k(rule_id, device_id, slot, lo, hi, key)
      CROSS JOIN LATERAL (
        SELECT * FROM alert_episode x
        WHERE x.tenant_id = ${tenantId} AND x.rule_id = k.rule_id AND x.device_id = k.device_id AND x.slot = k.slot AND x.merged_into IS NULL
          AND x.slot_count > 0
          AND (x.status IN ('OPEN', 'ACKNOWLEDGED') OR (x.started_at <= k.hi AND greatest(x.last_breach_at, x.ended_at) >= k.lo))
        OFFSET 0
        FOR UPDATE) a
      ORDER BY a.started_at`.execute(this.db);
    return rows.map((r) => ({ ...r, key: r.key - 1 }));
  }

  /**
   * For each series, its latest episode (not merged, not CLOSED, with breaching slots) starting
   * before `lo` that fewer than `clearSlots` clean slots follow up to `lo`: a breach from `lo` on
   * continues it, however long the slots without data between them. Locked, as episodesNear.
   */
  async episodesOpenAt(tenantId: number, ranges: readonly (Pick<SeriesRange, 'ruleId' | 'deviceId' | 'slot' | 'lo'> & { clearSlots: number })[]): Promise<(KnownEpisodeRow & { key: number })[]> {
    if (ranges.length === 0) return [];
    const { rows } = await sql<KnownEpisodeRow & { key: number }>`
      SELECT k.key::int AS key, a.id::text AS id, a.status, a.started_at, a.last_breach_at, a.ended_at, a.peak, a.slot_count, a.message
      FROM unnest(${sql.val(ranges.map((r) => r.ruleId))}::bigint[], ${sql.val(ranges.map((r) => r.deviceId))}::bigint[], ${sql.val(ranges.map((r) => r.slot))}::smallint[],
                  ${sql.val(ranges.map((r) => r.lo))}::timestamptz[], ${sql.val(ranges.map((r) => r.clearSlots))}::int[]) WITH ORDINALITY AS k(rule_id, device_id, slot, lo, clear_slots, key)
      CROSS JOIN LATERAL (
        SELECT * FROM alert_episode x
        WHERE x.tenant_id = ${tenantId} AND x.rule_id = k.rule_id AND x.device_id = k.device_id AND x.slot = k.slot
          AND x.started_at < k.lo AND x.merged_into IS NULL AND x.slot_count > 0
        ORDER BY x.started_at DESC
        LIMIT 1
        FOR UPDATE) a
      WHERE a.status <> 'CLOSED'
        AND (SELECT count(*) FROM (
              SELECT 1 FROM alert_slot s
              WHERE s.tenant_id = ${tenantId} AND s.rule_id = k.rule_id AND s.device_id = k.device_id AND s.slot = k.slot
                AND s.bucket > a.last_breach_at AND s.bucket < k.lo AND NOT s.breach
              LIMIT k.clear_slots) c) < k.clear_slots`.execute(this.db);
    return rows.map((r) => ({ ...r, key: r.key - 1 }));
  }

  /** The slot results of many series, each in its range [lo, hi], oldest first (one index range scan per series). */
  async slotRows(tenantId: number, ranges: readonly SeriesRange[]): Promise<{ key: number; bucket: number; value: number | null; breach: boolean }[]> {
    if (ranges.length === 0) return [];
    const { rows } = await sql<{ key: number; bucket: number; value: number | null; breach: boolean }>`
      SELECT k.key::int AS key, ${TO_MS(sql`s.bucket`)} AS bucket, s.value, s.breach
      FROM unnest(${sql.val(ranges.map((r) => r.ruleId))}::bigint[], ${sql.val(ranges.map((r) => r.deviceId))}::bigint[], ${sql.val(ranges.map((r) => r.slot))}::smallint[],
                  ${sql.val(ranges.map((r) => r.lo))}::timestamptz[], ${sql.val(ranges.map((r) => r.hi))}::timestamptz[]) WITH ORDINALITY AS k(rule_id, device_id, slot, lo, hi, key)
      CROSS JOIN LATERAL (
        SELECT * FROM alert_slot x
        WHERE x.tenant_id = ${tenantId} AND x.rule_id = k.rule_id AND x.device_id = k.device_id AND x.slot = k.slot AND x.bucket BETWEEN k.lo AND k.hi
        OFFSET 0) s
      ORDER BY k.key, s.bucket`.execute(this.db);
    return rows.map((r) => ({ ...r, key: r.key - 1 }));
  }

  /** Writes the decided columns of episodes in one statement. */
  async updateEpisodes(tenantId: number, rows: readonly { id: string; state: StoredEpisodeState }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    const col = <T>(f: (s: StoredEpisodeState) => T) => sql.val(rows.map((r) => f(r.state)));
    await sql`
      UPDATE alert_episode a
      SET status = u.status, started_at = u.started_at, last_breach_at = u.last_breach_at, ended_at = u.ended_at, peak = u.peak,
          slot_count = u.slot_count, message = u.message, merged_into = u.merged_into, updated_at = ${now}
      FROM unnest(${sql.val(rows.map((r) => r.id))}::bigint[], ${col((s) => s.status)}::text[], ${col((s) => s.startedAt)}::timestamptz[],
                  ${col((s) => s.lastBreachAt)}::timestamptz[], ${col((s) => s.endedAt)}::timestamptz[], ${col((s) => s.peak)}::float8[],
                  ${col((s) => s.slotCount)}::int[], ${col((s) => s.message)}::text[], ${col((s) => s.mergedInto)}::bigint[])
           AS u(id, status, started_at, last_breach_at, ended_at, peak, slot_count, message, merged_into)
      WHERE a.tenant_id = ${tenantId} AND a.id = u.id`.execute(this.db);
  }

  /** Inserts episodes in one statement; answers their ids in the order given. */
  async insertEpisodes(rows: readonly NewEpisode[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insertInto('alert_episode')
      .values(
        rows.map(episodeRow),
      )
      .returning(['id', 'rule_id', 'device_id', 'slot', 'started_at'])
      .execute();
    const idOf = new Map(inserted.map((r) => [`${r.rule_id}:${r.device_id}:${r.slot}:${r.started_at.getTime()}`, r.id]));
    return rows.map((e) => idOf.get(`${e.ruleId}:${e.deviceId}:${e.slot}:${e.startedAt.getTime()}`)!);
  }

  /** The episodes of one rule's series (a device's parameter slot). */
  private seriesEpisodes(tenantId: number, ruleId: string, deviceId: string, slot: number) {
    return this.db
      .selectFrom('alert_episode')
      .select(EPISODE_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('rule_id', '=', ruleId)
      .where('device_id', '=', deviceId)
      .where('slot', '=', slot)
      .$narrowType<{ device_id: string }>();
  }

  /** The active (OPEN or ACKNOWLEDGED) episode of a series, locked. */
  async activeEpisode(tenantId: number, ruleId: string, deviceId: string, slot: number): Promise<Episode | undefined> {
    const row = await this.seriesEpisodes(tenantId, ruleId, deviceId, slot)
      .where('status', 'in', ['OPEN', 'ACKNOWLEDGED'])
      .forUpdate()
      .executeTakeFirst();
    return row && toEpisode(row);
  }

  /** The active episode of a condition about a subject (a camera's alert, no device), locked. */
  async activeOfSubject(tenantId: number, type: string, subjectId: string): Promise<{ id: string; status: string } | undefined> {
    return this.db
      .selectFrom('alert_episode')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('type', '=', type)
      .where('subject_id', '=', subjectId)
      .where('status', 'in', ['OPEN', 'ACKNOWLEDGED'])
      .forUpdate()
      .executeTakeFirst();
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

  async insertEpisode(e: NewEpisode): Promise<string> {
    return (await this.insertEpisodes([e]))[0]!;
  }

  /** A DATA_FILL alert for a back-filled loss, once per loss alert; answers its id, or undefined when it exists. */
  async insertFillOnce(e: NewEpisode): Promise<string | undefined> {
    const row = await this.db
      .insertInto('alert_episode')
      .values(episodeRow(e))
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

  async transition(t: NewTransition): Promise<void> {
    await this.transitions([t]);
  }

  async transitions(ts: readonly NewTransition[]): Promise<void> {
    if (ts.length === 0) return;
    await this.db
      .insertInto('alert_transition')
      .values(ts.map((t) => ({ tenant_id: t.tenantId, alert_id: t.alertId, from_status: t.from, to_status: t.to, at: t.at, user_id: t.userId ?? null, comment: t.comment })))
      .execute();
  }

  /** Starts the escalation of a new alert: its rule's policy, else the tenant's default; one row per level. */
  startEscalation(tenantId: number, alertId: string, escalationId: string | null, openedAt: Date): Promise<void> {
    return this.startEscalations(tenantId, [{ alertId, escalationId }], openedAt);
  }

  /** Starts the escalation of new alerts of a tenant in one statement: one row per level of each one's policy. */
  async startEscalations(tenantId: number, alerts: readonly { alertId: string; escalationId: string | null }[], openedAt: Date): Promise<void> {
    if (alerts.length === 0) return;
    await sql`
      INSERT INTO alert_escalation_state (tenant_id, alert_id, level, next_at)
      SELECT ${tenantId}, k.alert_id, l.level, ${openedAt}::timestamptz + (l.value->>'delayMinutes')::float8 * interval '1 minute'
      FROM unnest(${sql.val(alerts.map((a) => a.alertId))}::bigint[], ${sql.val(alerts.map((a) => a.escalationId))}::bigint[]) AS k(alert_id, escalation_id)
      JOIN alert_escalation e ON e.tenant_id = ${tenantId} AND e.status = 'ENABLED'
        AND CASE WHEN k.escalation_id IS NULL THEN e.is_default ELSE e.id = k.escalation_id END
      CROSS JOIN LATERAL jsonb_array_elements(e.levels) WITH ORDINALITY AS l(value, level)
      ON CONFLICT DO NOTHING`.execute(this.db);
  }

  /** Finished DATA_LOSS episodes of the devices whose gap [started_at, ended_at) meets [from, to). */
  async lossesMeeting(tenantId: number, deviceIds: readonly string[], from: Date, to: Date): Promise<{ id: string; deviceId: string; startedAt: Date; endedAt: Date }[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('alert_episode')
      .select(['id', 'device_id', 'started_at', 'ended_at'])
      .where('tenant_id', '=', tenantId)
      .where('device_id', 'in', deviceIds)
      .where('type', '=', 'DATA_LOSS')
      .where('ended_at', 'is not', null)
      .where('started_at', '<=', to)
      .where('ended_at', '>', from)
      .execute();
    return rows.map((r) => ({ id: r.id, deviceId: String(r.device_id), startedAt: r.started_at, endedAt: r.ended_at! }));
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
      .selectFrom(deviceRows(this.db).as('d'))
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .select(['d.tenant_id', 'd.id', 'd.name', 'd.entity_id', 'e.type', 'd.last_data_at'])
      .where('d.tenant_id', '=', tenantId)
      .where(isInServiceSql('d'))
      .where('d.last_data_at', '<', before)
      .execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id, deviceName: r.name, entityId: r.entity_id, entityType: r.type, lastDataAt: r.last_data_at! }));
  }

  /** Active DATA_LOSS episodes of a tenant with their device's last reading. */
  async activeLosses(tenantId: number): Promise<{ id: string; status: string; startedAt: Date; deviceId: string; lastDataAt: Date | null }[]> {
    const rows = await this.db
      .selectFrom('alert_episode as a')
      .innerJoin(deviceRows(this.db).as('d'), (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.id', '=', 'a.device_id'))
      .select(['a.id', 'a.status', 'a.started_at', 'a.device_id', 'd.last_data_at'])
      .where('a.tenant_id', '=', tenantId)
      .where('a.type', '=', 'DATA_LOSS')
      .where('a.status', 'in', ['OPEN', 'ACKNOWLEDGED'])
      .forUpdate('a')
      .skipLocked()
      .$narrowType<{ device_id: string }>()
      .execute();
    return rows.map((r) => ({ id: r.id, status: r.status, startedAt: r.started_at, deviceId: r.device_id, lastDataAt: r.last_data_at }));
  }

  /** The first reading of a device after `after` (when its data came back). */
  async firstReadingAfter(tenantId: number, deviceId: string, after: Date): Promise<Date | undefined> {
    const { rows } = await sql<{ ts: Date | null }>`
      SELECT min(ts) AS ts FROM ${readingsOf(tenantId, deviceId, sql`${after}::timestamptz + interval '1 microsecond'`, 'infinity')}`.execute(this.db);
    return rows[0]?.ts ?? undefined;
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
          .selectFrom(tenantRows(this.db).as('t'))
          .select([
            't.id',
            sql.lit('CPCB default: industry, SPCB, CPCB').as('name'),
            sql.lit(true).as('is_default'),
            sql<string>`${JSON.stringify(levels)}::jsonb`.as('levels'),
          ])
          .where('t.type', '=', 'tenant')
          .where(isNotDeletedSql('t'))
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
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = pl.tenant_id AND d.id = pl.device_id AND ${isInServiceSql('d')} AND d.entity_id IS NOT NULL
      JOIN std_param sp ON sp.id = dp.std_param_id
      ON CONFLICT (tenant_id, entity_id, std_param_ids) WHERE is_default DO NOTHING`.execute(this.db);
    return { rules: Number(rules.numAffectedRows ?? 0), escalations: Number(escalations.numInsertedOrUpdatedRows ?? 0) };
  }
}
