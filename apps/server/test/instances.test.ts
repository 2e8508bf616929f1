import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestService } from '../src/modules/telemetry/telemetry.service.ts';
import type { Broker } from '../src/platform/mqtt/broker.ts';
import { connectExternalSessions, SESSIONS, sessionClientId } from '../src/platform/mqtt/external-sessions.ts';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { storedReadings } from './readings.ts';
import {
  closedMarks,
  count,
  drive,
  missing,
  newDevices,
  sleep,
  startServer,
  until,
  waitForAcks,
  type Acked,
  type Device,
  type Server,
} from './server-process.ts';
import { useTestApp } from './test-app.ts';

/** The machine's Mosquitto unless MQTT_URL names another; these tests need a broker the servers share. */
const EXTERNAL_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const reachable = await new Promise<boolean>((resolve) => {
  const client = mqtt.connect(EXTERNAL_URL, { reconnectPeriod: 0, connectTimeout: 2_000 });
  client.once('connect', () => {
    resolve(true);
    client.end(true);
  });
  client.once('error', () => resolve(false));
  client.once('close', () => resolve(false));
});
const log = pino({ level: 'silent' });

/** A deployment name of its own, so that neither sessions nor share group meet another run's. */
const newClientId = () => `enviro-t${randomBytes(4).toString('hex')}`;

/** Leaves no persistent session of `clientId` behind on the shared broker. */
async function forgetSessions(clientId: string): Promise<void> {
  for (let n = 0; n < SESSIONS; n++) {
    const client = await mqtt.connectAsync(EXTERNAL_URL, { clientId: sessionClientId(clientId, n), clean: true, reconnectPeriod: 0 });
    await client.endAsync();
  }
}

/** How many sessions a server holds, from its broker health detail ('sessions 0, 1 of 8 …'). */
function sessionsOf(detail: string | undefined): number {
  const held = /sessions (.+?) of /.exec(detail ?? '')?.[1];
  return !held || held === 'none' ? 0 : held.split(', ').length;
}

async function sessionsOfServer(port: number): Promise<number> {
  const health = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.json() as Promise<{ checks: { broker?: { detail?: string } } }>, () => undefined);
  return sessionsOf(health?.checks.broker?.detail);
}

