import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import type pg from 'pg';
import type { Db } from '../src/platform/database/database.ts';
import { builders } from './builders.ts';

/**
 * The real server as a child process, and devices loading it, for the tests that kill, stop or
 * starve it (crash, several instances, database restart) and then look for every reading it
 * acknowledged.
 */

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PARAMS = ['pm', 'so2', 'nox', 'co', 'o2'];
const ENTRIES_PER_MESSAGE = 20;

export interface Device {
  id: number;
  accessToken: string;
  /** Next ts this device sends; every message moves it forward, so no reading is sent twice. */
  nextTs: number;
}

/** Readings acknowledged to the devices: device id -> ts -> values by slot. */
export type Acked = Map<number, Map<number, number[]>>;

/** `count` devices of the five PARAMS on one station of a new tenant, sending from a week ago. */
export async function newDevices(db: Db, count: number): Promise<Device[]> {
  const b = builders(db);
  const { id: tenantId } = await b.newTenant();
  const { id: entityId } = await b.newEntity({ tenantId });
  const start = Date.now() - 7 * 24 * 3600_000;
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) {
    const d = await b.newDevice({ tenantId, entityId, params: PARAMS.map((name) => ({ name })) });
    devices.push({ id: d.id, accessToken: d.accessToken, nextTs: start + i });
  }
  return devices;
}

/**
 * Servers still running when the test worker ends: a test that timed out goes on in the background
 * after its afterAll, and a server it starts then would outlive the run. Vitest ends its workers
 * with SIGTERM, which runs no 'exit' listener.
 */
const children = new Set<ChildProcess>();
const killChildren = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.once('exit', killChildren);
process.once('SIGTERM', () => {
  killChildren();
  process.exit(143);
});

export interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last few kB it wrote, for failure messages. */
  output(): string;
}

/**
 * Spawns `server.ts` with `env` on `port` and resolves once /healthz says ok (within
 * `healthyWithinMs`: a loaded machine may need longer to start tsx). The embedded broker
 * unless `env` names MQTT_URL; no demo seed (nor, with one, its simulated cameras: two ffmpeg
 * encoders and fixed ports); warnings and errors only.
 */
