import type pg from 'pg';

/** A device's stored readings, oldest first: epoch milliseconds and the values by slot. */
export async function storedReadings(pool: pg.Pool, deviceId: number): Promise<{ ts: number; vals: (number | null)[] }[]> {
  const { rows } = await pool.query<{ ts: Date; vals: (number | null)[] }>(
    'SELECT ts, vals FROM reading WHERE device_id = $1 ORDER BY ts',
    [deviceId],
  );
  return rows.map((r) => ({ ts: r.ts.getTime(), vals: r.vals }));
}
