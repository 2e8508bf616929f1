/**
 * How the slot results of one series (rule, device, parameter slot) fall into episodes, and what
 * must change in the stored episodes for them to match. Pure: the evaluation reads the rows and
 * episodes around a batch of changed slots in a few statements, plans every series in memory, then
 * writes the changes in a few statements (alert-evaluation.ts).
 *
 * Rules: a breaching slot starts an episode or continues the one in progress; `clearSlots` clean
 * slots after its last breach end (clear) it, so a clean slot in the middle of a breach splits it in
 * two; slots without data (no row) neither clear it nor end it. A CLOSED alert is never extended:
 * breaches joined to it stay its own, and the first breach after it starts a new one.
 */

const BUCKET_MS = 15 * 60_000;

/** The stored result of one slot of a series. */
export interface SlotRow {
  bucket: number;
  value: number | null;
  breach: boolean;
}

/** A stored episode of the series (never one merged into another). */
export interface KnownEpisode {
  id: string;
  status: string;
  startedAt: number;
  lastBreachAt: number;
  endedAt: number | null;
  peak: number | null;
  slotCount: number;
  message: string;
}

/** A run of breaching slots that one alert stands for. */
export interface Segment {
  first: number;
  last: number;
  count: number;
  values: number[];
  /** The clean slot that completed the clear condition, if one did. */
  clearedAt: number | null;
  /** The longest run of breaching slots in consecutive 15-minute buckets (SUSTAINED). */
  longestRun: number;
}

export interface Transition {
  from: string | null;
  to: string;
  comment: string | null;
}

/** The stored columns of an episode the evaluation decides. */
export type EpisodeState = Omit<KnownEpisode, 'id'> & { mergedInto: string | null };

export interface EpisodeUpdate {
  id: string;
  state: EpisodeState;
  transitions: Transition[];
}

export interface EpisodeInsert {
  state: EpisodeState;
  transitions: Transition[];
  /** Left OPEN: its escalation starts. */
  escalate: boolean;
}

export interface SeriesPlanInput {
  clearSlots: number;
  /** Consecutive breaching slots a new episode needs (SUSTAINED; 1 otherwise). */
  needed: number;
  limits: { min: number | null; max: number | null };
  describe: (peak: number | null) => string;
  /** Every stored episode near the rows, CLOSED ones included, none merged. */
  episodes: readonly KnownEpisode[];
  /** The series' slot results in the range read, oldest first. */
  rows: readonly SlotRow[];
  /**
   * An episode whose last breach precedes every row read: the segmentation starts from its stored
   * figures instead of reading its slots again (the usual case: slots arriving in order).
   */
  seed?: KnownEpisode;
  /** The buckets (re)evaluated in this batch. */
  changed: readonly number[];
}

const isActive = (status: string) => status === 'OPEN' || status === 'ACKNOWLEDGED';

/** The peak of breaching values: the highest when any is above the upper limit, else the lowest. */
export function peakOf(values: readonly number[], limits: { max: number | null }): number | null {
  if (values.length === 0) return null;
  const high = limits.max !== null && values.some((v) => v > limits.max!);
  return high ? Math.max(...values) : Math.min(...values);
}

/** Splits the rows into segments; rows inside a CLOSED episode belong to it and end any segment. */
export function segments(rows: readonly SlotRow[], clearSlots: number, seed: KnownEpisode | undefined, closed: readonly KnownEpisode[]): Segment[] {
  const out: Segment[] = [];
  let current: Segment | null =
    seed && seed.status !== 'CLOSED'
      ? { first: seed.startedAt, last: seed.lastBreachAt, count: seed.slotCount, values: seed.peak === null ? [] : [seed.peak], clearedAt: null, longestRun: Infinity }
      : null;
  let clean = 0;
  let run = current ? 1 : 0;
  let previous: SlotRow | null = current ? { bucket: current.last, value: null, breach: true } : null;
  for (const row of rows) {
    if (closed.some((c) => row.bucket >= c.startedAt && row.bucket <= c.lastBreachAt)) {
      current = null;
      clean = 0;
      previous = null;
      continue;
    }
    if (row.breach) {
      run = previous?.breach && row.bucket - previous.bucket === BUCKET_MS ? run + 1 : 1;
      current ??= { first: row.bucket, last: row.bucket, count: 0, values: [], clearedAt: null, longestRun: 0 };
      current.count += 1;
      current.last = row.bucket;
      if (row.value !== null) current.values.push(row.value);
      current.longestRun = Math.max(current.longestRun, run);
      clean = 0;
    } else if (current) {
      clean += 1;
      if (clean >= clearSlots) {
        current.clearedAt = row.bucket;
        out.push(current);
        current = null;
        clean = 0;
      }
    }
    previous = row;
  }
  if (current) out.push(current);
  return out;
}

function sameState(a: EpisodeState, b: EpisodeState): boolean {
  return (
    a.status === b.status &&
    a.startedAt === b.startedAt &&
    a.lastBreachAt === b.lastBreachAt &&
    a.endedAt === b.endedAt &&
    a.peak === b.peak &&
    a.slotCount === b.slotCount &&
    a.message === b.message &&
    a.mergedInto === b.mergedInto
  );
}

const stateOf = (e: KnownEpisode): EpisodeState => ({
  status: e.status,
  startedAt: e.startedAt,
  lastBreachAt: e.lastBreachAt,
  endedAt: e.endedAt,
  peak: e.peak,
  slotCount: e.slotCount,
  message: e.message,
  mergedInto: null,
});

