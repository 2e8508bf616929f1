import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceRpcSink, rpcSucceeded, startDeviceRpcWorker } from '../src/modules/devices/device-rpc.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../src/platform/mqtt/embedded-broker.ts';
import { expectAbortSent, nextRpcRequest as nextMessage, until } from './rpc-device.ts';
import { useTestApp } from './test-app.ts';

/**
 * Calibration start and abort over MQTT RPC in ThingsBoard's form, with a real MQTT client (the
 * mqtt package) on the embedded broker: the device subscribes to v1/devices/me/rpc/request/+,
 * receives {"method","params"} on v1/devices/me/rpc/request/{id} and answers on
 * v1/devices/me/rpc/response/{id}.
 */
const log = pino({ level: 'silent' });
const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const device = await ctx.b.newStationDevice({ params: [{ name: 'so2' }] });
const other = await ctx.b.newDevice({ tenantId: device.tenantId, entityId: device.entityId, params: [{ name: 'nox' }] });
const admin = await ctx.signedIn({ tenantId: device.tenantId, userType: 'tenant', role: 'admin' });

let broker: EmbeddedBroker;
let worker: ReturnType<typeof startDeviceRpcWorker>;
const clients: MqttClient[] = [];
beforeAll(async () => {
  broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: ctx.app.telemetry.ingest, log, rpc: deviceRpcSink(ctx.db, log) });
  // Polled by hand below, so the test does not wait on a timer; a long interval keeps the timer out of the way.
  worker = startDeviceRpcWorker(ctx.db, broker.rpc, log, 60_000);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await worker.stop();
  await broker.close();
});

async function connect(token: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { username: token, reconnectPeriod: 0, connectTimeout: 5000 });
  clients.push(client);
  return client;
}

const start = (deviceId: number) =>
  ctx.inject({
    method: 'POST',
    url: '/api/startCalibration',
    headers: { cookie: admin.cookie, ...XHR },
    payload: { deviceId, type: 'SPAN', method: 'RPC', params: [{ name: deviceId === device.id ? 'so2' : 'nox', points: [{ kind: 'SPAN', expected: 400 }] }] },
  });
const calibration = (id: number) => ctx.inject({ method: 'GET', url: `/api/calibrate/${id}`, headers: { cookie: admin.cookie } }).then((r) => r.json());

describe('calibration over MQTT RPC', () => {
  it('sends the start to the device that subscribed, records its answer, and sends the abort', async () => {
    const analyser = await connect(device.accessToken);
    const bystander = await connect(other.accessToken);
    await analyser.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    const heard: string[] = [];
    bystander.on('message', (topic) => heard.push(topic));
    await bystander.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });

    const res = await start(device.id);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ method: 'RPC', rpcState: 'QUEUED' });

    const received = nextMessage(analyser);
    expect(await worker.pass()).toBe(1);
    const { topic, body } = await received;
    expect(topic).toMatch(/^v1\/devices\/me\/rpc\/request\/\d+$/);
    expect(body).toEqual({ method: 'startCalibration', params: { calibrationId: c.id, type: 'SPAN', params: [{ name: 'so2', points: [{ kind: 'SPAN', expected: 400 }] }] } });
    expect((await calibration(c.id)).rpcState).toBe('SENT');
    // Sent once: a second pass finds nothing queued.
    expect(await worker.pass()).toBe(0);

    const requestId = topic.split('/').pop();
    await analyser.publishAsync(`v1/devices/me/rpc/response/${requestId}`, JSON.stringify({ status: 'started', message: 'span gas flowing' }), { qos: 1 });
    const answered = await until(() => calibration(c.id), (x) => x.rpcState !== 'SENT');
    expect(answered).toMatchObject({ rpcState: 'SUCCEEDED', rpcMessage: 'span gas flowing' });

    await expectAbortSent({ inject: (o) => ctx.inject(o), cookie: admin.cookie, worker, device: analyser, calibrationId: c.id });
    // The other device heard none of it.
    expect(heard).toEqual([]);
    await bystander.endAsync();
    await until(async () => broker.rpc.listeningTokens(), (t) => !t.includes(other.accessToken));
  });

  it('keeps a request queued until the device listens, and refuses a device publishing requests', async () => {
    const c = (await start(other.id)).json();
    expect(await worker.pass()).toBe(0);
    expect((await calibration(c.id)).rpcState).toBe('QUEUED');
    const late = await connect(other.accessToken);
    await late.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    const got = nextMessage(late);
    expect(await worker.pass()).toBe(1);
    expect((await got).body.method).toBe('startCalibration');
    const topic = `v1/devices/me/rpc/response/${(await ctx.db.selectFrom('device_rpc' as never).select('id' as never).where('source' as never, '=', `calibration:${c.id}` as never).executeTakeFirstOrThrow() as { id: string }).id}`;
    await late.publishAsync(topic, JSON.stringify({ error: 'no span gas' }), { qos: 1 });
    expect(await until(() => calibration(c.id), (x) => x.rpcState !== 'SENT')).toMatchObject({ rpcState: 'FAILED' });

    const closed = new Promise<void>((resolve) => late.once('close', () => resolve()));
    late.publish('v1/devices/me/rpc/request/1', '{"method":"reboot"}', { qos: 1 });
    await closed;
  });

  it('reads an answer as failed only when it says so', () => {
    expect(rpcSucceeded({ status: 'started' })).toBe(true);
    expect(rpcSucceeded('ok')).toBe(true);
    expect(rpcSucceeded({ error: 'busy' })).toBe(false);
    expect(rpcSucceeded({ success: false })).toBe(false);
    expect(rpcSucceeded({ status: 'FAILED' })).toBe(false);
  });
});