export async function startServer(port: number, env: NodeJS.ProcessEnv, healthyWithinMs = 30_000): Promise<Server> {
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never', DEMO_CAMERAS: 'false', LOG_LEVEL: 'warn', ...env };
  if (!env.MQTT_URL) delete merged.MQTT_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Enough for a demo's start (its mail log lines run to kilobytes each) and a failure's tail.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-256_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  for (let i = 0; i < healthyWithinMs / 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, exited, output: () => output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

/** What a device was answered, for tests that watch when the server acknowledges. */
export type Answer = { transport: 'http'; status: number | 'no answer' } | { transport: 'mqtt'; status: 'acked' };

export interface LoadOptions {
  /** Devices posting their messages over HTTP, each to the next of `ports`. */
  http?: { ports: number[]; devices: Device[] };
  /**
   * Devices publishing with QoS 1 through the broker at `url`: to v1/devices/me/telemetry with the
   * token as username (embedded broker), or to v1/devices/{token}/telemetry (`tokenInTopic`, an
   * external broker). `reconnect`: a device whose connection drops reconnects and sends its
   * unacknowledged message again, as devices do; otherwise it stops. `pauseMs` between messages.
   */
  mqtt?: { url: string; devices: Device[]; tokenInTopic?: boolean; reconnect?: boolean; pauseMs?: number };
  onAnswer?: (answer: Answer) => void;
}

/** Devices sending batches of readings concurrently until stopped; records what was acknowledged. */
export function drive(acked: Acked, options: LoadOptions) {
  let stopped = false;
  let stop!: () => void;
  const stopping = new Promise<'stopped'>((resolve) => (stop = () => resolve('stopped')));

  const http = (options.http?.devices ?? []).map(async (d, i) => {
    const ports = options.http!.ports;
    for (let n = i; !stopped; n++) {
      const entries = message(d);
      const res = await fetch(`http://127.0.0.1:${ports[n % ports.length]}/api/v1/${d.accessToken}/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entries),
      }).catch(() => undefined);
      options.onAnswer?.({ transport: 'http', status: res?.status ?? 'no answer' });
      if (res?.status === 200) record(acked, d, entries);
      else await sleep(50);
    }
  });

  const clients: mqtt.MqttClient[] = [];
  const publishers = (options.mqtt?.devices ?? []).map(async (d) => {
    const { url, tokenInTopic, reconnect, pauseMs = 0 } = options.mqtt!;
    const client = mqtt.connect(url, {
      username: tokenInTopic ? undefined : d.accessToken,
      reconnectPeriod: reconnect ? 200 : 0,
      // Refused at CONNECT (server unavailable while the database is away), a device tries again too.
      reconnectOnConnackError: reconnect,
      connectTimeout: 5_000,
    });
    clients.push(client);
    client.on('error', () => undefined);
    const topic = tokenInTopic ? `v1/devices/${d.accessToken}/telemetry` : 'v1/devices/me/telemetry';
    const closed = reconnect ? stopping : new Promise<'closed'>((resolve) => client.once('close', () => resolve('closed')));
    const connected = new Promise<'connected'>((resolve) => client.once('connect', () => resolve('connected')));
    if ((await Promise.race([connected, closed])) !== 'connected') return;
    while (!stopped && (reconnect || client.connected)) {
      const entries = message(d);
      const ack = client.publishAsync(topic, JSON.stringify(entries), { qos: 1 }).then(
        () => 'acked' as const,
        () => 'failed' as const,
      );
      // An unacknowledged publish may stay pending forever once the server is gone.
      if ((await Promise.race([ack, closed])) === 'acked') {
        options.onAnswer?.({ transport: 'mqtt', status: 'acked' });
        record(acked, d, entries);
      }
      if (pauseMs) await sleep(pauseMs);
    }
  });

  return {
    async stop() {
      stopped = true;
      stop();
      await Promise.all(http);
      for (const c of clients) c.end(true);
      await Promise.all(publishers);
    },
  };
}

function message(d: Device) {
  return Array.from({ length: ENTRIES_PER_MESSAGE }, () => {
    const ts = d.nextTs;
    d.nextTs += 60_000;
    return { ts, values: Object.fromEntries(PARAMS.map((p, i) => [p, (ts % 1000) + i])) };
  });
}

function record(acked: Acked, d: Device, entries: ReturnType<typeof message>): void {
  let byTs = acked.get(d.id);
  if (!byTs) acked.set(d.id, (byTs = new Map()));
  for (const e of entries) byTs.set(e.ts, PARAMS.map((p) => e.values[p]!));
}

/** Waits until at least `atLeast` readings are acknowledged, or ten seconds. */
/** Waits (up to 20 s) until `atLeast` readings are acknowledged and, when given, every group has one. */
export async function waitForAcks(acked: Acked, atLeast: number, groups: Device[][] = []): Promise<void> {
  const done = () => count(acked) >= atLeast && groups.every((g) => g.some((d) => acked.has(d.id)));
  for (let i = 0; i < 800 && !done(); i++) await sleep(25);
}

export function count(acked: Acked): number {
  let n = 0;
  for (const byTs of acked.values()) n += byTs.size;
  return n;
}

/** Acknowledged readings that are not stored as acknowledged ('device@ts'). */
export async function missing(pool: pg.Pool, acked: Acked): Promise<string[]> {
  const out: string[] = [];
  for (const [deviceId, byTs] of acked) {
    const { rows } = await pool.query<{ ts: Date; vals: number[] }>('SELECT ts, vals FROM reading WHERE device_id = $1', [deviceId]);
    const stored = new Map(rows.map((r) => [r.ts.getTime(), r.vals]));
    for (const [ts, vals] of byTs) {
      if (JSON.stringify(stored.get(ts)) !== JSON.stringify(vals)) out.push(`${deviceId}@${ts}`);
    }
  }
  return out;
}

/** Rollup marks of closed buckets still waiting for the rollup worker. */
export async function closedMarks(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM rollup_dirty WHERE bucket < now() - interval '15 minutes'`);
  return rows[0]!.n;
}

/** Probes until `done` says so or `timeoutMs` passed; answers the last value. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