describe.runIf(reachable)('several servers on one database and one external broker', () => {
  describe('in this process', () => {
    const ctx = useTestApp();
    const clientId = newClientId();
    const servers: Broker[] = [];
    afterAll(async () => {
      for (const s of servers) await s.close();
      await forgetSessions(clientId);
    });

    /** The app's ingestion, counting the messages it is handed. */
    function counting(): { ingest: IngestService; stored: { n: number } } {
      const ingest = ctx.app.telemetry.ingest;
      const stored = { n: 0 };
      const wrapped = Object.assign(Object.create(ingest) as IngestService, {
        store: (...args: Parameters<IngestService['store']>) => {
          stored.n++;
          return ingest.store(...args);
        },
      });
      return { ingest: wrapped, stored };
    }

    let a: ReturnType<typeof counting>;
    let b: ReturnType<typeof counting>;
    beforeAll(async () => {
      a = counting();
      b = counting();
      const share = (ingest: IngestService) =>
        connectExternalSessions({ url: EXTERNAL_URL, clientId, databaseUrl: ctx.database.url, ingest, log });
      servers.push(await share(a.ingest), await share(b.ingest));
    });
    const balanced = () =>
      until(
        async () => servers.map((s) => sessionsOf(s.health().detail)),
        (held) => held.every((n) => n === SESSIONS / 2),
      );

    /** Publishes `count` messages of one reading each for a new device; answers how many rows arrive. */
    async function publish(count: number): Promise<number> {
      const d = await ctx.b.newStationDevice();
      const device = await mqtt.connectAsync(EXTERNAL_URL, { reconnectPeriod: 0 });
      const start = Date.now() - 3600_000;
      try {
        for (let i = 0; i < count; i++) {
          await device.publishAsync(`v1/devices/${d.accessToken}/telemetry`, JSON.stringify({ ts: start + i * 1000, values: { pm: i } }), { qos: 1 });
        }
      } finally {
        await device.endAsync();
      }
      const stored = async () => (await storedReadings(ctx.database.pool, d.id)).length;
      return until(stored, (n) => n === count);
    }

    it('divide the sessions between them and store each message once', async () => {
      // The first took every session; it gives half back to the second within a few seconds.
      expect(await balanced()).toEqual([SESSIONS / 2, SESSIONS / 2]);
      expect(await publish(40)).toBe(40);
      // Handed to one server or the other, never to both; and both had some.
      expect(a.stored.n + b.stored.n).toBe(40);
      expect(Math.min(a.stored.n, b.stored.n)).toBeGreaterThan(0);
    });

    it('leave their sessions when their lease connections fail, and take them again', async () => {
      await ctx.database.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'enviro leases' AND datname = current_database()`,
      );
      // Each says so until its next rebalance, within a second, finds the database again.
      const seenDown = servers.map(() => false);
      for (let i = 0; i < 500 && !seenDown.every(Boolean); i++) {
        servers.forEach((s, n) => (seenDown[n] ||= !s.health().ok));
        await sleep(10);
      }
      expect(seenDown).toEqual([true, true]);
      expect(await publish(20)).toBe(20);
      expect(await balanced()).toEqual([SESSIONS / 2, SESSIONS / 2]);
    });
  });

  describe('as processes', () => {
    const MQTT_DEVICES = 6;
    const HTTP_DEVICES = 4;
    const clientId = newClientId();
    const ctx = useTestApp({ app: false });
    let devices: Device[];
    let ports: number[];
    let victim: Server;
    let survivor: Server;

    // Starting two servers takes a while on a busy machine; it is not what the test is about.
    beforeAll(async () => {
      devices = await newDevices(ctx.db, MQTT_DEVICES + HTTP_DEVICES);
      ports = [await findFreePort(0, '127.0.0.1'), await findFreePort(0, '127.0.0.1')];
      const env = { DATABASE_URL: ctx.database.url, MQTT_URL: EXTERNAL_URL, MQTT_CLIENT_ID: clientId };
      [victim, survivor] = (await Promise.all(ports.map((port) => startServer(port, env)))) as [Server, Server];
    });
    afterAll(async () => {
      victim?.child.kill('SIGKILL');
      survivor?.child.kill('SIGKILL');
      await forgetSessions(clientId);
    });

    it('lose no message the broker took when one is killed under load, and the survivor takes over its sessions', async () => {
      expect(await until(() => Promise.all(ports.map(sessionsOfServer)), (held) => held.every((n) => n === SESSIONS / 2))).toEqual([
        SESSIONS / 2,
        SESSIONS / 2,
      ]);

      const acked: Acked = new Map();
      const load = drive(acked, {
        // Acknowledged by the broker as it takes them; the pause keeps the servers ahead of the devices.
        mqtt: { url: EXTERNAL_URL, devices: devices.slice(0, MQTT_DEVICES), tokenInTopic: true, pauseMs: 50 },
        http: { ports, devices: devices.slice(MQTT_DEVICES) },
      });
      let storedAtKill: number;
      try {
        await waitForAcks(acked, 400);
        const stored = async () => Number((await ctx.database.pool.query('SELECT count(*) AS n FROM reading')).rows[0].n);
        victim.child.kill('SIGKILL');
        await victim.exited;
        storedAtKill = await stored();
        // Its sessions are the survivor's within seconds, and the survivor stores on.
        expect(await until(() => sessionsOfServer(ports[1]!), (n) => n === SESSIONS)).toBe(SESSIONS);
        await waitForAcks(acked, count(acked) + 400);
        expect(await until(stored, (n) => n > storedAtKill + 400)).toBeGreaterThan(storedAtKill + 400);
      } finally {
        await load.stop();
      }
      // What the broker acknowledged reaches the database even when it was on its way to the victim.
      expect(await until(() => missing(ctx.database.pool, acked), (m) => m.length === 0, 30_000)).toEqual([]);
      expect(await until(() => closedMarks(ctx.database.pool), (n) => n === 0)).toBe(0);
      expect(survivor.child.exitCode, survivor.output()).toBeNull();
    });
  });
});
