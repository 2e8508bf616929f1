import type pg from 'pg';

export interface StorageFigure {
  readings: number;
  rawBytesPerReading: number;
  rollupBytesPerReading: number;
}

/** On-disk bytes (heap, indexes, TOAST) of a table: of all its partitions when it is partitioned. */
async function tableBytes(pool: pg.Pool, table: string): Promise<number> {
  const r = await pool.query<{ bytes: string }>(
    `SELECT coalesce((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree($1) WHERE isleaf), pg_total_relation_size($1)) AS bytes`,
    [table],
  );
  return Number(r.rows[0]!.bytes);
}

/** Bytes per stored reading (one parameter value), raw rows and rollups (15-minute, hourly and daily) apart. */
export async function measureStorage(pool: pg.Pool): Promise<StorageFigure> {
  await pool.query('VACUUM ANALYZE reading');
  await pool.query('VACUUM ANALYZE reading_15m');
  await pool.query('VACUUM ANALYZE reading_1h');
  await pool.query('VACUUM ANALYZE reading_1d');
  const total = await pool.query<{ readings: string }>(`SELECT count(*) AS readings FROM reading, unnest(vals) v WHERE v IS NOT NULL`);
  const readings = Number(total.rows[0]!.readings);
  if (readings === 0) throw new Error('no readings stored');
  return {
    readings,
    rawBytesPerReading: Math.round((await tableBytes(pool, 'reading')) / readings * 10) / 10,
    rollupBytesPerReading:
      Math.round(((await tableBytes(pool, 'reading_15m')) + (await tableBytes(pool, 'reading_1h')) + (await tableBytes(pool, 'reading_1d'))) / readings * 10) / 10,
  };
}

/** Parameter values stored for a tenant. */
export async function storedReadings(pool: pg.Pool, tenantId: number): Promise<number> {
  const r = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM reading, unnest(vals) v WHERE v IS NOT NULL AND tenant_id = $1',
    [tenantId],
  );
  return Number(r.rows[0]!.n);
}
