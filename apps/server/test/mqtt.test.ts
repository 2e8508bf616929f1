import net from 'node:net';
import { MAX_TELEMETRY_BYTES } from '@enviro/contracts/telemetry';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedBroker } from '../src/platform/mqtt/embedded-broker.ts';
import { startEmbeddedBroker } from '../src/platform/mqtt/embedded-broker.ts';
import { connectExternalBroker } from '../src/platform/mqtt/external-broker.ts';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { storedReadings } from './readings.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const log = pino({ level: 'silent' });
const EXTERNAL_URL = process.env.MQTT_URL;

const ctx = useTestApp();
const clients: MqttClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});

const newDevice = () => ctx.b.newStationDevice();
const readings = (deviceId: number) => storedReadings(ctx.database.pool, deviceId);

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await probe();
    if (done(v) || i >= 200) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

/** Fails every transaction that inserts a reading with pm = -999, as a database failure would. */
async function failOnSentinel(): Promise<() => Promise<void>> {
  await ctx.database.pool.query(`
    CREATE OR REPLACE FUNCTION fail_on_sentinel() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.vals[1] = -999 THEN RAISE EXCEPTION 'sentinel'; END IF; RETURN NEW; END $$;
    CREATE TRIGGER fail_on_sentinel BEFORE INSERT ON reading FOR EACH ROW EXECUTE FUNCTION fail_on_sentinel();`);
  return async () => {
    await ctx.database.pool.query('DROP TRIGGER fail_on_sentinel ON reading');
  };
}

describe('embedded broker', () => {
  let broker: EmbeddedBroker;
  let url: string;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: ctx.app.telemetry.ingest, log });
    url = `mqtt://127.0.0.1:${broker.port}`;
  });
  afterAll(async () => {
    await broker.stopAccepting();
    await broker.close();
  });

  it('acknowledges a QoS 1 publish only once its readings are stored', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    const ts = Date.now() - MINUTE;
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify([{ ts, values: { pm: 12, so2: 3 } }]), { qos: 1 });
    expect(await readings(d.id)).toEqual([{ ts, vals: [12, 3] }]);
    expect(broker.health()).toMatchObject({ ok: true });
  });

  it('stores the good readings of a payload and drops the bad ones', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    const ts = Date.now() - MINUTE;
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ ts, values: { pm: 'NaN', so2: 4, nox: 1 } }), { qos: 1 });
    expect(await readings(d.id)).toEqual([{ ts, vals: [null, 4] }]);
  });

  it('stores QoS 0 readings at server time, best effort', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    await client.publishAsync('v1/devices/me/telemetry', '{"pm": 7}', { qos: 0 });
    const rows = await until(() => readings(d.id), (r) => r.length > 0);
    expect(rows.map((r) => r.vals)).toEqual([[7, null]]);
  });

  it('acknowledges and drops a payload that is not telemetry or too large, keeping the connection', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    await client.publishAsync('v1/devices/me/telemetry', 'not json', { qos: 1 });
    await client.publishAsync('v1/devices/me/telemetry', '[1, 2]', { qos: 1 });
    // Over the payload limit, within the packet limit (a larger packet closes the connection: ingest-limits.test.ts).
    await client.publishAsync('v1/devices/me/telemetry', '{"pm": 1}'.padEnd(MAX_TELEMETRY_BYTES + 1, ' '), { qos: 1 });
    await client.publishAsync('v1/devices/me/telemetry', '{"so2": 1}', { qos: 1 });
    expect((await readings(d.id)).map((r) => r.vals)).toEqual([[null, 1]]);
    expect(client.connected).toBe(true);
  });

  it.each([
    ['an unknown token', { username: 'no-such-token-456' }],
    ['no username', {}],
  ])('refuses to connect with %s', async (_what, options) => {
    await expect(connect(url, options)).rejects.toThrow(/Connection refused/);
  });

  it('refuses a soft-deleted device', async () => {
    const d = await newDevice();
    await ctx.database.pool.query('UPDATE device SET deleted_date = now() WHERE id = $1', [d.id]);
    await expect(connect(url, { username: d.accessToken })).rejects.toThrow(/Not authorized/);
  });

  it('grants no subscription but keeps the connection', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    // SUBACK 0x80 (failure), which mqtt.js reports as an error.
    await expect(client.subscribeAsync('v1/devices/me/attributes', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await client.publishAsync('v1/devices/me/attributes', '{"firmware": "1.2"}', { qos: 1 });
    expect(client.connected).toBe(true);
  });

  it('disconnects a publish to a topic outside the device API', async () => {
    const d = await newDevice();
    const client = await connect(url, { username: d.accessToken });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('factory/boiler/pm', '{"pm": 1}', { qos: 1 });
    await closed;
    expect(await readings(d.id)).toEqual([]);
  });

  it('does not acknowledge readings whose commit failed: the connection closes and the device resends', async () => {
    const d = await newDevice();
    const restore = await failOnSentinel();
    const ts = Date.now() - MINUTE;
    try {
      const client = await connect(url, { username: d.accessToken });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      let acked = false;
      client.publish('v1/devices/me/telemetry', JSON.stringify([{ ts, values: { pm: 1 } }, { ts: ts + 1, values: { pm: -999 } }]), { qos: 1 }, () => {
        acked = true;
      });
      await closed;
      expect(acked).toBe(false);
      expect(await readings(d.id)).toEqual([]);
    } finally {
      await restore();
    }
  });
});

