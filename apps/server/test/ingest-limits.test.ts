import net from 'node:net';
import { MAX_TELEMETRY_BYTES } from '@enviro/contracts/telemetry';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../src/platform/mqtt/embedded-broker.ts';
import { storedReadings } from './readings.ts';
import { useTestApp } from './test-app.ts';

/** Hostile or careless device input: each refused on its own terms, never at the cost of others. */

const MINUTE = 60_000;
const TOPIC = 'v1/devices/me/telemetry';

/** `{"ts": …, "values": {"pm": [[[…[1]…]]], "so2": 12}}`: a value nested 5,000 levels deep, about 10 kB. */
const nestedPayload = (ts: number) => `{"ts": ${ts}, "values": {"pm": ${'['.repeat(5000)}1${']'.repeat(5000)}, "so2": 12}}`;

const ctx = useTestApp();

const newDevice = () => ctx.b.newStationDevice();
const readings = (deviceId: number) => storedReadings(ctx.database.pool, deviceId);

/** `promise`'s value, or 'timeout' after `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref())]);
}

describe('HTTP telemetry', () => {
  const post = (token: string, payload: string) =>
    ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, headers: { 'content-type': 'application/json' }, payload });

  it('refuses a value nested thousands of levels deep with a reason and stores the rest', async () => {
    const d = await newDevice();
    const ts = Date.now() - MINUTE;
    const res = await post(d.accessToken, nestedPayload(ts));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 1,
      refused: [{ index: 0, key: 'pm', ts, reason: `value ${'['.repeat(40)} is not numeric` }],
    });
    expect(await readings(d.id)).toEqual([{ ts, vals: [null, 12] }]);
  });

  it.each([
    ['a number', '[{"pm": 1}, 7]'],
    ['an array', '[{"pm": 1}, [2]]'],
    ['null', '[{"pm": 1}, null]'],
  ])('answers 400 naming the element of an array that is %s', async (_what, payload) => {
    const d = await newDevice();
    const res = await post(d.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.1', message: expect.stringMatching(/^body\.1: /) });
    expect(await readings(d.id)).toEqual([]);
  });

  it('refuses an unknown token before reading the body: 401, not 400 or 413', async () => {
    expect((await post('no-such-token-789', '{"pm": 1,')).statusCode).toBe(401);
    const oversized = await post('no-such-token-789', `[${'{"pm": 1},'.repeat(500_000)}{"pm": 1}]`);
    expect(oversized.statusCode).toBe(401);
  });
});

describe('embedded broker', () => {
  let broker: EmbeddedBroker;
  let url: string;
  const clients: MqttClient[] = [];
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: ctx.app.telemetry.ingest, log: pino({ level: 'silent' }) });
    url = `mqtt://127.0.0.1:${broker.port}`;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => {
    await broker.stopAccepting();
    await broker.close();
  });

  async function connect(username: string): Promise<MqttClient> {
    const client = mqtt.connect(url, { username, reconnectPeriod: 0, connectTimeout: 5_000 });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  /** Publishes with QoS 1: 'acked' on PUBACK, 'closed' when the broker drops the connection first. */
  function publish(client: MqttClient, payload: string | Buffer): Promise<'acked' | 'closed'> {
    return new Promise((resolve) => {
      client.once('close', () => resolve('closed'));
      client.publish(TOPIC, payload, { qos: 1 }, (error) => resolve(error ? 'closed' : 'acked'));
    });
  }

  it('acknowledges a payload with a value nested thousands of levels deep, storing the rest', async () => {
    const d = await newDevice();
    const client = await connect(d.accessToken);
    const ts = Date.now() - MINUTE;
    expect(await within(5_000, publish(client, nestedPayload(ts)))).toBe('acked');
    expect(await readings(d.id)).toEqual([{ ts, vals: [null, 12] }]);
    expect(await within(5_000, publish(client, JSON.stringify({ ts: ts + 1, values: { pm: 3 } })))).toBe('acked');
    expect(await readings(d.id)).toHaveLength(2);
  });

  it('disconnects a client declaring a huge CONNECT before buffering it', async () => {
    const socket = net.connect(broker.port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const before = process.memoryUsage().arrayBuffers;
    // CONNECT with a remaining length of 250 MiB (varint 0x80 0x80 0x80 0x7d), then as much of it as the server takes.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x7d]));
    const chunk = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < 64 && !socket.destroyed; sent++) {
      const written = new Promise<void>((resolve) => socket.write(chunk, () => resolve()));
      if ((await within(2_000, Promise.race([written, closed]))) !== undefined) break;
    }
    expect(await within(2_000, closed)).toBe('closed');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('disconnects a device publishing a packet over the limit, unacknowledged, and takes full-size payloads', async () => {
    const d = await newDevice();
    const full = await connect(d.accessToken);
    const ts = Date.now() - MINUTE;
    // The largest payload telemetry allows, padded with JSON whitespace.
    const largest = JSON.stringify({ ts, values: { so2: 5 } }).padEnd(MAX_TELEMETRY_BYTES, ' ');
    expect(await within(10_000, publish(full, largest))).toBe('acked');
    expect(await readings(d.id)).toEqual([{ ts, vals: [null, 5] }]);

    const over = await connect(d.accessToken);
    expect(await within(10_000, publish(over, Buffer.alloc(MAX_TELEMETRY_BYTES + 128 * 1024, ' ')))).toBe('closed');

    const after = await connect(d.accessToken);
    expect(await within(5_000, publish(after, JSON.stringify({ ts: ts + 1, values: { pm: 1 } })))).toBe('acked');
    expect(await readings(d.id)).toHaveLength(2);
  });
});