/**
 * The changes that make a series' episodes match its slot rows around the changed buckets:
 * - a segment with no episode opens one (OPEN, or RESOLVED at once when already cleared; recorded
 *   RESOLVED as history when another alert of the series is active);
 * - a segment with one episode recounts it (start, last breach, peak, slots) and resolves it when
 *   cleared, or reopens a RESOLVED one that late readings broke again;
 * - a segment spanning several episodes (a late breach filled the gap between them) keeps one, the
 *   active one or else the earliest, and resolves the others as merged into it;
 * - an episode whose every breaching slot late readings cleared is resolved with 0 slots.
 * Segments away from the changed buckets and from the episodes read are left alone.
 */
export function planSeries(input: SeriesPlanInput): { updates: EpisodeUpdate[]; inserts: EpisodeInsert[] } {
  const closed = input.episodes.filter((e) => e.status === 'CLOSED');
  const live = input.episodes.filter((e) => e.status !== 'CLOSED').sort((a, b) => a.startedAt - b.startedAt);
  const all = segments(input.rows, input.clearSlots, input.seed, closed);
  const overlaps = (e: KnownEpisode, s: Segment) => e.startedAt <= s.last && e.lastBreachAt >= s.first;
  const relevant = all.filter((s) => input.changed.some((c) => c >= s.first && c <= (s.clearedAt ?? Infinity)) || live.some((e) => overlaps(e, s)));

  const owner = new Map<Segment, KnownEpisode[]>();
  const unmatched: KnownEpisode[] = [];
  for (const e of live) {
    const s = relevant.find((x) => overlaps(e, x));
    if (s) owner.set(s, [...(owner.get(s) ?? []), e]);
    else unmatched.push(e);
  }

  const updates: EpisodeUpdate[] = [];
  const inserts: EpisodeInsert[] = [];
  const update = (e: KnownEpisode, state: EpisodeState, transitions: Transition[]) => {
    if (transitions.length > 0 || !sameState(stateOf(e), state)) updates.push({ id: e.id, state, transitions });
  };
  let activeId: string | null = live.find((e) => isActive(e.status))?.id ?? null;

  // Late readings show nothing was exceeded: the alert keeps no slot, and an active one is resolved.
  const exceededNothing = (e: KnownEpisode, comment: string) => {
    const resolve = isActive(e.status);
    update(e, { ...stateOf(e), slotCount: 0, peak: null, endedAt: e.endedAt ?? e.startedAt, status: resolve ? 'RESOLVED' : e.status }, resolve ? [{ from: e.status, to: 'RESOLVED', comment }] : []);
    if (resolve && activeId === e.id) activeId = null;
  };
  for (const e of unmatched) {
    if (e.slotCount === 0 || !input.changed.some((c) => c >= e.startedAt && c <= e.lastBreachAt)) continue;
    exceededNothing(e, 'late readings cleared every breaching slot');
  }

  const clearComment = `back within limits for ${input.clearSlots} slot(s)`;
  for (const s of relevant) {
    const peak = peakOf(s.values, input.limits);
    const figures = { startedAt: s.first, lastBreachAt: s.last, peak, slotCount: s.count, message: input.describe(peak), mergedInto: null };
    const cleared = s.clearedAt !== null;
    const end = s.last + BUCKET_MS;
    const episodes = owner.get(s) ?? [];
    if (s.longestRun < input.needed) {
      // The breach never lasted the rule's duration (SUSTAINED).
      for (const e of episodes) exceededNothing(e, 'late readings: the limit was not broken for the rule’s duration');
      continue;
    }
    if (episodes.length === 0) {
      if (activeId !== null) {
        // Older than the series' active alert: history, not raised again.
        inserts.push({
          state: { ...figures, status: 'RESOLVED', endedAt: end },
          transitions: [
            { from: null, to: 'OPEN', comment: null },
            { from: 'OPEN', to: 'RESOLVED', comment: 'late readings: the breach had already cleared' },
          ],
          escalate: false,
        });
      } else {
        inserts.push({
          state: { ...figures, status: cleared ? 'RESOLVED' : 'OPEN', endedAt: cleared ? end : null },
          transitions: [{ from: null, to: 'OPEN', comment: null }, ...(cleared ? [{ from: 'OPEN', to: 'RESOLVED', comment: clearComment }] : [])],
          escalate: !cleared,
        });
        if (!cleared) activeId = 'new';
      }
      continue;
    }
    const survivor = episodes.find((e) => isActive(e.status)) ?? episodes[0]!;
    for (const other of episodes) {
      if (other === survivor) continue;
      update(other, { ...stateOf(other), status: 'RESOLVED', endedAt: other.endedAt ?? end, mergedInto: survivor.id }, [{ from: other.status, to: 'RESOLVED', comment: `late readings joined it to alert ${survivor.id}` }]);
      if (activeId === other.id) activeId = null;
    }
    if (isActive(survivor.status)) {
      if (cleared) {
        update(survivor, { ...figures, status: 'RESOLVED', endedAt: end }, [{ from: survivor.status, to: 'RESOLVED', comment: clearComment }]);
        activeId = null;
      } else update(survivor, { ...figures, status: survivor.status, endedAt: null }, []);
    } else if (!cleared && (activeId === null || activeId === survivor.id)) {
      // A late reading broke the slot that had cleared it: the alert is open again.
      update(survivor, { ...figures, status: 'OPEN', endedAt: null }, [{ from: survivor.status, to: 'OPEN', comment: 'late readings broke the limit again' }]);
      activeId = survivor.id;
    } else {
      update(survivor, { ...figures, status: survivor.status, endedAt: cleared ? end : survivor.endedAt }, []);
    }
  }
  return { updates, inserts };
}
