import type pg from 'pg';
import { ArchiveRepository } from '@enviro/server/modules/data/archive.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { benchTrend, trendFixture } from './query-bench.ts';
import { round, type Timing } from './stats.ts';

const DAY_MS = 24 * 3600_000;
const READING_TABLES = ['reading', 'reading_archive', 'reading_15m', 'reading_1h', 'reading_1d'] as const;

export interface CompactionFigures {
  readings: number;
  days: number;
  /** Bytes (heap, TOAST, indexes) per reading of each table, before and after compaction. */
  before: Record<(typeof READING_TABLES)[number], number>;
  after: Record<(typeof READING_TABLES)[number], number>;
  compaction: { values: number; seconds: number; perSecond: number };
  raw: { hourly30: Timing; daily1y: Timing };
  compacted: { hourly30: Timing; daily1y: Timing };
}

/** On-disk bytes of a table, all partitions when it is partitioned. */
async function tableBytes(pool: pg.Pool, table: string): Promise<number> {
  const r = await pool.query<{ bytes: string }>(
    `SELECT coalesce((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree($1) WHERE isleaf), pg_total_relation_size($1)) AS bytes`,
    [table],
  );
  return Number(r.rows[0]!.bytes);
}

async function bytesPerReading(pool: pg.Pool, readings: number): Promise<CompactionFigures['before']> {
  for (const t of READING_TABLES) await pool.query(`VACUUM ANALYZE ${t}`);
  const out = {} as CompactionFigures['before'];
  for (const t of READING_TABLES) out[t] = round((await tableBytes(pool, t)) / readings, 2);
  return out;
}

/**
 * Compacted history (issue 30, `--compaction`): the bench's trend station (8 parameters every
 * minute, sine and noise with two decimals) over `days` of history; the storage per reading, a
 * 30-day hourly and a 1-year daily trend over raw partitions, then the archive (the worker's own
 * passes, 7 days a device per transaction) and the same figures over the compacted history.
 * `startServer` starts the server process once the fixture is built (it must not archive by itself).
 */
export async function benchCompaction(
  db: Db,
  pool: pg.Pool,
  startServer: () => Promise<{ baseUrl: string }>,
  days: number,
  runs: number,
  log: (s: string) => void,
): Promise<CompactionFigures> {
  log(`compaction: a station of 8 parameters, ${days} days every minute`);
  const f = await trendFixture(db, pool, Date.now(), days);
  const { baseUrl } = await startServer();
  const figures = async () => {
    const hourly30 = await benchTrend(baseUrl, f, runs);
    const daily1y = await benchTrend(baseUrl, f, runs, { duration: '365d-ago', interval: 'day_1' }, Math.min(days, 365) - 2);
    return { hourly30, daily1y };
  };
  log('trends over raw partitions');
  const raw = await figures();
  const before = await bytesPerReading(pool, f.readings);

  log('compacting');
  const archive = new ArchiveRepository({ db, pool });
  const t0 = performance.now();
  let values = 0;
  for (;;) {
    const pass = await archive.compact({ afterDays: 7 });
    values += pass.values;
    if (pass.ranges === 0) break;
  }
  await archive.dropEmptyMonths(7);
  const seconds = (performance.now() - t0) / 1000;
  await pool.query('ANALYZE');
  const after = await bytesPerReading(pool, f.readings);
  log('trends over compacted history');
  const compacted = await figures();
  return { readings: f.readings, days, before, after, compaction: { values, seconds: round(seconds, 1), perSecond: Math.round(values / seconds) }, raw, compacted };
}

const sum = (r: CompactionFigures['before'], tables: readonly (typeof READING_TABLES)[number][]) => round(tables.reduce((n, t) => n + r[t], 0), 1);

/** The rows of docs/PERFORMANCE.md's compaction table. */
export function compactionRows(c: CompactionFigures): string[] {
  const rollups = ['reading_15m', 'reading_1h', 'reading_1d'] as const;
  const ratio = (a: Timing, b: Timing) => round(a.p50 / b.p50, 2);
  // The archive per reading it holds, and with the rollups (which cover every day alike): the
  // figure of history past the window, without the window's raw partition and its deleted rows'
  // space (reused by the next days' ingestion).
  const archived = round((c.after.reading_archive * c.readings) / c.compaction.values, 2);
  return [
    `| Bytes per reading of history past the window (the archive per reading archived, and the rollups) | ${round(archived + sum(c.after, rollups), 1)} (archive ${archived}, rollups ${sum(c.after, rollups)}) | raw partitions with their rollups: ${sum(c.before, READING_TABLES)} | ≤ 8 |`,
    `| Bytes per reading, every table holding readings and rollups (${c.readings.toLocaleString('en-IN')} readings, ${c.days} days of 8 parameters) | compacted: ${sum(c.after, READING_TABLES)} (archive ${c.after.reading_archive}, raw left ${c.after.reading}, rollups ${sum(c.after, rollups)}: 15-minute ${c.after.reading_15m}, hourly ${c.after.reading_1h}, daily ${c.after.reading_1d}) | raw: ${sum(c.before, READING_TABLES)} (raw ${c.before.reading}, rollups ${sum(c.before, rollups)}) | ≤ 8 |`,
    `| Compaction throughput (${c.compaction.values.toLocaleString('en-IN')} values in ${c.compaction.seconds} s) | ${c.compaction.perSecond.toLocaleString('en-IN')} readings/s | | ≥ 30,000 readings/s |`,
    `| 30-day hour_1 trend of 8 parameters over HTTP | compacted: p50 ${c.compacted.hourly30.p50} ms, p95 ${c.compacted.hourly30.p95} ms (${ratio(c.compacted.hourly30, c.raw.hourly30)}×) | raw partitions: p50 ${c.raw.hourly30.p50} ms, p95 ${c.raw.hourly30.p95} ms | p50 ≤ 1.2× raw |`,
    `| 1-year day_1 trend of 8 parameters over HTTP | compacted: p50 ${c.compacted.daily1y.p50} ms, p95 ${c.compacted.daily1y.p95} ms (${ratio(c.compacted.daily1y, c.raw.daily1y)}×) | raw partitions: p50 ${c.raw.daily1y.p50} ms, p95 ${c.raw.daily1y.p95} ms | p50 ≤ 1.2× raw |`,
  ];
}
