import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { newDevices, startServer, type Server } from './server-process.ts';
import { useTestApp } from './test-app.ts';

const DAY_MS = 24 * 3600_000;
const DEVICES = 4;
const DAYS = 12;

/**
 * The archive worker of a real server killed with SIGKILL while it compacts: every reading must
 * still be there, raw or archived, bit for bit, and a restarted server finishes the rest.
 */
describe('compaction crash safety', () => {
  const ctx = useTestApp({ app: false });
  const running: Server[] = [];
  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
  });

  /** Every reading of the tenant as text (float8 prints its shortest exact form), hashed. */
  const fingerprint = async (tenantId: number) => {
    const { rows } = await ctx.database.pool.query<{ n: number; md5: string }>(
      `SELECT count(*)::int AS n, md5(string_agg(r.device_id || '@' || r.ts || '=' || r.vals::text, ',' ORDER BY r.device_id, r.ts)) AS md5
       FROM device d CROSS JOIN LATERAL enviro_readings(d.tenant_id, d.id, '-infinity', 'infinity') r WHERE d.tenant_id = $1`,
      [tenantId],
    );
    return rows[0]!;
  };
  const progress = async () => {
    const { rows } = await ctx.database.pool.query<{ archived: number; raw: number }>(
      `SELECT (SELECT count(*)::int FROM reading_archive) AS archived, (SELECT count(*)::int FROM reading WHERE ts < now() - interval '8 days') AS raw`,
    );
    return rows[0]!;
  };

  it('loses no reading when killed mid-way, and a restarted server completes the archive', async () => {
    const devices = await newDevices(ctx.db, DEVICES);
    const { rows: t } = await ctx.database.pool.query<{ tenant_id: number }>('SELECT tenant_id FROM device WHERE id = $1', [devices[0]!.id]);
    const tenantId = t[0]!.tenant_id;
    const from = Math.floor((Date.now() - (DAYS + 9) * DAY_MS) / 60_000) * 60_000;
    await ctx.database.pool.query('SELECT enviro_ensure_partitions($1, now())', [new Date(from)]);
    // Every minute of DAYS days per device, its parameters as sine and noise with two decimals.
    await ctx.database.pool.query(
      `INSERT INTO reading (tenant_id, device_id, ts, vals)
       SELECT $1, d, $2::timestamptz + m * interval '1 minute',
              ARRAY(SELECT round((50 + 20 * sin((m + p * 37) / 90.0) + ((m * 7919 + p + d) % 13) / 10.0)::numeric, 2)::float8 FROM generate_series(0, 3) p ORDER BY p)
       FROM unnest($3::bigint[]) d, generate_series(0, $4::int - 1) m`,
      [tenantId, new Date(from), devices.map((d) => d.id), DAYS * 1440],
    );
    const original = await fingerprint(tenantId);
    expect(original.n).toBe(DEVICES * DAYS * 1440);

    const port = await findFreePort(0, '127.0.0.1');
    const env = { DATABASE_URL: ctx.database.url, MQTT_PORT: String(await findFreePort(0, '127.0.0.1')) };
    const first = await startServer(port, env);
    running.push(first);
    // Killed once some days are archived and others still raw.
    for (let i = 0; i < 600; i++) {
      const p = await progress();
      if (p.archived > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const mid = await progress();
    expect(mid.archived).toBeGreaterThan(0);
    expect(mid.raw).toBeGreaterThan(0);
    expect(await fingerprint(tenantId)).toEqual(original);

    const second = await startServer(port, env);
    running.push(second);
    for (let i = 0; i < 1200 && (await progress()).raw > 0; i++) await new Promise((r) => setTimeout(r, 100));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect((await progress()).raw).toBe(0);
    expect(await fingerprint(tenantId)).toEqual(original);
  }, 180_000);
});
