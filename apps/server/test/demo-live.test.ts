import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TenantLiveStatus } from '@enviro/contracts/tenants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoRepository } from '../src/demo/demo.repository.ts';
import { DemoFeed, startDemoFeed } from '../src/demo/live-feed.ts';
import { telemetryAt, toFleetDevice } from '../src/demo/live-devices.ts';
import { DEMO_CONNECTION_NAME, startDemoRegulator, type DemoRegulator } from '../src/demo/regulator-demo.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { CredentialVault } from '../src/modules/regulator/credentials.ts';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { buildTestApp } from './helper.ts';
import { sleep, startServer, until } from './server-process.ts';
import { useTestApp } from './test-app.ts';

const MINUTE_MS = 60_000;
/** The seeded history ends 40 minutes ago: every station is DELAYED until the demo reports again. */
const PAUSE_MS = 40 * MINUTE_MS;
const minute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

describe('the demo keeps reporting (DEMO_LIVE)', () => {
  const ctx = useTestApp();
  let seededUntil: number;
  let statutoryId: number;
  let boardCookie: string;

  beforeAll(async () => {
    seededUntil = minute(Date.now() - PAUSE_MS);
    statutoryId = (await seedDemo(ctx.app, { days: 1 / 24, now: seededUntil })).statutoryTenantId;
    boardCookie = (await ctx.signedIn({ tenantId: statutoryId, userType: 'statutory', role: 'user' })).cookie;
  });

  const liveStatus = async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/getTenantsLiveStatus', headers: { cookie: boardCookie } });
    expect(res.statusCode).toBe(200);
    return (res.json() as TenantLiveStatus[]).reduce((sum, t) => ({ LIVE: sum.LIVE + t.LIVE, DELAYED: sum.DELAYED + t.DELAYED }), { LIVE: 0, DELAYED: 0 });
  };
  const fleet = async () => (await new DemoRepository(ctx.db).findDevices()).map(toFleetDevice);

  it('fills the pause and brings the stations back to LIVE, through ingestion, with the values the signal gives', async () => {
    expect((await liveStatus()).LIVE).toBe(0);
    const now = Date.now();
    const pass = await new DemoFeed(ctx.db, ctx.app.telemetry.ingest).pass(now);
    expect(pass.devices).toBeGreaterThan(30);
    // About 40 minutes of every device, less what their signals leave silent.
    expect(pass.readings).toBeGreaterThan(pass.devices * 30);

    const status = await liveStatus();
    expect(status.LIVE).toBeGreaterThan(pass.devices * 0.7);
    // Each reporting device's newest reading is this minute's, as the signal gives it.
    for (const device of (await fleet()).filter((d) => !d.offline)) {
      const expected = telemetryAt(device, minute(now));
      if (!expected) continue;
      const { rows } = await ctx.database.pool.query<{ vals: (number | null)[] }>('SELECT vals FROM reading WHERE device_id = $1 AND ts = $2', [device.id, new Date(minute(now))]);
      expect(rows, device.serial).toHaveLength(1);
      expect(rows[0]!.vals.map((v, i) => (v === null ? undefined : [device.params[i], v])).filter(Boolean)).toEqual(Object.entries(expected.values));
    }
    // Ingestion's own bookkeeping followed: latest values and rollup marks of the new minutes.
    const latest = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM series_latest WHERE ts = $1', [new Date(minute(now))]);
    expect(latest.rows[0]!.n).toBeGreaterThan(pass.devices);
    const marks = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_dirty WHERE bucket > $1', [new Date(seededUntil)]);
    expect(marks.rows[0]!.n).toBeGreaterThan(0);
  });

  it('leaves the offline station offline', async () => {
    const offline = (await fleet()).find((d) => d.offline)!;
    expect(offline.lastDataAt!.getTime()).toBeLessThan(seededUntil);
  });

  it('keeps reporting minute after minute, and two servers on one database store each reading once', async () => {
    const other: FastifyInstance = await buildTestApp(ctx.database);
    try {
      const feeds = [new DemoFeed(ctx.db, ctx.app.telemetry.ingest), new DemoFeed(ctx.db, other.telemetry.ingest)];
      const start = minute(Date.now());
      for (const at of [start + MINUTE_MS, start + 2 * MINUTE_MS]) {
        // Both servers' passes for the same minute at once.
        await Promise.all(feeds.map((f) => f.pass(at + 5_000)));
        const devices = (await fleet()).filter((d) => !d.offline);
        const expected = devices.filter((d) => telemetryAt(d, at) !== undefined);
        const { rows } = await ctx.database.pool.query<{ device_id: string; n: number }>(
          'SELECT device_id, count(*)::int AS n FROM reading WHERE ts = $1 GROUP BY device_id',
          [new Date(at)],
        );
        expect(rows.map((r) => r.device_id).sort()).toEqual(expected.map((d) => d.id).sort());
        expect(rows.every((r) => r.n === 1)).toBe(true);
      }
      // A pass finding the minute stored sends nothing more.
      expect((await feeds[0]!.pass(start + 2 * MINUTE_MS + 30_000)).readings).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('runs as a worker: a pass at start, then one after each minute, until stopped', async () => {
    // Just before a minute ends: the next pass is due when it has.
    const clock = { now: minute(Date.now()) + 4 * MINUTE_MS - 100 };
    const passes: number[] = [];
    const feed = new DemoFeed(ctx.db, ctx.app.telemetry.ingest);
    // Counted once done: the worker schedules the next pass after one has finished. The clock reaches
    // the minute just after the first pass has scheduled the next (100 ms on), whatever the load.
    const counted = {
      pass: (ms: number) =>
        feed.pass(ms).finally(() => {
          passes.push(ms);
          if (passes.length === 1) setImmediate(() => (clock.now += 100));
        }),
    } as DemoFeed;
    const worker = startDemoFeed(counted, { now: () => clock.now, offsetMs: 0, log: { info: () => undefined, warn: () => undefined } });
    await until(async () => passes.length, (n) => n === 2, 5_000);
    await worker.stop();
    expect(passes).toEqual([clock.now - 100, clock.now]);
    const newest = await ctx.database.pool.query<{ ts: Date }>('SELECT max(ts) AS ts FROM reading');
    expect(newest.rows[0]!.ts.getTime()).toBe(clock.now);
  });
});

describe('npm start with demo data, a second time on one database', () => {
  const ctx = useTestApp();
  const key = randomBytes(32);
  const vault = new CredentialVault(key);
  let dataDir: string;
  const receivers: DemoRegulator[] = [];
  const startRegulator = async (port: number) => {
    const afterMapping = async () => `${await ctx.app.changeRequests.requests.republishUnsentCorrections()} republished`;
    const regulator = await startDemoRegulator(ctx.db, vault, { dataDir, port, log: () => undefined, warn: () => undefined, afterMapping });
    receivers.push(regulator!);
    return regulator!;
  };
  const demoConnectionUrl = async () =>
    (await ctx.db.selectFrom('regulator_connection').select('url').where('name', '=', DEMO_CONNECTION_NAME).executeTakeFirstOrThrow()).url;

  beforeAll(async () => {
    await seedDemo(ctx.app, { days: 1 / 24, now: minute(Date.now() - PAUSE_MS) });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'enviro-demo-live-'));
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the demo devices reporting, and takes a free port for its receiver where the first server has REGULATOR_DEMO_PORT', async () => {
    const taken = await findFreePort(0, '127.0.0.1');
    const first = await startRegulator(taken);
    expect(await demoConnectionUrl()).toBe(first.receiver.url);
    // Only stations CPCB ODAMS can carry are mapped: no energy meter or ash silo waits to be refused.
    const { rows } = await ctx.database.pool.query<{ type: string }>(
      `SELECT DISTINCT e.type FROM regulator_mapping m JOIN regulator_connection c ON c.id = m.connection_id
       CROSS JOIN LATERAL jsonb_array_elements(m.stations) s JOIN entity e ON e.tenant_id = m.tenant_id AND e.id = (s->>'stationId')::bigint
       WHERE c.name = $1`,
      [DEMO_CONNECTION_NAME],
    );
    const types = rows.map((r) => r.type);
    expect(types).toContain('cems');
    expect(types).not.toContain('Energy Meter');
    expect(types).not.toContain('Ash');
    // The demo's approved data correction goes to the regulator once the industries are mapped.
    const republished = await ctx.database.pool.query<{ reason: string }>(
      `SELECT p.reason FROM change_request r JOIN regulator_republish p ON p.tenant_id = r.tenant_id AND p.id = r.republish_id WHERE r.cr_type = 'CORRECTION'`,
    );
    expect(republished.rows.map((r) => r.reason)).toEqual([expect.stringMatching(/^Correction request \d+ approved \(version 1\)/)]);
    const port = await findFreePort(0, '127.0.0.1');
    const server = await startServer(port, {
      DATABASE_URL: ctx.database.url,
      SEED_DEMO: 'auto',
      DATA_DIR: dataDir,
      REGULATOR_KEY: key.toString('base64'),
      REGULATOR_DEMO_PORT: String(taken),
      MQTT_PORT: String(await findFreePort(0, '127.0.0.1')),
      LOG_LEVEL: 'info',
    });
    try {
      // Readings of this minute (or the last) arrive without any simulator.
      const fresh = await until(
        async () => (await ctx.database.pool.query<{ ts: Date | null }>('SELECT max(last_data_at) AS ts FROM device')).rows[0]!.ts,
        (ts) => ts !== null && ts.getTime() >= minute(Date.now()) - MINUTE_MS,
        30_000,
      );
      expect(fresh!.getTime()).toBeGreaterThanOrEqual(minute(Date.now()) - 2 * MINUTE_MS);
      const caughtUp = /demo live readings: \d+ demo devices report every minute/;
      expect(await until(async () => server.output(), (out) => caughtUp.test(out), 30_000)).toMatch(caughtUp);

      expect(server.output()).toContain(`REGULATOR_DEMO_PORT ${taken} is taken: the demo regulator receiver uses port`);
      const used = Number(/receiver uses port (\d+) instead/.exec(server.output())![1]);
      expect(used).not.toBe(taken);
      expect((await fetch(`http://127.0.0.1:${used}/__receiver/public-key`)).status).toBe(200);
      // The first server's receiver answers with the connection's key: the connection stays with it.
      expect(await demoConnectionUrl()).toBe(first.receiver.url);
      // Still up a while later: nothing unhandled brought it down.
      await sleep(1_000);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('points the demo connection at a receiver that answers when the one it named has stopped', async () => {
    const url = new URL(await demoConnectionUrl());
    const second = await startRegulator(Number(url.port));
    expect(second.receiver.url).not.toBe(url.origin);
    await receivers[0]!.close();
    await second.follow();
    expect(await demoConnectionUrl()).toBe(second.receiver.url);
  });
});