describe('embedded broker start-up', () => {
  it('warns and takes the next free port when its port is taken', async () => {
    const taken = net.createServer();
    const port = await findFreePort(0, '127.0.0.1');
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const warnings: string[] = [];
    const capture = { ...log, warn: (m: unknown) => void warnings.push(String(m)) } as unknown as typeof log;
    try {
      const broker = await startEmbeddedBroker({ port, host: '127.0.0.1', ingest: ctx.app.telemetry.ingest, log: capture });
      await broker.close();
      expect(broker.port).toBeGreaterThan(port);
      expect(warnings).toEqual([`MQTT_PORT ${port} is taken: the embedded broker uses port ${broker.port} instead`]);
    } finally {
      taken.close();
    }
  });
});

describe.runIf(EXTERNAL_URL)('external broker (MQTT_URL)', () => {
  const url = EXTERNAL_URL!;
  const clientId = `enviro-t-${process.pid}`;

  afterAll(async () => {
    // Leave no persistent session behind on the shared broker.
    const cleaner = await connect(url, { clientId, clean: true });
    await cleaner.endAsync();
  });

  it('stores readings published to v1/devices/{token}/telemetry, and drops unknown tokens and bad JSON', async () => {
    const bridge = await connectExternalBroker({ url, clientId, ingest: ctx.app.telemetry.ingest, log });
    try {
      const d = await newDevice();
      const device = await connect(url, {});
      const ts = Date.now() - MINUTE;
      await device.publishAsync('v1/devices/not-a-token/telemetry', '{"pm": 1}', { qos: 1 });
      await device.publishAsync(`v1/devices/${d.accessToken}/telemetry`, '{"pm": ', { qos: 1 });
      await device.publishAsync(`v1/devices/${d.accessToken}/telemetry`, JSON.stringify({ ts, values: { pm: 5, so2: 6 } }), { qos: 1 });
      expect(await until(() => readings(d.id), (r) => r.length > 0)).toEqual([{ ts, vals: [5, 6] }]);
      expect(bridge.health()).toMatchObject({ ok: true });
    } finally {
      await bridge.stopAccepting();
      await bridge.close();
    }
  });

  it('receives what was published while the platform was down (persistent session)', async () => {
    const first = await connectExternalBroker({ url, clientId, ingest: ctx.app.telemetry.ingest, log });
    await first.close();
    const d = await newDevice();
    const device = await connect(url, {});
    const ts = Date.now() - MINUTE;
    await device.publishAsync(`v1/devices/${d.accessToken}/telemetry`, JSON.stringify({ ts, values: { so2: 2 } }), { qos: 1 });
    expect(await readings(d.id)).toEqual([]);
    const second = await connectExternalBroker({ url, clientId, ingest: ctx.app.telemetry.ingest, log });
    try {
      expect(await until(() => readings(d.id), (r) => r.length > 0)).toEqual([{ ts, vals: [null, 2] }]);
    } finally {
      await second.close();
    }
  });

  it('leaves a message whose commit failed unacknowledged, so the broker delivers it again', async () => {
    const bridge = await connectExternalBroker({ url, clientId, ingest: ctx.app.telemetry.ingest, log });
    const d = await newDevice();
    const ts = Date.now() - MINUTE;
    const restore = await failOnSentinel();
    try {
      const device = await connect(url, {});
      await device.publishAsync(`v1/devices/${d.accessToken}/telemetry`, JSON.stringify({ ts, values: { pm: -999, so2: 1 } }), { qos: 1 });
      // Refused at least once: the bridge dropped its connection instead of acknowledging.
      await until(async () => bridge.health().ok, (ok) => !ok);
      expect(await readings(d.id)).toEqual([]);
    } finally {
      await restore();
    }
    try {
      expect(await until(() => readings(d.id), (r) => r.length > 0)).toEqual([{ ts, vals: [-999, 1] }]);
    } finally {
      await bridge.close();
    }
  });
});
