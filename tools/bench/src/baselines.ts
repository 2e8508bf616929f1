import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { round, timeRuns, type Timing } from './stats.ts';

/**
 * The ceilings our figures are judged against, measured on the same server in the same run:
 * plain COPY / batched INSERT / one-row INSERT into a narrow keyed table, its bytes per row, and a
 * plain GROUP BY over raw narrow rows for the trend query.
 */
export interface Baselines {
  copyRowsPerSec: number;
  unnestRowsPerSec: number;
  singleRowPerSec: number;
  narrowBytesPerRow: number;
  plainGroupBy: Timing;
}

const SERIES = 8;
const MINUTES_30D = 30 * 24 * 60;

/** COPY of a 30-day trend's rows (8 series at 1 minute) into `table`, in rows a second. */
async function copyInto(pool: pg.Pool, table: string, start: number): Promise<number> {
  const client = await pool.connect();
  try {
    const t0 = performance.now();
    await pipeline(Readable.from(narrowLines(start, SERIES, MINUTES_30D)), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
    return (SERIES * MINUTES_30D) / ((performance.now() - t0) / 1000);
  } finally {
    client.release();
  }
}

/**
 * The COPY reference alone, into a new keyed narrow table, in rows a second: measured again after
 * a figure on a machine shared with other work, whose speed moves within minutes.
 */
export async function copyReference(pool: pg.Pool): Promise<number> {
  await pool.query('CREATE TABLE bench_narrow_again (series int NOT NULL, ts timestamptz NOT NULL, value float8 NOT NULL, PRIMARY KEY (series, ts))');
  try {
    return Math.round(await copyInto(pool, 'bench_narrow_again', Date.UTC(2025, 0, 1)));
  } finally {
    await pool.query('DROP TABLE bench_narrow_again');
  }
}

export async function measureBaselines(pool: pg.Pool, log: (s: string) => void): Promise<Baselines> {
  await pool.query('DROP TABLE IF EXISTS bench_narrow');
  await pool.query(
    'CREATE TABLE bench_narrow (series int NOT NULL, ts timestamptz NOT NULL, value float8 NOT NULL, PRIMARY KEY (series, ts))',
  );
  const start = Date.UTC(2025, 0, 1);
  const rows = SERIES * MINUTES_30D; // 345,600: a 30-day trend of 8 series at 1 minute

  const copyRowsPerSec = await copyInto(pool, 'bench_narrow', start);
  log(`baseline COPY: ${Math.round(copyRowsPerSec)} rows/s`);
  await pool.query('VACUUM ANALYZE bench_narrow');
  const size = await pool.query<{ bytes: string }>("SELECT pg_total_relation_size('bench_narrow') AS bytes");
  const narrowBytesPerRow = Number(size.rows[0]!.bytes) / rows;

  // Batched INSERT ... unnest, 10,000 rows a statement, into the same keyed table.
  const batch = 10_000;
  const t1 = performance.now();
  let inserted = 0;
  for (let b = 0; b < 20; b++) {
    const series: number[] = [];
    const ts: string[] = [];
    const values: number[] = [];
    for (let i = 0; i < batch; i++) {
      series.push(100 + (i % 50));
      ts.push(new Date(start + (b * batch + i) * 60_000).toISOString());
      values.push(Math.random() * 100);
    }
    await pool.query('INSERT INTO bench_narrow SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[])', [series, ts, values]);
    inserted += batch;
  }
  const unnestRowsPerSec = inserted / ((performance.now() - t1) / 1000);

  const t2 = performance.now();
  for (let i = 0; i < 2000; i++) {
    await pool.query('INSERT INTO bench_narrow VALUES ($1, $2, $3)', [999, new Date(start + i * 60_000), i]);
  }
  const singleRowPerSec = 2000 / ((performance.now() - t2) / 1000);

  const plainGroupBy = await timeRuns(
    () =>
      pool.query(
        `SELECT series, date_trunc('hour', ts, 'Asia/Kolkata') AS bucket, avg(value)
           FROM bench_narrow WHERE series BETWEEN 0 AND $1 AND ts >= $2 AND ts < $3
          GROUP BY 1, 2 ORDER BY 1, 2`,
        [SERIES - 1, new Date(start), new Date(start + MINUTES_30D * 60_000)],
      ),
    30,
  );
  await pool.query('DROP TABLE bench_narrow');
  return {
    copyRowsPerSec: Math.round(copyRowsPerSec),
    unnestRowsPerSec: Math.round(unnestRowsPerSec),
    singleRowPerSec: Math.round(singleRowPerSec),
    narrowBytesPerRow: round(narrowBytesPerRow),
    plainGroupBy,
  };
}

function* narrowLines(start: number, series: number, minutes: number): Generator<string> {
  for (let s = 0; s < series; s++) {
    let chunk = '';
    for (let m = 0; m < minutes; m++) {
      chunk += `${s}\t${new Date(start + m * 60_000).toISOString()}\t${(50 + 20 * Math.sin(m / 90) + Math.random()).toFixed(3)}\n`;
      if (m % 5000 === 4999) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
}
