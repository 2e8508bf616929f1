import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/platform/database/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/database/embedded.ts';
import { migrate } from '../src/platform/database/migrate.ts';
import { findFreePort } from '../src/platform/net/free-port.ts';
import {
  closedMarks,
  drive,
  missing,
  newDevices,
  sleep,
  startServer,
  until,
  waitForAcks,
  type Acked,
  type Answer,
  type Device,
  type Server,
} from './server-process.ts';

const HTTP_DEVICES = 6;
const MQTT_DEVICES = 4;
/** How long the database stays away, and how long after it stopped answers that began before are ignored. */
const AWAY_MS = 3_000;
const SETTLE_MS = 1_000;

/**
 * The real server on a PostgreSQL cluster of this file's own (stopping the run's shared one would
 * fail every other file), stopped and started again under HTTP and MQTT load.
 */
describe('PostgreSQL restarting under load', () => {
  let dir: string;
  let cluster: EmbeddedDatabase;
  let database: DatabaseHandle;
  let devices: Device[];
  let server: Server;
  let ports: { http: number; mqtt: number };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'enviro-restart-pg-'));
    // As in global-setup: as root the cluster runs as the postgres user, who must reach its directory.
    await chmod(dir, 0o777);
    cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), undefined, { throwaway: true });
    database = openDatabase(cluster.url, { max: 2 });
    await migrate(database.pool);
    devices = await newDevices(database.db, HTTP_DEVICES + MQTT_DEVICES);
    ports = { http: await findFreePort(0, '127.0.0.1'), mqtt: await findFreePort(0, '127.0.0.1') };
    server = await startServer(ports.http, { DATABASE_URL: cluster.url, MQTT_PORT: String(ports.mqtt) });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await database?.close();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 and withholds PUBACK while the database is away, resumes by itself, and loses nothing acknowledged', async () => {
    const dbPort = Number(new URL(cluster.url).port);
    const acked: Acked = new Map();
    const answers: (Answer & { at: number })[] = [];
    const load = drive(acked, {
      http: { ports: [ports.http], devices: devices.slice(0, HTTP_DEVICES) },
      mqtt: { url: `mqtt://127.0.0.1:${ports.mqtt}`, devices: devices.slice(HTTP_DEVICES), reconnect: true },
      onAnswer: (answer) => answers.push({ ...answer, at: Date.now() }),
    });
    /** Whether HTTP and MQTT devices were each acknowledged among `list`. */
    const bothAcked = (list: Answer[]) => [list.some((a) => a.transport === 'http' && a.status === 200), list.some((a) => a.transport === 'mqtt')];
    try {
      await waitForAcks(acked, 200);
      expect(await until(async () => bothAcked(answers), (both) => both.every(Boolean))).toEqual([true, true]);
      await cluster.stop();
      await sleep(SETTLE_MS);
      const awayFrom = Date.now();
      await sleep(AWAY_MS);
      const health = await fetch(`http://127.0.0.1:${ports.http}/healthz`).catch((error: Error) => {
        throw new Error(`server gone (${error.message}):\n${server.output()}`);
      });
      const api = await fetch(`http://127.0.0.1:${ports.http}/api/boards`);
      const awayTo = Date.now();
      cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), undefined, { throwaway: true, port: dbPort });
      // Both transports are acknowledged again without a restart of the server.
      const after = async () => bothAcked(answers.filter((a) => a.at > awayTo));
      expect(await until(after, (both) => both.every(Boolean))).toEqual([true, true]);

      const away = answers.filter((a) => a.at >= awayFrom && a.at <= awayTo);
      expect(server.child.exitCode, server.output()).toBeNull();
      // Every route says the database is away for now, not that the server failed.
      expect(health.status).toBe(503);
      expect([api.status, await api.json()]).toEqual([503, expect.objectContaining({ message: 'database unavailable; retry later' })]);
      // Devices were answered while it was away: HTTP with 503 only, MQTT with no PUBACK at all.
      expect(away.filter((a) => a.transport === 'http').length).toBeGreaterThan(0);
      expect(new Set(away.map((a) => `${a.transport} ${a.status}`))).toEqual(new Set(['http 503']));
      expect((await fetch(`http://127.0.0.1:${ports.http}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${ports.http}/api/boards`)).status).toBe(200);
    } finally {
      await load.stop();
    }
    expect(await missing(database.pool, acked)).toEqual([]);
    // The rollup worker carried on too: it consumes every mark of the closed buckets.
    expect(await until(() => closedMarks(database.pool), (n) => n === 0)).toBe(0);
  });
});
