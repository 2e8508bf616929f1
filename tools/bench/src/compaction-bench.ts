import type pg from 'pg';
import { ArchiveRepository } from '@enviro/server/modules/data/archive.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { trendFixture, trendRequest } from './query-bench.ts';
import { round, timeRunsInTurn, type Timing } from './stats.ts';

const DAY_MS = 24 * 3600_000;
const READING_TABLES = ['reading', 'reading_archive', 'reading_15m', 'reading_15m_archive', 'reading_1h', 'reading_1d'] as const;
type Bytes = Record<(typeof READING_TABLES)[number], number>;

export interface CompactionFigures {
  /** Readings of each of the two stations. */
  readings: number;
  days: number;
  /** Bytes (heap, TOAST, indexes) per reading of each table, both stations raw. */
  before: Bytes;
  /** Bytes of reading_archive per reading it holds. */
  archive: number;
  /** Bytes of reading_15m_archive (the archived days' quarters) per reading of those days. */
  quarters: number;
  compaction: { values: number; seconds: number; perSecond: number };
  hourly30: { raw: Timing; compacted: Timing };
  daily1y: { raw: Timing; compacted: Timing };
}

/** On-disk bytes of a table, all partitions when it is partitioned. */
async function tableBytes(pool: pg.Pool, table: string): Promise<number> {
  const r = await pool.query<{ bytes: string }>(
    `SELECT coalesce((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree($1) WHERE isleaf), pg_total_relation_size($1)) AS bytes`,
    [table],
  );
  return Number(r.rows[0]!.bytes);
}

async function bytesPerReading(pool: pg.Pool, readings: number): Promise<Bytes> {
  for (const t of READING_TABLES) await pool.query(`VACUUM ANALYZE ${t}`);
  const out = {} as Bytes;
  for (const t of READING_TABLES) out[t] = round((await tableBytes(pool, t)) / readings, 2);
  return out;
}

/**
 * Compacted history (issue 30, `--compaction`): two twin stations of the bench's trend shape (8
 * parameters every minute, sine and noise with two decimals) over `days` of history. The storage
 * per reading with both raw; then the second station's days past the 7-day window archived by the
 * worker's own transactions (a device's 7 days each), timed; then a 30-day hourly and a 1-year
 * daily trend of each station taking turns request by request, so the raw reference and the
 * compacted figure meet the same load. `startServer` starts the server process once the fixture
 * is built (it must not archive by itself).
 */
export async function benchCompaction(
  db: Db,
  pool: pg.Pool,
  startServer: () => Promise<{ baseUrl: string }>,
  days: number,
  runs: number,
  log: (s: string) => void,
): Promise<CompactionFigures> {
  log(`compaction: two stations of 8 parameters, ${days} days every minute`);
  const now = Date.now();
  const raw = await trendFixture(db, pool, now, days);
  const compacted = await trendFixture(db, pool, now, days);
  const before = await bytesPerReading(pool, raw.readings + compacted.readings);

  log('compacting the second station');
  const archive = new ArchiveRepository({ db, pool });
  const { rows } = await pool.query<{ first: Date; cutoff: Date }>(
    `SELECT enviro_bucket_day(min(ts)) AS first, enviro_bucket_day(now() - interval '7 days') AS cutoff FROM reading WHERE tenant_id = $1 AND device_id = $2`,
    [compacted.tenantId, compacted.deviceId],
  );
  const { first, cutoff } = rows[0]!;
  const t0 = performance.now();
  let values = 0;
  for (let from = first.getTime(); from < cutoff.getTime(); from += 7 * DAY_MS) {
    const to = new Date(Math.min(from + 7 * DAY_MS, cutoff.getTime()));
    values += (await archive.archiveRange(compacted.tenantId, String(compacted.deviceId), new Date(from), to)) ?? 0;
  }
  const seconds = (performance.now() - t0) / 1000;
  await pool.query('VACUUM ANALYZE reading_archive');
  await pool.query('VACUUM ANALYZE reading_15m_archive');
  await pool.query('ANALYZE');
  const archiveBytes = round((await tableBytes(pool, 'reading_archive')) / values, 2);
  const quarterBytes = round((await tableBytes(pool, 'reading_15m_archive')) / values, 2);

  const { baseUrl } = await startServer();
  log('trends of the raw and the compacted station, in turn');
  const yearPoints = Math.min(days, 365) - 2;
  const [hourlyRaw, hourlyCompacted] = await timeRunsInTurn(trendRequest(baseUrl, raw), trendRequest(baseUrl, compacted), runs);
  const year = { duration: '365d-ago', interval: 'day_1' };
  const [dailyRaw, dailyCompacted] = await timeRunsInTurn(trendRequest(baseUrl, raw, year, yearPoints), trendRequest(baseUrl, compacted, year, yearPoints), runs);
  return {
    readings: raw.readings,
    days,
    before,
    archive: archiveBytes,
    quarters: quarterBytes,
    compaction: { values, seconds: round(seconds, 1), perSecond: Math.round(values / seconds) },
    hourly30: { raw: hourlyRaw, compacted: hourlyCompacted },
    daily1y: { raw: dailyRaw, compacted: dailyCompacted },
  };
}

/** The rows of docs/PERFORMANCE.md's compaction table. */
export function compactionRows(c: CompactionFigures): string[] {
  const rollups = round(c.before.reading_15m + c.before.reading_1h + c.before.reading_1d, 1);
  const compactedRollups = round(c.quarters + c.before.reading_1h + c.before.reading_1d, 1);
  const ratio = (f: { raw: Timing; compacted: Timing }) => round(f.compacted.p50 / f.raw.p50, 2);
  const timing = (t: Timing) => `p50 ${t.p50} ms, p95 ${t.p95} ms`;
  return [
    `| Bytes per reading of history past the window (heap, TOAST and indexes of reading_archive and reading_15m_archive per reading they hold, and of the hourly and daily rollups per reading) | ${round(c.archive + compactedRollups, 1)}: archive ${c.archive}, rollups ${compactedRollups} (15-minute compacted ${c.quarters}, hourly ${c.before.reading_1h}, daily ${c.before.reading_1d}) | in raw partitions: ${round(c.before.reading + rollups, 1)} (raw ${c.before.reading}, rollups ${rollups}: 15-minute rows ${c.before.reading_15m}) | ≤ 8 |`,
    `| Compaction throughput (${c.compaction.values.toLocaleString('en-IN')} values of ${c.days} days in ${c.compaction.seconds} s, a device's 7 days a transaction) | ${c.compaction.perSecond.toLocaleString('en-IN')} readings/s | | ≥ 30,000 readings/s |`,
    `| 30-day hour_1 trend of 8 parameters over HTTP, compacted station | ${timing(c.hourly30.compacted)} (${ratio(c.hourly30)}×) | the raw twin, in turn: ${timing(c.hourly30.raw)} | p50 ≤ 1.2× raw |`,
    `| 1-year day_1 trend of 8 parameters over HTTP, compacted station | ${timing(c.daily1y.compacted)} (${ratio(c.daily1y)}×) | the raw twin, in turn: ${timing(c.daily1y.raw)} | p50 ≤ 1.2× raw |`,
  ];
}
