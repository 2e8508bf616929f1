import type { Db } from '../../platform/database/database.ts';
import type { SlotChange } from '../data/slot-changes.service.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import { SuppressionWindowService, type SuppressionWindow } from '../devices/suppression-windows.service.ts';
import { AlertEvaluationRepository, type EvalRule, type EvalSeries, type Episode, type SlotAggregate } from './alert-evaluation.repository.ts';

/** The name of the evaluation in `slot_consumer` (migration 020). */
export const ALERTS_CONSUMER = 'alerts';

const MINUTE = 60_000;
const BUCKET_MS = 15 * MINUTE;

/** Conditions evaluated on closed 15-minute slots. */
const SLOT_CONDITIONS = new Set(['AVG_15M', 'SUSTAINED', 'INSTANT', 'DEVICE_DIAGNOSTIC']);

/** The limits a rule applies to a series: its own thresholds, else the parameter's limit. */
export function limitsOf(rule: Pick<EvalRule, 'comparison' | 'thresholdMin' | 'thresholdMax'>, series: Pick<EvalSeries, 'limitMin' | 'limitMax'>) {
  const hasOwn = rule.thresholdMin !== null || rule.thresholdMax !== null;
  const min = hasOwn ? rule.thresholdMin : series.limitMin;
  const max = hasOwn ? rule.thresholdMax : series.limitMax;
  return {
    min: rule.comparison === 'ABOVE' ? null : min,
    max: rule.comparison === 'BELOW' ? null : max,
  };
}

/** Whether a rule watches a series. */
export function applies(rule: EvalRule, series: EvalSeries): boolean {
  if (!SLOT_CONDITIONS.has(rule.condition)) return false;
  if (rule.entityId !== null ? rule.entityId !== series.entityId : rule.category !== null && rule.category !== series.entityType) return false;
  if (rule.deviceIds.length > 0 && !rule.deviceIds.includes(series.deviceId)) return false;
  if (rule.stdParamIds.length > 0 && !rule.stdParamIds.includes(series.stdParamId)) return false;
  const diagnostic = series.paramName.startsWith('device_');
  if (rule.condition === 'DEVICE_DIAGNOSTIC' ? !diagnostic : diagnostic && rule.stdParamIds.length === 0) return false;
  const { min, max } = limitsOf(rule, series);
  return min !== null || max !== null;
}

/**
 * The value a condition judges in one slot, and whether it breaks the limits:
 * AVG_15M and DEVICE_DIAGNOSTIC the average; INSTANT the extreme reading (any reading out);
 * SUSTAINED the opposite extreme (every reading out).
 */
export function judge(condition: string, agg: Pick<SlotAggregate, 'avg' | 'min' | 'max'>, limits: { min: number | null; max: number | null }): { value: number; breach: boolean } {
  const above = (v: number) => limits.max !== null && v > limits.max;
  const below = (v: number) => limits.min !== null && v < limits.min;
  switch (condition) {
    case 'INSTANT':
      if (above(agg.max)) return { value: agg.max, breach: true };
      if (below(agg.min)) return { value: agg.min, breach: true };
      return { value: agg.avg, breach: false };
    case 'SUSTAINED':
      if (above(agg.min)) return { value: agg.min, breach: true };
      if (below(agg.max)) return { value: agg.max, breach: true };
      return { value: agg.avg, breach: false };
    default:
      return { value: agg.avg, breach: above(agg.avg) || below(agg.avg) };
  }
}

/** Whether a window of suppression overlaps the slot [bucket, bucket + 15 min) of a device. */
export function slotSuppressed(windows: readonly SuppressionWindow[], device: { deviceId: string; entityId: string | null }, bucket: number): boolean {
  return windows.some(
    (w) =>
      (w.deviceId === device.deviceId || (w.deviceId === null && w.entityId !== null && w.entityId === device.entityId)) &&
      w.startsAt.getTime() < bucket + BUCKET_MS &&
      (w.endsAt === null || w.endsAt.getTime() > bucket),
  );
}

