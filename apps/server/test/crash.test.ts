import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { builders } from './builders.ts';
import { createTestDatabase, type TestDatabase } from './helper.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PARAMS = ['pm', 'so2', 'nox', 'co', 'o2'];
const HTTP_DEVICES = 12;
const MQTT_DEVICES = 4;
const ENTRIES_PER_MESSAGE = 20;

interface Device {
  id: number;
  accessToken: string;
  /** Next ts this device sends; every message moves it forward, so no reading is sent twice. */
  nextTs: number;
}

/** Readings the server acknowledged: device id -> ts -> values by slot. */
type Acked = Map<number, Map<number, number[]>>;

/**
 * The real server as a child process: killed with SIGKILL under load, restarted, and then every
 * reading it acknowledged (HTTP 200 or MQTT PUBACK) must be in the database.
 */
describe('crash safety', () => {
  let database: TestDatabase;
  let devices: Device[];
  const acked: Acked = new Map();
  const running: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const b = builders(database.db);
    const { id: tenantId } = await b.newTenant();
    const { id: entityId } = await b.newEntity({ tenantId });
    const start = Date.now() - 7 * 24 * 3600_000;
    devices = [];
    for (let i = 0; i < HTTP_DEVICES + MQTT_DEVICES; i++) {
      const d = await b.newDevice({ tenantId, entityId, params: PARAMS.map((name) => ({ name })) });
      devices.push({ id: d.id, accessToken: d.accessToken, nextTs: start + i });
    }
  });
  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await database.close();
  });

  it('keeps every acknowledged reading across SIGKILL, and flushes in-flight batches on SIGTERM', async () => {
    const ports = { http: await findFreePort(0, '127.0.0.1'), mqtt: await findFreePort(0, '127.0.0.1') };

    const first = await startServer(database.url, ports);
    running.push(first);
    const load = drive(devices, ports, acked);
    await waitForAcks(acked, 200);
    first.child.kill('SIGKILL');
    await first.exited;
    await load.stop();
    const ackedBeforeKill = count(acked);
    // Both transports were acknowledged before the kill.
    expect(devices.slice(0, HTTP_DEVICES).some((d) => acked.has(d.id))).toBe(true);
    expect(devices.slice(HTTP_DEVICES).some((d) => acked.has(d.id))).toBe(true);

    const second = await startServer(database.url, ports);
    running.push(second);
    expect(await missing(database, acked)).toEqual([]);

    // Graceful: SIGTERM mid-load answers what it took in and exits cleanly.
    const again = drive(devices, ports, acked);
    await waitForAcks(acked, ackedBeforeKill + 200);
    expect(count(acked)).toBeGreaterThanOrEqual(ackedBeforeKill + 200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await again.stop();
    expect(await missing(database, acked)).toEqual([]);
  });
});

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Spawns `server.ts` against the test database and resolves once /healthz says ok. */
async function startServer(databaseUrl: string, ports: { http: number; mqtt: number }): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(ports.http),
    MQTT_PORT: String(ports.mqtt),
    HOST: '127.0.0.1',
    SEED_DEMO: 'never',
    LOG_LEVEL: 'warn',
  };
  delete env.MQTT_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${ports.http}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

/** Concurrent HTTP batches and MQTT QoS 1 publishes until stopped; records what was acknowledged. */
function drive(devices: Device[], ports: { http: number; mqtt: number }, acked: Acked) {
  let stopped = false;
  const message = (d: Device) => {
    const entries = Array.from({ length: ENTRIES_PER_MESSAGE }, () => {
      const ts = d.nextTs;
      d.nextTs += 60_000;
      return { ts, values: Object.fromEntries(PARAMS.map((p, i) => [p, (ts % 1000) + i])) };
    });
    return entries;
  };
  const record = (d: Device, entries: ReturnType<typeof message>) => {
    let byTs = acked.get(d.id);
    if (!byTs) acked.set(d.id, (byTs = new Map()));
    for (const e of entries) byTs.set(e.ts, PARAMS.map((p) => e.values[p]!));
  };

  const http = devices.slice(0, HTTP_DEVICES).map(async (d) => {
    while (!stopped) {
      const entries = message(d);
      const res = await fetch(`http://127.0.0.1:${ports.http}/api/v1/${d.accessToken}/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entries),
      }).catch(() => undefined);
      if (res?.status === 200) record(d, entries);
      else await new Promise((r) => setTimeout(r, 50));
    }
  });

  const clients: mqtt.MqttClient[] = [];
  const publishers = devices.slice(HTTP_DEVICES).map(async (d) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${ports.mqtt}`, { username: d.accessToken, reconnectPeriod: 0 });
    clients.push(client);
    const closed = new Promise<'closed'>((resolve) => client.once('close', () => resolve('closed')));
    if ((await Promise.race([new Promise((r) => client.once('connect', r)), closed])) === 'closed') return;
    while (!stopped && client.connected) {
      const entries = message(d);
      const ack = client.publishAsync('v1/devices/me/telemetry', JSON.stringify(entries), { qos: 1 }).then(
        () => 'acked' as const,
        () => 'failed' as const,
      );
      // An unacknowledged publish may stay pending forever once the server is gone.
      if ((await Promise.race([ack, closed])) === 'acked') record(d, entries);
    }
  });

  return {
    async stop() {
      stopped = true;
      await Promise.all(http);
      for (const c of clients) c.end(true);
      await Promise.all(publishers);
    },
  };
}

async function waitForAcks(acked: Acked, atLeast: number): Promise<void> {
  for (let i = 0; i < 400 && count(acked) < atLeast; i++) await new Promise((r) => setTimeout(r, 25));
}

function count(acked: Acked): number {
  let n = 0;
  for (const byTs of acked.values()) n += byTs.size;
  return n;
}

/** Acknowledged readings that are not stored as acknowledged ('device@ts'). */
async function missing(database: TestDatabase, acked: Acked): Promise<string[]> {
  const out: string[] = [];
  for (const [deviceId, byTs] of acked) {
    const { rows } = await database.pool.query<{ ts: Date; vals: number[] }>('SELECT ts, vals FROM reading WHERE device_id = $1', [deviceId]);
    const stored = new Map(rows.map((r) => [r.ts.getTime(), r.vals]));
    for (const [ts, vals] of byTs) {
      if (JSON.stringify(stored.get(ts)) !== JSON.stringify(vals)) out.push(`${deviceId}@${ts}`);
    }
  }
  return out;
}
