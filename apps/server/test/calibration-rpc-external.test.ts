import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceRpcSink, startDeviceRpcWorker } from '../src/modules/devices/device-rpc.ts';
import { startBroker, type Broker } from '../src/platform/mqtt/broker.ts';
import { expectAbortSent, nextRpcRequest as nextMessage, until } from './rpc-device.ts';
import { useTestApp } from './test-app.ts';

/**
 * Calibration start and abort over MQTT RPC through an external broker (MQTT_URL; the machine's
 * Mosquitto unless it names another), with a real MQTT client as the device: the token stands for
 * `me` in the topics, v1/devices/{token}/rpc/request/{id} and v1/devices/{token}/rpc/response/{id}.
 */
const EXTERNAL_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const log = pino({ level: 'silent' });
const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const device = await ctx.b.newStationDevice({ params: [{ name: 'so2' }] });
const other = await ctx.b.newDevice({ tenantId: device.tenantId, entityId: device.entityId, params: [{ name: 'nox' }] });
const admin = await ctx.signedIn({ tenantId: device.tenantId, userType: 'tenant', role: 'admin' });
// Sessions of this run only: the broker outlives the test and keeps persistent sessions.
const run = randomBytes(4).toString('hex');

let broker: Broker;
let worker: ReturnType<typeof startDeviceRpcWorker>;
const clients: MqttClient[] = [];
beforeAll(async () => {
  broker = await startBroker({ url: EXTERNAL_URL, clientId: `enviro-test-${run}`, databaseUrl: ctx.database.url, ingest: ctx.app.telemetry.ingest, log, rpc: deviceRpcSink(ctx.db, log) });
  // Polled by hand below; a long interval keeps the timer out of the way.
  worker = startDeviceRpcWorker(ctx.db, broker.rpc!, log, 60_000);
  await until(async () => broker.rpc!.send('nobody', 1, { method: 'ping', params: {} }), (sent) => sent);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await worker.stop();
  await broker.close();
});

/** A device's persistent session on the broker, subscribed to its own requests. */
async function connect(token: string, name: string, clean = false): Promise<MqttClient> {
  const client = await mqtt.connectAsync(EXTERNAL_URL, { clientId: `device-${name}-${run}`, clean, reconnectPeriod: 0, connectTimeout: 5000 });
  clients.push(client);
  await client.subscribeAsync(`v1/devices/${token}/rpc/request/+`, { qos: 1 });
  return client;
}

const start = (deviceId: number, param: string) =>
  ctx.inject({
    method: 'POST',
    url: '/api/startCalibration',
    headers: { cookie: admin.cookie, ...XHR },
    payload: { deviceId, type: 'ZERO', method: 'RPC', params: [{ name: param, points: [{ kind: 'ZERO', expected: 0 }] }] },
  });
const calibration = (id: number) => ctx.inject({ method: 'GET', url: `/api/calibrate/${id}`, headers: { cookie: admin.cookie } }).then((r) => r.json());

describe('calibration over MQTT RPC through an external broker', () => {
  it("publishes the start to the device's own request topic, records its answer, and sends the abort", async () => {
    const analyser = await connect(device.accessToken, 'analyser');
    const bystander = await connect(other.accessToken, 'bystander');
    const heard: string[] = [];
    bystander.on('message', (topic) => heard.push(topic));

    const res = await start(device.id, 'so2');
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ method: 'RPC', rpcState: 'QUEUED' });

    const received = nextMessage(analyser);
    expect(await worker.pass()).toBe(1);
    const { topic, body } = await received;
    expect(topic).toMatch(new RegExp(`^v1/devices/${device.accessToken}/rpc/request/\\d+$`));
    expect(body).toEqual({ method: 'startCalibration', params: { calibrationId: c.id, type: 'ZERO', params: [{ name: 'so2', points: [{ kind: 'ZERO', expected: 0 }] }] } });
    expect((await calibration(c.id)).rpcState).toBe('SENT');
    expect(await worker.pass()).toBe(0);

    const requestId = topic.split('/').pop();
    // An answer under another device's token is not this request's.
    await bystander.publishAsync(`v1/devices/${other.accessToken}/rpc/response/${requestId}`, JSON.stringify({ error: 'not mine' }), { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect((await calibration(c.id)).rpcState).toBe('SENT');
    await analyser.publishAsync(`v1/devices/${device.accessToken}/rpc/response/${requestId}`, JSON.stringify({ status: 'started', message: 'zero gas flowing' }), { qos: 1 });
    const answered = await until(() => calibration(c.id), (x) => x.rpcState !== 'SENT');
    expect(answered).toMatchObject({ rpcState: 'SUCCEEDED', rpcMessage: 'zero gas flowing' });

    await expectAbortSent({ inject: (o) => ctx.inject(o), cookie: admin.cookie, worker, device: analyser, calibrationId: c.id });
    expect(heard).toEqual([]);
  });

  it('reaches a device that was offline when the request went out, through its persistent session', async () => {
    const away = await connect(other.accessToken, 'offline');
    await away.endAsync();
    const c = (await start(other.id, 'nox')).json();
    expect(await worker.pass()).toBe(1);
    expect((await calibration(c.id)).rpcState).toBe('SENT');

    // Listening before it connects: the broker hands over what it queued right after CONNACK.
    const back = mqtt.connect(EXTERNAL_URL, { clientId: `device-offline-${run}`, clean: false, reconnectPeriod: 0, connectTimeout: 5000 });
    clients.push(back);
    const { topic, body } = await nextMessage(back);
    expect(body).toMatchObject({ method: 'startCalibration', params: { calibrationId: c.id } });
    await back.publishAsync(topic.replace('/request/', '/response/'), JSON.stringify({ success: false, message: 'no zero gas' }), { qos: 1 });
    expect(await until(() => calibration(c.id), (x) => x.rpcState !== 'SENT')).toMatchObject({ rpcState: 'FAILED', rpcMessage: 'no zero gas' });
  });
});
