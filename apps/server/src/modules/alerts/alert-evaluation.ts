import { groupBy } from '@enviro/domain/group-by';
import type { Db } from '../../platform/database/database.ts';
import type { SlotChange } from '../data/slot-changes.service.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import type { SuppressionWindowService, SuppressionWindow } from '../devices/suppression-windows.service.ts';
import { AlertEpisodeRepository } from './alerts.repository.ts';
import { planSeries, segments, type EpisodeState, type SlotRow, type KnownEpisode, type Transition } from './alert-episode-plan.ts';
import {
  AlertEvaluationRepository,
  type DeviceMount,
  type EvalRule,
  type EvalSeries,
  type KnownEpisodeRow,
  type NewEpisode,
  type NewTransition,
  type SlotAggregate,
  type StoredEpisodeState,
} from './alert-evaluation.repository.ts';

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
  // Comparisons written out rather than as closures: this runs for every slot result of a pass.
  const { min, max } = limits;
  switch (condition) {
    case 'INSTANT':
      if (max !== null && agg.max > max) return { value: agg.max, breach: true };
      if (min !== null && agg.min < min) return { value: agg.min, breach: true };
      return { value: agg.avg, breach: false };
    case 'SUSTAINED':
      if (max !== null && agg.min > max) return { value: agg.min, breach: true };
      if (min !== null && agg.max < min) return { value: agg.max, breach: true };
      return { value: agg.avg, breach: false };
    default:
      return { value: agg.avg, breach: (max !== null && agg.avg > max) || (min !== null && agg.avg < min) };
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

/** Changed slots of a device further apart than this are read as separate spans of its aggregates. */
const SPAN_GAP_SLOTS = 8;

/**
 * The spans of 15-minute aggregates a batch reads: for each judged series, its device's changed
 * slots in runs (a gap of more than SPAN_GAP_SLOTS starts another), so a device's slots of today and
 * of last month are two short ranges rather than one long one.
 */
function aggregateSpans(series: readonly Pick<EvalSeries, 'deviceId' | 'slot'>[], buckets: ReadonlyMap<string, readonly number[]>) {
  const runsOf = new Map<string, { from: number; to: number }[]>();
  for (const [deviceId, sorted] of buckets) {
    const runs: { from: number; to: number }[] = [];
    for (const bucket of sorted) {
      const last = runs.at(-1);
      if (last && bucket - last.to <= SPAN_GAP_SLOTS * BUCKET_MS) last.to = bucket;
      else runs.push({ from: bucket, to: bucket });
    }
    runsOf.set(deviceId, runs);
  }
  const distinct = new Map(series.map((s) => [`${s.deviceId}:${s.slot}`, s]));
  return [...distinct.values()].flatMap((s) => (runsOf.get(s.deviceId) ?? []).map((run) => ({ deviceId: s.deviceId, slot: s.slot, ...run })));
}

/**
 * Slots read past the last change (and past the episodes near it) for the clean slots that clear an
 * episode. A short look first; a series whose rows read still end in a breach, or short of its clear
 * condition, is read again as far as FAR_LOOKAHEAD_SLOTS (slots without data in between neither clear
 * nor end an episode). A backlog flushed newest first has the rest of each series stored after every
 * change, and reading a day past each one was most of the evaluation's time.
 */
const NEAR_LOOKAHEAD_SLOTS = 4;
const FAR_LOOKAHEAD_SLOTS = 96;

type Limits = { min: number | null; max: number | null };

/** One station a device served, on the 15-minute grid (null: unbounded). */
interface StationPeriod {
  entityId: string;
  entityType: string | null;
  fromMs: number | null;
  toMs: number | null;
}

/** A series (rule, device, parameter slot) with the slots a batch changed, oldest first. */
interface ChangedSeries {
  rule: EvalRule;
  series: EvalSeries;
  limits: Limits;
  changed: number[];
  breach: boolean;
}

/** A slot of a series judged by a rule. */
interface JudgedSlot {
  rule: EvalRule;
  series: EvalSeries;
  limits: Limits;
  bucket: number;
  value: number | null;
  breach: boolean;
  suppressed: boolean;
}

const isActive = (status: string) => status === 'OPEN' || status === 'ACKNOWLEDGED';

/** Consecutive breaching slots a new episode of the rule needs: SUSTAINED its duration in whole slots. */
const neededSlots = (rule: EvalRule) => (rule.condition === 'SUSTAINED' ? Math.max(1, Math.ceil((rule.durationMinutes ?? 15) / 15)) : 1);

/**
 * The stations each device served and when: its mount periods (device_mount), else (a device
 * without mount history) the station it is on now, for every slot.
 */
function stationsOf(series: readonly EvalSeries[], mounts: readonly DeviceMount[]): Map<string, StationPeriod[]> {
  const out = new Map<string, StationPeriod[]>(groupBy(mounts, (m) => m.deviceId, (m) => ({ entityId: m.entityId, entityType: m.entityType, fromMs: m.fromMs, toMs: m.toMs })));
  for (const s of series) {
    if (!out.has(s.deviceId) && s.entityId !== null) out.set(s.deviceId, [{ entityId: s.entityId, entityType: s.entityType, fromMs: null, toMs: null }]);
  }
  return out;
}

const toKnown = (r: KnownEpisodeRow): KnownEpisode => ({
  id: r.id,
  status: r.status,
  startedAt: r.started_at.getTime(),
  lastBreachAt: r.last_breach_at.getTime(),
  endedAt: r.ended_at?.getTime() ?? null,
  peak: r.peak,
  slotCount: r.slot_count,
  message: r.message,
});

const stored = (s: EpisodeState): StoredEpisodeState => ({
  ...s,
  startedAt: new Date(s.startedAt),
  lastBreachAt: new Date(s.lastBreachAt),
  endedAt: s.endedAt === null ? null : new Date(s.endedAt),
});

/**
 * The slot results a series' plan needs. When every change follows the last breach of its latest
 * episode (slots arriving in order), only the slots after that breach, the episode's stored figures
 * standing for the rest (`seed`). Otherwise (late readings inside or before an episode) every slot
 * of the episodes near the changes, with the clear condition's margin before them.
 */
function readRange(rule: EvalRule, episodes: readonly KnownEpisode[], changed: readonly number[], lookahead: number): { lo: number; hi: number; seed?: KnownEpisode } {
  const first = changed[0]!;
  const hi = changed.at(-1)! + (rule.clearSlots + lookahead) * BUCKET_MS;
  const latest = episodes.reduce<KnownEpisode | undefined>((a, e) => (!a || e.lastBreachAt > a.lastBreachAt ? e : a), undefined);
  if (latest && (latest.slotCount > 0 || latest.status === 'CLOSED') && first > latest.lastBreachAt && episodes.every((e) => e.startedAt <= latest.lastBreachAt)) {
    return { lo: latest.lastBreachAt + BUCKET_MS, hi, seed: latest };
  }
  return {
    lo: Math.min(first, ...episodes.map((e) => e.startedAt)) - (rule.clearSlots + neededSlots(rule)) * BUCKET_MS,
    hi: Math.max(hi, ...episodes.map((e) => Math.max(e.lastBreachAt, e.endedAt ?? 0) + (rule.clearSlots + lookahead) * BUCKET_MS)),
  };
}

/** The last breaching slot of the series' segments that hold a changed slot (-Infinity: none). */
function changedReach(x: { rule: EvalRule; changed: readonly number[]; episodes: readonly KnownEpisode[] }, rows: readonly SlotRow[], seed: KnownEpisode | undefined): number {
  const closed = x.episodes.filter((e) => e.status === 'CLOSED');
  return segments(rows, x.rule.clearSlots, seed, closed)
    .filter((seg) => x.changed.some((c) => c >= seg.first && c <= (seg.clearedAt ?? Infinity)))
    .reduce((m, seg) => Math.max(m, seg.last), -Infinity);
}

/** Whether the rows read may end inside an episode: after a breach (or the seed's) come fewer clean slots than clear it. */
function openAtEnd(rows: readonly { breach: boolean }[], seed: KnownEpisode | undefined, clearSlots: number): boolean {
  let clean = 0;
  for (let k = rows.length - 1; k >= 0; k--) {
    if (rows[k]!.breach) return clean < clearSlots;
    clean += 1;
  }
  return seed !== undefined && seed.status !== 'CLOSED' && clean < clearSlots;
}

/**
 * Whether the rows read may begin inside a segment that started before them: a breach comes before
 * as many clean slots as clear one (slots without data in between neither clear nor end it).
 */
function startsOpen(rows: readonly { breach: boolean }[], clearSlots: number): boolean {
  let clean = 0;
  for (const row of rows) {
    if (row.breach) return true;
    if (++clean >= clearSlots) return false;
  }
  return false;
}

/**
 * Whether a series' rows must be read on past their end: they may end inside an episode, and the
 * plan may act on it. Reading on only lengthens the last, uncleared segment and adds segments after
 * it; the plan (planSeries) acts on a segment that holds a changed slot or overlaps a live episode it
 * was given. A live episode starting past the rows read cannot be reached by that segment: the rows
 * from its first breach on are unchanged, so had they run on into that episode uncleared, the stored
 * episode would start at or before it. So when no change is at or after the segment's first breach
 * and no live episode starting within the rows read has its last breach there or later, neither the
 * segment nor anything after it can matter, however far it runs. In a backlog flushed newest first
 * that is the usual case (the rows end in a later breach whose alert is stored), and reading a day on
 * for each such series read three to six rows for every one judged.
 */
function mustReadOn(x: { rule: EvalRule; changed: readonly number[]; episodes: readonly KnownEpisode[] }, rows: readonly SlotRow[], range: { hi: number; seed?: KnownEpisode }): boolean {
  if (!openAtEnd(rows, range.seed, x.rule.clearSlots)) return false;
  const last = segments(rows, x.rule.clearSlots, range.seed, x.episodes.filter((e) => e.status === 'CLOSED')).at(-1);
  if (!last || last.clearedAt !== null) return true;
  return x.changed.some((c) => c >= last.first) || x.episodes.some((e) => e.status !== 'CLOSED' && e.lastBreachAt >= last.first && e.startedAt <= range.hi);
}

// One formatter for every message: building one per call took half the evaluation's JavaScript time
// (CPU profile of the alerts bench: 0.9 s of a run's 1.2 s).
const IN_NUMBER = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const fmt = (v: number) => IN_NUMBER.format(v);

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
    private readonly windows: SuppressionWindowService,
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
    const windows = this.windows.in(trx);
    const now = new Date(this.now());
    const alerts = new AlertEpisodeRepository(trx);
    // Tenants in ascending order, each locked before its alerts (AlertEpisodeRepository.lockTenants).
    for (const [tenantId, ofTenant] of [...groupBy(slots, (s) => s.tenantId)].sort(([a], [b]) => a - b)) {
      await alerts.lockTenants([tenantId]);
      const buckets = new Map<string, number[]>();
      for (const [deviceId, ofDevice] of groupBy(ofTenant, (s) => s.deviceId)) {
        buckets.set(deviceId, [...new Set(ofDevice.map((s) => s.bucket.getTime()))].sort((a, b) => a - b));
      }
      await this.evaluateTenant(repo, windows, tenantId, buckets, now);
    }
  }

  /**
   * One tenant's part of a batch, in a fixed number of statements whatever the number of devices
   * and slots: series, mounts, rules, windows and aggregates read at once; every slot judged and its
   * result upserted at once; then the episodes and slot results around the changed slots read at
   * once, every series planned in memory (alert-episode-plan.ts) and the changes written at once.
   */
  private async evaluateTenant(repo: AlertEvaluationRepository, windows: SuppressionWindowService, tenantId: number, buckets: Map<string, number[]>, now: Date) {
    const deviceIds = [...buckets.keys()];
    const [series, mounts] = await Promise.all([repo.series(tenantId, deviceIds), repo.mounts(tenantId, deviceIds)]);
    const stations = stationsOf(series, mounts);
    const entityIds = [...new Set([...stations.values()].flatMap((periods) => periods.map((p) => p.entityId)))];
    const rules = await repo.enabledRules(tenantId, entityIds);
    if (rules.length === 0) return;

    const all = [...buckets.values()].flat();
    const from = Math.min(...all);
    const to = Math.max(...all) + BUCKET_MS;
    const judged = this.judgeAll(rules, series, stations, buckets);
    if (judged.length > 0) {
      const pairs = [...stations].flatMap(([deviceId, periods]) => periods.map((p) => ({ deviceId, entityId: p.entityId })));
      const [aggs, covering] = await Promise.all([
        repo.aggregates(tenantId, aggregateSpans(judged.map((j) => j.series), buckets)),
        windows.covering(tenantId, pairs, new Date(from), new Date(to)),
      ]);
      const aggOf = new Map(aggs.map((a) => [`${a.deviceId}:${a.slot}:${a.bucket}`, a]));
      const results = judged.map((j) => {
        const agg = aggOf.get(`${j.series.deviceId}:${j.series.slot}:${j.bucket}`);
        const suppressed = slotSuppressed(covering, j.series, j.bucket);
        const verdict = agg ? judge(j.rule.condition, agg, j.limits) : { value: null, breach: false };
        // Fields listed, not spread: spreading took half of this loop's time (2 µs a result).
        return { rule: j.rule, series: j.series, limits: j.limits, bucket: j.bucket, data: agg !== undefined, value: verdict.value, breach: verdict.breach && !suppressed, suppressed };
      });
      const row = (r: (typeof results)[number]) => ({ ruleId: r.rule.id, deviceId: r.series.deviceId, slot: r.series.slot, bucket: r.bucket, value: r.value, breach: r.breach, suppressed: r.suppressed });
      // A slot without a reading of the parameter is no slot of the series: it neither clears nor breaks.
      await repo.putSlots(tenantId, results.filter((r) => r.data).map(row));
      await repo.dropSlots(tenantId, results.filter((r) => !r.data).map(row));
      await this.episodes(repo, tenantId, results, now);
    }
    await this.fills(repo, rules, tenantId, series, stations, buckets, now);
  }

  /** Every (rule, series, slot) the changed slots concern: the rules of the station each slot's device served then. */
  private judgeAll(rules: readonly EvalRule[], series: readonly EvalSeries[], stations: Map<string, StationPeriod[]>, buckets: Map<string, number[]>) {
    const byEntity = groupBy(
      rules.filter((r) => r.entityId !== null),
      (r) => r.entityId!,
    );
    const anyStation = rules.filter((r) => r.entityId === null);
    const seriesOf = groupBy(series, (s) => s.deviceId);
    const watched = new Map<StationPeriod, { rule: EvalRule; series: EvalSeries; limits: Limits }[]>();
    const out: { rule: EvalRule; series: EvalSeries; limits: Limits; bucket: number }[] = [];
    for (const [deviceId, ofDevice] of buckets) {
      for (const bucket of ofDevice) {
        const period = stations.get(deviceId)?.find((p) => (p.fromMs === null || p.fromMs <= bucket) && (p.toMs === null || bucket < p.toMs));
        if (!period) continue;
        let list = watched.get(period);
        if (!list) {
          const candidates = [...(byEntity.get(period.entityId) ?? []), ...anyStation];
          list = (seriesOf.get(deviceId) ?? []).flatMap((s) => {
            const placed = { ...s, entityId: period.entityId, entityType: period.entityType };
            return candidates.filter((r) => applies(r, placed)).map((rule) => ({ rule, series: placed, limits: limitsOf(rule, placed) }));
          });
          watched.set(period, list);
        }
        for (const w of list) out.push({ rule: w.rule, series: w.series, limits: w.limits, bucket });
      }
    }
    return out;
  }

  /**
   * The episodes and slot results each changed series' plan needs: the episodes near its changes
   * (locked), and the rows from before them to where the breaches they hold are cleared.
   */
  private async readAround(repo: AlertEvaluationRepository, tenantId: number, seriesList: readonly ChangedSeries[]) {
    const windows = seriesList.map((x) => {
      const margin = (x.rule.clearSlots + neededSlots(x.rule)) * BUCKET_MS;
      return { lo: x.changed[0]! - margin, hi: x.changed.at(-1)! + margin };
    });
    const keyOf = (x: ChangedSeries, w: { lo: number; hi: number }) => ({ ruleId: x.rule.id, deviceId: x.series.deviceId, slot: x.series.slot, lo: new Date(w.lo), hi: new Date(w.hi) });
    const episodesOf = groupBy(await repo.episodesNear(tenantId, seriesList.map((x, i) => keyOf(x, windows[i]!))), (e) => e.key, toKnown);
    // A clean slot far from every episode changes nothing.
    const todo = seriesList.map((x, i) => ({ ...x, window: windows[i]!, episodes: episodesOf.get(i) ?? [] })).filter((x) => x.breach || x.episodes.length > 0);
    // The rows a plan reads span the episodes up to the end of its window; one starting after it (the
    // series' active alert a day on, in a backlog flushed newest first) only tells the plan that an
    // alert is active.
    // Series read further back than their episodes need (a SUSTAINED breach without an alert, below).
    const backTo = new Map<number, number>();
    const rangeOf = (i: number, lookahead: number) => {
      const x = todo[i]!;
      const range = readRange(x.rule, x.episodes.filter((e) => e.startedAt <= x.window.hi), x.changed, lookahead);
      const back = backTo.get(i);
      // A seed stands for everything before its rows: nothing further back is needed.
      return back === undefined || range.seed ? range : { lo: Math.min(range.lo, back), hi: range.hi };
    };
    const ranges = todo.map((_, i) => rangeOf(i, NEAR_LOOKAHEAD_SLOTS));
    const read = async (indices: readonly number[]) => {
      const rows = await repo.slotRows(tenantId, indices.map((i) => keyOf(todo[i]!, ranges[i]!)));
      return groupBy(rows, (r) => indices[r.key]!);
    };
    const rowsOf = await read(todo.map((_, i) => i));
    const reread = async (indices: readonly number[], lookahead = FAR_LOOKAHEAD_SLOTS) => {
      for (const i of indices) ranges[i] = rangeOf(i, lookahead);
      for (const i of indices) rowsOf.delete(i);
      for (const [i, rows] of await read(indices)) rowsOf.set(i, rows);
    };
    // A breach among the first rows may continue an episode whose last breach lies before them,
    // across slots without data: its span ends at that breach, so episodesNear did not meet it.
    // Such an episode is the series' too, and its rows are read.
    const opening = todo.flatMap((x, i) => (ranges[i]!.seed === undefined && startsOpen(rowsOf.get(i) ?? [], x.rule.clearSlots) ? [i] : []));
    const before = await repo.episodesOpenAt(tenantId, opening.map((i) => ({ ...keyOf(todo[i]!, ranges[i]!), clearSlots: todo[i]!.rule.clearSlots })));
    const joined = before.flatMap((row) => {
      const x = todo[opening[row.key]!]!;
      if (x.episodes.some((e) => e.id === row.id)) return [];
      x.episodes = [...x.episodes, toKnown(row)].sort((a, b) => a.startedAt - b.startedAt);
      return [opening[row.key]!];
    });
    await reread(joined, NEAR_LOOKAHEAD_SLOTS);
    // A SUSTAINED breach shorter than the rule's duration has no alert, so none was found for the
    // segment open at the start of the rows, which may have begun any number of slots without data
    // earlier: such a series is read a day further back (as far as rows are read on past a breach).
    const found = new Set(before.map((row) => opening[row.key]!));
    const back = opening.filter((i) => !found.has(i) && neededSlots(todo[i]!.rule) > 1);
    for (const i of back) backTo.set(i, ranges[i]!.lo - FAR_LOOKAHEAD_SLOTS * BUCKET_MS);
    await reread(back, NEAR_LOOKAHEAD_SLOTS);
    await reread(todo.flatMap((x, i) => (mustReadOn(x, rowsOf.get(i) ?? [], ranges[i]!) ? [i] : [])));
    // A breach that runs on from the changed slots across slots without data, past the window, into
    // an episode stored further on, is that episode's: the window grows to where the breach ends,
    // and the rows to where the episodes it meets end, or the plan would raise the breach twice.
    for (let pass = 0; pass < 4; pass++) {
      const reaching = todo.flatMap((x, i) => {
        const last = changedReach(x, rowsOf.get(i) ?? [], ranges[i]!.seed);
        return last > x.window.hi ? [{ i, beyond: { lo: x.window.hi, hi: last } }] : [];
      });
      if (reaching.length === 0) break;
      const found = groupBy(await repo.episodesNear(tenantId, reaching.map((r) => keyOf(todo[r.i]!, r.beyond))), (e) => reaching[e.key]!.i, toKnown);
      for (const { i, beyond } of reaching) {
        const x = todo[i]!;
        const known = new Set(x.episodes.map((e) => e.id));
        x.episodes = [...x.episodes, ...(found.get(i) ?? []).filter((e) => !known.has(e.id))].sort((a, b) => a.startedAt - b.startedAt);
        x.window = { lo: x.window.lo, hi: beyond.hi };
      }
      const further = reaching.filter(({ i }) =>
        todo[i]!.episodes.some((e) => e.startedAt <= todo[i]!.window.hi && Math.max(e.lastBreachAt, e.endedAt ?? 0) + todo[i]!.rule.clearSlots * BUCKET_MS > ranges[i]!.hi),
      );
      if (further.length === 0) break;
      await reread(further.map((r) => r.i));
    }
    return { todo, ranges, rowsOf };
  }

  /**
   * Brings the episodes of every series with a changed slot in line with its slot results: the
   * episodes near the changes and the slot results they span are read for every series at once
   * (readAround: a few statements, whatever the number of series); a series
   * whose changes all follow its latest episode's last breach (slots arriving in order) reads only
   * the slots after it and starts from the episode's stored figures.
   */
  private async episodes(repo: AlertEvaluationRepository, tenantId: number, results: readonly JudgedSlot[], now: Date) {
    const seriesList = [...groupBy(results, (r) => `${r.rule.id}:${r.series.deviceId}:${r.series.slot}`).values()].map((rs) => ({
      rule: rs[0]!.rule,
      series: rs.at(-1)!.series,
      limits: rs[0]!.limits,
      changed: rs.map((r) => r.bucket).sort((a, b) => a - b),
      breach: rs.some((r) => r.breach),
    }));
    const { todo, ranges, rowsOf } = await this.readAround(repo, tenantId, seriesList);

    const leaving: { id: string; state: StoredEpisodeState }[] = [];
    const staying: { id: string; state: StoredEpisodeState }[] = [];
    const transitions: NewTransition[] = [];
    const inserts: { episode: NewEpisode; transitions: Transition[]; escalate: boolean; escalationId: string | null }[] = [];
    todo.forEach((x, i) => {
      const plan = planSeries({
        clearSlots: x.rule.clearSlots,
        needed: neededSlots(x.rule),
        limits: x.limits,
        describe: (peak) => describe(x.rule, x.series, x.limits, peak),
        episodes: x.episodes,
        rows: (rowsOf.get(i) ?? []).map((r) => ({ bucket: r.bucket, value: r.value, breach: r.breach })),
        seed: ranges[i]!.seed,
        changed: x.changed,
      });
      for (const u of plan.updates) {
        // Episodes leaving the active state are written first: the one-active-alert index holds per row.
        const before = x.episodes.find((e) => e.id === u.id)!;
        (isActive(before.status) && !isActive(u.state.status) ? leaving : staying).push({ id: u.id, state: stored(u.state) });
        transitions.push(...u.transitions.map((t) => ({ tenantId, alertId: u.id, ...t, at: now })));
      }
      for (const n of plan.inserts) {
        const state = stored(n.state);
        inserts.push({
          episode: {
            tenantId,
            ruleId: x.rule.id,
            deviceId: x.series.deviceId,
            entityId: x.series.entityId,
            slot: x.series.slot,
            stdParamId: x.series.stdParamId,
            type: x.rule.condition,
            severity: x.rule.severity,
            status: state.status as 'OPEN' | 'RESOLVED',
            startedAt: state.startedAt,
            lastBreachAt: state.lastBreachAt,
            endedAt: state.endedAt,
            peak: state.peak,
            limitMin: x.limits.min,
            limitMax: x.limits.max,
            slotCount: state.slotCount,
            message: state.message,
            now,
          },
          transitions: n.transitions,
          escalate: n.escalate,
          escalationId: x.rule.escalationId,
        });
      }
    });
    await repo.updateEpisodes(tenantId, leaving, now);
    await repo.updateEpisodes(tenantId, staying, now);
    const ids = await repo.insertEpisodes(inserts.map((n) => n.episode));
    inserts.forEach((n, k) => transitions.push(...n.transitions.map((t) => ({ tenantId, alertId: ids[k]!, ...t, at: now }))));
    await repo.transitions(transitions);
    await repo.startEscalations(
      tenantId,
      inserts.flatMap((n, k) => (n.escalate ? [{ alertId: ids[k]!, escalationId: n.escalationId }] : [])),
      now,
    );
  }

  /** DATA_FILL: readings arrived for a slot inside a finished data-loss gap of the device. */
  private async fills(repo: AlertEvaluationRepository, rules: readonly EvalRule[], tenantId: number, series: readonly EvalSeries[], stations: Map<string, StationPeriod[]>, buckets: Map<string, number[]>, now: Date) {
    const fillRules = rules.filter((r) => r.condition === 'DATA_FILL');
    if (fillRules.length === 0) return;
    const all = [...buckets.values()].flat();
    const losses = groupBy(await repo.lossesMeeting(tenantId, [...buckets.keys()], new Date(Math.min(...all)), new Date(Math.max(...all) + BUCKET_MS)), (l) => l.deviceId);
    const fills: NewEpisode[] = [];
    for (const [deviceId, ofDevice] of buckets) {
      const name = series.find((s) => s.deviceId === deviceId)?.deviceName ?? 'the device';
      const seen = new Set<string>();
      for (const bucket of ofDevice) {
        const period = stations.get(deviceId)?.find((p) => (p.fromMs === null || p.fromMs <= bucket) && (p.toMs === null || bucket < p.toMs));
        const rule = fillRules.find(
          (r) =>
            (r.entityId !== null ? r.entityId === period?.entityId : r.category === null || r.category === period?.entityType) &&
            (r.deviceIds.length === 0 || r.deviceIds.includes(deviceId)),
        );
        if (!rule) continue;
        for (const loss of losses.get(deviceId) ?? []) {
          if (seen.has(loss.id) || loss.startedAt.getTime() > bucket + BUCKET_MS || loss.endedAt.getTime() <= bucket) continue;
          seen.add(loss.id);
          fills.push({
            tenantId,
            ruleId: rule.id,
            deviceId,
            entityId: period?.entityId ?? null,
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
            message: `Data gap of ${name} from ${loss.startedAt.toISOString()} to ${loss.endedAt.toISOString()} was back-filled`,
            sourceId: loss.id,
            now,
          });
        }
      }
    }
    for (const fill of fills) {
      const id = await repo.insertFillOnce(fill);
      if (id) await repo.transition({ tenantId, alertId: id, from: null, to: 'OPEN', at: now, comment: null });
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
        await new AlertEpisodeRepository(trx).lockTenants([tenantId]);
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
