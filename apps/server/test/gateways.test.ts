import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../src/platform/mqtt/embedded-broker.ts';
import { connectExternalBroker } from '../src/platform/mqtt/external-broker.ts';
import { storedReadings } from './readings.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const log = pino({ level: 'silent' });
const EXTERNAL_URL = process.env.MQTT_URL;
const run = promisify(execFile);

/**
 * Gateways (issue 13): CRUD and counts, and ThingsBoard's gateway MQTT API: one connection forwards
 * many devices named in the payload, through a real MQTT client on the embedded broker and with
 * mosquitto_pub through an external Mosquitto (MQTT_URL).
 */
const ctx = useTestApp();
const clients: MqttClient[] = [];
const t = { site: 0, partner: 0, a: 0, b: 0 };
const as = { admin: '', user: '', other: '', site: '', partner: '' };
const dev = { so2: { id: 0, name: 'Stack 1 SO2' }, pm: { id: 0, name: 'Stack 2 PM' }, other: { id: 0 } };

beforeAll(async () => {
  t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
  t.partner = (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id;
  t.a = (await ctx.b.newTenant({ name: 'Alpha Cement' })).id;
  t.b = (await ctx.b.newTenant({ name: 'Beta Zinc' })).id;
  await ctx.database.pool.query(`INSERT INTO partner_tenant (tenant_id, partner_id) VALUES ($1, $2)`, [t.a, t.partner]);
  const s1 = (await ctx.b.newEntity({ tenantId: t.a })).id;
  const s2 = (await ctx.b.newEntity({ tenantId: t.b })).id;
  dev.so2.id = (await ctx.b.newDevice({ tenantId: t.a, entityId: s1, name: dev.so2.name, params: [{ name: 'so2' }] })).id;
  dev.pm.id = (await ctx.b.newDevice({ tenantId: t.a, entityId: s1, name: dev.pm.name, params: [{ name: 'pm' }] })).id;
  // Another industry's device of the same name as one of A's: a gateway of A must not reach it.
  dev.other.id = (await ctx.b.newDevice({ tenantId: t.b, entityId: s2, name: dev.pm.name, params: [{ name: 'pm' }] })).id;
  as.admin = (await ctx.signedIn({ tenantId: t.a, role: 'admin' })).cookie;
  as.user = (await ctx.signedIn({ tenantId: t.a, role: 'user' })).cookie;
  as.other = (await ctx.signedIn({ tenantId: t.b, role: 'admin' })).cookie;
  as.site = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie;
  as.partner = (await ctx.signedIn({ tenantId: t.partner, userType: 'partner', role: 'partner' })).cookie;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
  ctx.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...XHR }, ...(payload ? { payload } : {}) });

function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await probe();
    if (done(v) || i >= 200) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('gateway administration', () => {
  it('creates, lists, renames and counts gateways; an industry user reads without the token', async () => {
    const created = await call('POST', '/api/gateways', as.admin, { name: 'Plant gateway' });
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({ tenantId: t.a, name: 'Plant gateway', lastSeenAt: null, liveStatus: 'UNKNOWN' });
    expect(g.accessToken).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await call('GET', '/api/gateways', as.user)).json()).toEqual([{ ...g, accessToken: null }]);
    expect((await call('PUT', `/api/gateways/${g.id}`, as.admin, { name: 'Main gateway' })).json().name).toBe('Main gateway');
    expect((await call('GET', '/api/gatewayCount', as.user)).json()).toEqual({ total: 1, live: 0 });
    expect((await call('GET', `/api/gatewayCount?partnerId=${t.partner}`, as.site)).json()).toEqual({ total: 1, live: 0 });
    const notSite = await call('GET', `/api/gatewayCount?partnerId=${t.partner}`, as.partner);
    expect(notSite.statusCode).toBe(400);
    expect(notSite.json().field).toBe('partnerId');
    await call('DELETE', `/api/gateways/${g.id}`, as.admin);
    expect((await call('GET', '/api/gateways', as.user)).json()).toEqual([]);
  });

  it('refuses readers, other tenants, bad input and anonymous callers', async () => {
    const g = (await call('POST', '/api/gateways', as.admin, { name: 'Yard gateway' })).json();
    expect((await call('PUT', `/api/gateways/${g.id}`, as.user, { name: 'Mine' })).statusCode).toBe(403);
    const other = await call('PUT', `/api/gateways/${g.id}`, as.other, { name: 'Mine' });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Yard');
    expect((await call('GET', '/api/gateways', as.other)).json()).toEqual([]);
    const bad = await call('POST', '/api/gateways', as.admin, { name: '' });
    expect(bad.json().field).toBe('body.name');
    expect((await call('GET', '/api/gateways', null)).statusCode).toBe(401);
    await call('DELETE', `/api/gateways/${g.id}`, as.admin);
  });
});