const fmt = (v: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(v);

function describe(rule: EvalRule, series: EvalSeries, limits: { min: number | null; max: number | null }, peak: number | null): string {
  const limit = [limits.min !== null ? `min ${fmt(limits.min)}` : null, limits.max !== null ? `max ${fmt(limits.max)}` : null].filter(Boolean).join(', ');
  const unit = series.unit ? ` ${series.unit}` : '';
  const peakText = peak === null ? '' : ` (peak ${fmt(peak)}${unit})`;
  switch (rule.condition) {
    case 'INSTANT':
      return `${series.paramLabel} reading outside its limit (${limit}${unit}) at ${series.deviceName}${peakText}`;
    case 'SUSTAINED':
      return `${series.paramLabel} outside its limit (${limit}${unit}) for ${rule.durationMinutes ?? 15} minutes at ${series.deviceName}${peakText}`;
    case 'DEVICE_DIAGNOSTIC':
      return `Device diagnostic ${series.paramLabel} out of range (${limit}${unit}) at ${series.deviceName}${peakText}`;
    default:
      return `${series.paramLabel} 15-minute average outside its limit (${limit}${unit}): exceeded for more than 15 minutes at ${series.deviceName}${peakText}`;
  }
}

/**
 * Evaluation of the 15-minute rules: a consumer of the closed-slot feed. Each slot of a device is
 * judged against every rule watching its series and the result kept in `alert_slot`; the episode
 * around it (one alert per rule, series and episode) is then opened, extended, recounted or resolved
 * from those rows, so a late reading re-evaluates exactly its slot. Everything is written in the
 * feed's transaction: a crash loses nothing and a retry repeats nothing (the partial unique index of
 * active episodes refuses a second one). `now` is injectable for tests.
 */
export class AlertEvaluator {
  private readonly feed: SlotChangeFeed;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.feed = new SlotChangeFeed(db);
  }

  /** Handles up to `limit` queued slots; answers how many. */
  run(limit = 500): Promise<number> {
    return this.feed.consume(ALERTS_CONSUMER, limit, (trx, slots) => this.evaluate(trx, slots));
  }

  /** Runs until the queue is empty. */
  async drain(limit = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.run(limit);
      total += n;
      if (n < limit) return total;
    }
  }

  async evaluate(trx: Db, slots: readonly SlotChange[]): Promise<void> {
    const repo = new AlertEvaluationRepository(trx);
    const windows = new SuppressionWindowService(trx);
    const byTenant = new Map<number, Map<string, Date[]>>();
    for (const s of slots) {
      const devices = byTenant.get(s.tenantId) ?? new Map<string, Date[]>();
      byTenant.set(s.tenantId, devices);
      devices.set(s.deviceId, [...(devices.get(s.deviceId) ?? []), s.bucket]);
    }
    for (const [tenantId, devices] of byTenant) {
      const rules = await repo.enabledRules(tenantId);
      if (rules.length === 0) continue;
      const series = await repo.series(tenantId, [...devices.keys()]);
      for (const [deviceId, buckets] of devices) {
        buckets.sort((a, b) => a.getTime() - b.getTime());
        const mine = series.filter((s) => s.deviceId === deviceId);
        const watched = mine.flatMap((s) => rules.filter((r) => applies(r, s)).map((r) => ({ rule: r, series: s })));
        const device = { deviceId, entityId: mine[0]?.entityId ?? null };
        if (watched.length > 0) {
          const aggs = await repo.aggregates(tenantId, deviceId, buckets);
          const first = buckets[0]!.getTime();
          const last = buckets.at(-1)!.getTime() + BUCKET_MS;
          const covering = await windows.covering(tenantId, [device], new Date(first), new Date(last));
          const aggOf = new Map(aggs.map((a) => [`${a.slot}:${a.bucket}`, a]));
          const judged = watched.flatMap(({ rule, series: s }) => {
            const limits = limitsOf(rule, s);
            return buckets.map((bucket) => {
              const agg = aggOf.get(`${s.slot}:${bucket.getTime()}`);
              const suppressed = slotSuppressed(covering, device, bucket.getTime());
              const j = agg ? judge(rule.condition, agg, limits) : { value: null, breach: false };
              return { rule, s, limits, bucket, value: j.value, breach: j.breach && !suppressed, suppressed };
            });
          });
          await repo.putSlots(judged.map((j) => ({ tenantId, ruleId: j.rule.id, deviceId, slot: j.s.slot, bucket: j.bucket, value: j.value, breach: j.breach, suppressed: j.suppressed })));
          // Episodes: every breach, and clean slots only where an episode they could change exists.
          const withEpisodes = judged.some((j) => !j.breach) ? await repo.seriesWithEpisodes(tenantId, deviceId, buckets[0]!) : new Set<string>();
          for (const j of judged) {
            const key = `${j.rule.id}:${j.s.slot}`;
            if (!j.breach && !withEpisodes.has(key)) continue;
            // A breach may open an episode that this batch's later clean slots resolve.
            if (j.breach) withEpisodes.add(key);
            await this.episode(repo, j.rule, j.s, j.limits, j.bucket.getTime(), j.breach);
          }
        }
        await this.fills(repo, rules, tenantId, device, mine[0], buckets);
      }
    }
  }

  /** Opens, extends, recounts or resolves the episode of a series around one re-evaluated slot. */
  private async episode(repo: AlertEvaluationRepository, rule: EvalRule, s: EvalSeries, limits: { min: number | null; max: number | null }, bucket: number, breach: boolean) {
    const now = new Date(this.now());
    const clearMs = rule.clearSlots * BUCKET_MS;
    const key = [s.tenantId, rule.id, s.deviceId, s.slot] as const;
    const active = await repo.activeEpisode(...key);
    const before = await repo.episodeBefore(...key, new Date(bucket));

    if (breach) {
      // The episode this slot belongs to: one it lies in or follows within the clear condition.
      let target: Episode | undefined;
      if (before && (before.status === 'OPEN' || before.status === 'ACKNOWLEDGED' || bucket < before.lastBreachAt.getTime() + BUCKET_MS + clearMs)) target = before;
      if (!target) {
        const after = await repo.episodeAfter(...key, new Date(bucket));
        if (after && after.startedAt.getTime() - bucket <= clearMs) target = after;
      }
      if (target) {
        if (target.status === 'RESOLVED' && bucket >= target.lastBreachAt.getTime()) {
          // A late reading broke a slot that had cleared it: the alert is open again, if no other is.
          if (active && active.id !== target.id) return this.recount(repo, rule, s, limits, target, now, bucket);
          await repo.updateEpisode(s.tenantId, target.id, { status: 'OPEN', endedAt: null }, now);
          await repo.transition({ tenantId: s.tenantId, alertId: target.id, from: 'RESOLVED', to: 'OPEN', at: now, comment: 'late readings broke the limit again' });
          target = { ...target, status: 'OPEN', endedAt: null };
        }
        return this.recount(repo, rule, s, limits, target, now, bucket);
      }
      // A new episode. SUSTAINED needs its duration of consecutive breaching slots first.
      const needed = rule.condition === 'SUSTAINED' ? Math.max(1, Math.ceil((rule.durationMinutes ?? 15) / 15)) : 1;
      let start = bucket;
      if (needed > 1) {
        const run = await repo.slots(...key, new Date(bucket - (needed - 1) * BUCKET_MS), new Date(bucket));
        const consecutive = run.filter((r) => r.breach).map((r) => r.bucket);
        for (let k = 1; k < needed; k++) if (!consecutive.includes(bucket - k * BUCKET_MS)) return;
        start = bucket - (needed - 1) * BUCKET_MS;
      }
      // A late episode older than the active one is history: it is recorded resolved, not raised.
      const historic = active !== undefined;
      const id = await repo.insertEpisode({
        tenantId: s.tenantId,
        ruleId: rule.id,
        deviceId: s.deviceId,
        entityId: s.entityId,
        slot: s.slot,
        stdParamId: s.stdParamId,
        type: rule.condition,
        severity: rule.severity,
        status: historic ? 'RESOLVED' : 'OPEN',
        startedAt: new Date(start),
        lastBreachAt: new Date(bucket),
        endedAt: historic ? new Date(bucket + BUCKET_MS) : null,
        peak: null,
        limitMin: limits.min,
        limitMax: limits.max,
        slotCount: 0,
        message: describe(rule, s, limits, null),
        now,
      });
      await repo.transition({ tenantId: s.tenantId, alertId: id, from: null, to: 'OPEN', at: now, comment: null });
      if (historic) await repo.transition({ tenantId: s.tenantId, alertId: id, from: 'OPEN', to: 'RESOLVED', at: now, comment: 'late readings: the breach had already cleared' });
      else await repo.startEscalation(s.tenantId, id, rule.escalationId, now);
      const created: Episode = { tenantId: s.tenantId, id, ruleId: rule.id, deviceId: s.deviceId, slot: s.slot, type: rule.condition, status: historic ? 'RESOLVED' : 'OPEN', startedAt: new Date(start), lastBreachAt: new Date(bucket), endedAt: null };
      return this.recount(repo, rule, s, limits, created, now);
    }

    // A clean slot: inside an episode (a late reading cleared it), or after the active one's last breach.
    const target = before && bucket <= before.lastBreachAt.getTime() ? before : active && bucket > active.lastBreachAt.getTime() ? active : undefined;
    if (target) await this.recount(repo, rule, s, limits, target, now, bucket);
  }

  /**
   * Recounts an episode from its slot rows: first and last breach, peak, slot count; resolves it
   * when the clear condition holds after the last breach (or no breach is left).
   */
  private async recount(repo: AlertEvaluationRepository, rule: EvalRule, s: EvalSeries, limits: { min: number | null; max: number | null }, e: Episode, now: Date, bucket?: number) {
    const clearMs = rule.clearSlots * BUCKET_MS;
    const key = [s.tenantId, rule.id, s.deviceId, s.slot] as const;
    const last = Math.max(e.lastBreachAt.getTime(), e.startedAt.getTime(), bucket ?? 0);
    const rows = await repo.slots(...key, new Date(e.startedAt.getTime() - clearMs), new Date(last + clearMs + 96 * BUCKET_MS));
    // The run of breaches this episode spans: from its first breaching slot until clearSlots clean
    // slots follow the last one. Slots without data (no row) neither clear it nor end it.
    const breaches: { bucket: number; value: number | null }[] = [];
    let clean = 0;
    let cleared = false;
    for (const r of rows) {
      if (r.breach) {
        breaches.push({ bucket: r.bucket, value: r.value });
        clean = 0;
      } else if (breaches.length > 0) {
        clean += 1;
        if (clean >= rule.clearSlots) {
          cleared = true;
          break;
        }
      }
    }
    const status = e.status;
    const isActive = status === 'OPEN' || status === 'ACKNOWLEDGED';
    if (breaches.length === 0) {
      // Late readings cleared every breaching slot: nothing was exceeded.
      await repo.updateEpisode(s.tenantId, e.id, { slotCount: 0, peak: null, endedAt: e.endedAt ?? e.startedAt, ...(isActive && { status: 'RESOLVED' }) }, now);
      if (isActive) await repo.transition({ tenantId: s.tenantId, alertId: e.id, from: status, to: 'RESOLVED', at: now, comment: 'late readings cleared every breaching slot' });
      return;
    }
    const values = breaches.map((b) => b.value).filter((v): v is number => v !== null);
    const high = limits.max !== null && values.some((v) => v > limits.max!);
    const peak = values.length === 0 ? null : high ? Math.max(...values) : Math.min(...values);
    const startedAt = new Date(breaches[0]!.bucket);
    const lastBreachAt = new Date(breaches.at(-1)!.bucket);
    const endedAt = cleared ? new Date(lastBreachAt.getTime() + BUCKET_MS) : null;
    await repo.updateEpisode(
      s.tenantId,
      e.id,
      {
        startedAt,
        lastBreachAt,
        peak,
        slotCount: breaches.length,
        message: describe(rule, s, limits, peak),
        ...(isActive ? (cleared ? { status: 'RESOLVED', endedAt } : {}) : { endedAt: endedAt ?? e.endedAt }),
      },
      now,
    );
    if (isActive && cleared) {
      await repo.transition({ tenantId: s.tenantId, alertId: e.id, from: status, to: 'RESOLVED', at: now, comment: `back within limits for ${rule.clearSlots} slot(s)` });
    }
  }

  /** DATA_FILL: readings arrived for a slot inside a finished data-loss gap of the device. */
  private async fills(repo: AlertEvaluationRepository, rules: readonly EvalRule[], tenantId: number, device: { deviceId: string; entityId: string | null }, s: EvalSeries | undefined, buckets: readonly Date[]) {
    const fillRules = rules.filter(
      (r) =>
        r.condition === 'DATA_FILL' &&
        (r.entityId !== null ? r.entityId === device.entityId : r.category === null || r.category === s?.entityType) &&
        (r.deviceIds.length === 0 || r.deviceIds.includes(device.deviceId)),
    );
    if (fillRules.length === 0) return;
    const now = new Date(this.now());
    for (const bucket of buckets) {
      for (const loss of await repo.lossesCovering(tenantId, device.deviceId, bucket)) {
        const rule = fillRules[0]!;
        const id = await repo.insertFillOnce({
          tenantId,
          ruleId: rule.id,
          deviceId: device.deviceId,
          entityId: device.entityId,
          slot: 0,
          stdParamId: null,
          type: 'DATA_FILL',
          severity: rule.severity,
          status: 'OPEN',
          startedAt: loss.startedAt,
          lastBreachAt: loss.startedAt,
          endedAt: loss.endedAt,
          peak: null,
          limitMin: null,
          limitMax: null,
          slotCount: 1,
          message: `Data gap of ${s?.deviceName ?? 'the device'} from ${loss.startedAt.toISOString()} to ${loss.endedAt.toISOString()} was back-filled`,
          sourceId: loss.id,
          now,
        });
        if (id) await repo.transition({ tenantId, alertId: id, from: null, to: 'OPEN', at: now, comment: null });
      }
    }
  }

  /**
   * DATA_LOSS (periodic): opens an alert for every device silent longer than a rule's minutes (from
   * its last reading), and resolves it once readings came back (ending at the first of them).
   */
  async checkDataLoss(): Promise<{ opened: number; resolved: number }> {
    const now = new Date(this.now());
    let opened = 0;
    let resolved = 0;
    const tenants = await new AlertEvaluationRepository(this.db).tenantsWithLossRules();
    for (const tenantId of tenants) {
      await this.db.transaction().execute(async (trx) => {
        const repo = new AlertEvaluationRepository(trx);
        for (const loss of await repo.activeLosses(tenantId)) {
          if (loss.lastDataAt === null || loss.lastDataAt.getTime() <= loss.startedAt.getTime()) continue;
          const back = (await repo.firstReadingAfter(tenantId, loss.deviceId, loss.startedAt)) ?? loss.lastDataAt;
          await repo.updateEpisode(tenantId, loss.id, { status: 'RESOLVED', endedAt: back }, now);
          await repo.transition({ tenantId, alertId: loss.id, from: loss.status, to: 'RESOLVED', at: now, comment: 'readings came back' });
          resolved += 1;
        }
        const rules = (await repo.enabledRules(tenantId)).filter((r) => r.condition === 'DATA_LOSS');
        for (const rule of rules) {
          const minutes = rule.durationMinutes ?? 60;
          const silent = await repo.silentDevices(tenantId, new Date(now.getTime() - minutes * MINUTE));
          for (const d of silent) {
            if (rule.entityId !== null ? rule.entityId !== d.entityId : rule.category !== null && rule.category !== d.entityType) continue;
            if (rule.deviceIds.length > 0 && !rule.deviceIds.includes(d.deviceId)) continue;
            if (await repo.activeEpisode(tenantId, rule.id, d.deviceId, 0)) continue;
            // The same silence is raised once: a resolved loss starting at the same reading is that one.
            const last = await repo.episodeBefore(tenantId, rule.id, d.deviceId, 0, d.lastDataAt);
            if (last && last.startedAt.getTime() === d.lastDataAt.getTime()) continue;
            const id = await repo.insertEpisode({
              tenantId,
              ruleId: rule.id,
              deviceId: d.deviceId,
              entityId: d.entityId,
              slot: 0,
              stdParamId: null,
              type: 'DATA_LOSS',
              severity: rule.severity,
              status: 'OPEN',
              startedAt: d.lastDataAt,
              lastBreachAt: d.lastDataAt,
              endedAt: null,
              peak: null,
              limitMin: null,
              limitMax: null,
              slotCount: 0,
              message: `No reading from ${d.deviceName} for more than ${minutes} minutes`,
              now,
            });
            await repo.transition({ tenantId, alertId: id, from: null, to: 'OPEN', at: now, comment: null });
            await repo.startEscalation(tenantId, id, rule.escalationId, now);
            opened += 1;
          }
        }
      });
    }
    return { opened, resolved };
  }

  /** CPCB defaults for every industry and every parameter with a limit (idempotent). */
  ensureDefaults(): Promise<{ rules: number; escalations: number }> {
    return new AlertEvaluationRepository(this.db).ensureDefaults(DEFAULT_ESCALATION_LEVELS);
  }
}

/**
 * CPCB default escalation (REGULATORY: an exceedance of more than 15 minutes is told to the
 * industry, its SPCB and CPCB): at once to the industry's users, its statutory bodies' users and
 * CPCB, repeated hourly until acknowledged.
 */
export const DEFAULT_ESCALATION_LEVELS = [
  {
    delayMinutes: 0,
    repeatMinutes: 60,
    recipients: {
      industryRoles: ['admin', 'user'],
      corporateRoles: [],
      statutoryRoles: ['admin', 'statutory', 'user'],
      cpcb: true,
      userIds: [],
      emails: [],
      phones: [],
      webhooks: [],
    },
  },
];