describe('gateway MQTT API on the embedded broker', () => {
  let broker: EmbeddedBroker;
  let url: string;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: ctx.app.telemetry.ingest, log });
    url = `mqtt://127.0.0.1:${broker.port}`;
  });
  afterAll(() => broker.close());

  it('stores the readings of every device named in v1/gateway/telemetry, within its industry only', async () => {
    const g = (await call('POST', '/api/gateways', as.admin, { name: 'Gateway 1' })).json();
    const gateway = await connect(url, { username: g.accessToken });
    await gateway.publishAsync('v1/gateway/connect', JSON.stringify({ device: dev.so2.name }), { qos: 1 });
    const ts = Date.now() - 60_000;
    await gateway.publishAsync(
      'v1/gateway/telemetry',
      JSON.stringify({
        [dev.so2.name]: [{ ts, values: { so2: 12.5 } }, { ts: ts + 1000, values: { so2: 13 } }],
        [dev.pm.name]: { ts, values: { pm: 40 } },
        'No such device': [{ ts, values: { pm: 1 } }],
      }),
      { qos: 1 },
    );
    // QoS 1: the PUBACK came after commit.
    expect(await storedReadings(ctx.database.pool, dev.so2.id)).toEqual([{ ts, vals: [12.5] }, { ts: ts + 1000, vals: [13] }]);
    expect(await storedReadings(ctx.database.pool, dev.pm.id)).toEqual([{ ts, vals: [40] }]);
    expect(await storedReadings(ctx.database.pool, dev.other.id)).toEqual([]);
    const listed = (await call('GET', '/api/gateways', as.admin)).json().find((x: { id: number }) => x.id === g.id);
    expect(listed.liveStatus).toBe('LIVE');
    await call('DELETE', `/api/gateways/${g.id}`, as.admin);
  });

  it('refuses an unknown token and a removed gateway, and a gateway publishing outside the gateway topics', async () => {
    await expect(connect(url, { username: 'no-such-gateway' })).rejects.toThrow();
    const g = (await call('POST', '/api/gateways', as.admin, { name: 'Gateway 2' })).json();
    const gateway = await connect(url, { username: g.accessToken });
    const closed = new Promise<void>((resolve) => gateway.once('close', () => resolve()));
    gateway.publish('v1/devices/me/telemetry', '{"pm": 1}', { qos: 1 });
    await closed;
    await call('DELETE', `/api/gateways/${g.id}`, as.admin);
    await expect(connect(url, { username: g.accessToken })).rejects.toThrow();
  });
});

describe.runIf(EXTERNAL_URL)('gateway MQTT API through an external broker (MQTT_URL), published with mosquitto_pub', () => {
  const clientId = `enviro-gw-${process.pid}`;
  afterAll(async () => {
    const cleaner = await connect(EXTERNAL_URL!, { clientId, clean: true });
    await cleaner.endAsync();
  });

  it('stores what mosquitto_pub publishes to v1/gateway/{token}/telemetry', async () => {
    const bridge = await connectExternalBroker({ url: EXTERNAL_URL!, clientId, ingest: ctx.app.telemetry.ingest, log });
    try {
      const g = (await call('POST', '/api/gateways', as.admin, { name: 'Gateway 3' })).json();
      const { hostname, port } = new URL(EXTERNAL_URL!);
      const ts = Date.now() - 30_000;
      const payload = JSON.stringify({ [dev.pm.name]: [{ ts, values: { pm: 77 } }] });
      await run('mosquitto_pub', ['-h', hostname, '-p', port || '1883', '-q', '1', '-t', `v1/gateway/${g.accessToken}/telemetry`, '-m', payload]);
      await run('mosquitto_pub', ['-h', hostname, '-p', port || '1883', '-q', '1', '-t', 'v1/gateway/not-a-token/telemetry', '-m', payload]);
      const rows = await until(() => storedReadings(ctx.database.pool, dev.pm.id), (r) => r.some((x) => x.ts === ts));
      expect(rows).toContainEqual({ ts, vals: [77] });
      await call('DELETE', `/api/gateways/${g.id}`, as.admin);
    } finally {
      await bridge.stopAccepting();
      await bridge.close();
    }
  });
});
