import { dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { DocumentRepository } from '../src/modules/documents/documents.repository.ts';
import { csvRows } from './csv-rows.ts';
import { useTestApp } from './test-app.ts';

/**
 * A user limited to some stations (PUT /api/entityaccesforuser/{id}) sees those stations only, in
 * every module that shows stations: one industry with stations A and B, both reporting, and a user
 * limited to A, beside the industry's administrator, who sees both (docs/ACCESS.md).
 */

const MIN = 60_000;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

const ctx = useTestApp();
await ctx.start();

const board = (await ctx.b.newTenant({ name: 'Board', type: 'statutory' })).id;
const tenantId = (await ctx.b.newTenant({ name: 'Two Stacks Ltd', statutoryIds: [board] })).id;
const stationA = (await ctx.b.newEntity({ tenantId, type: 'cems', name: 'Stack A' })).id;
const stationB = (await ctx.b.newEntity({ tenantId, type: 'cems', name: 'Stack B' })).id;
const deviceA = await ctx.b.newDevice({ tenantId, entityId: stationA, name: 'Analyser A', params: [{ name: 'pm', max: 50 }] });
const deviceB = await ctx.b.newDevice({ tenantId, entityId: stationB, name: 'Analyser B', params: [{ name: 'pm', max: 50 }] });

// An hour of readings each, the last ten minutes above the limit (SYSTEM alerts), ending now.
const now = Math.floor(Date.now() / MIN) * MIN;
for (const device of [deviceA, deviceB]) {
  const entries = Array.from({ length: 60 }, (_, i) => ({ ts: now - (59 - i) * MIN, values: { pm: i >= 50 ? 80 : 20 } }));
  const res = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: entries });
  expect(res.statusCode, res.body).toBe(200);
}
await drainRollups(ctx.database);

const admin = await ctx.signedIn({ tenantId, role: 'admin' });
const limited = await ctx.signedIn({ tenantId, role: 'user' });
await ctx.database.pool.query('INSERT INTO user_entity_access (tenant_id, user_id, entity_id) VALUES ($1, $2, $3)', [tenantId, limited.id, stationA]);

// A CTO of each station, and a regulator connection pushing both stations' last slot.
const documents = new DocumentRepository(ctx.db);
for (const [station, name] of [[stationA, 'a'], [stationB, 'b']] as const) {
  await documents.save({ tenantId, entityId: station, type: 'CTO', pathName: `${tenantId}/cto/${name}.pdf`, fileName: `${name}.pdf`, contentType: 'application/pdf', content: PDF });
}
const { rows: connection } = await ctx.database.pool.query<{ id: string }>(
  `INSERT INTO regulator_connection (statutory_id, name, protocol, url) VALUES ($1, 'Board receiver', 'GENERIC_JSON', 'http://127.0.0.1:9/') RETURNING id`,
  [board],
);
await ctx.database.pool.query(`INSERT INTO regulator_mapping (tenant_id, connection_id, industry_id, stations) VALUES ($1, $2, 'IND-1', $3)`, [
  tenantId,
  connection[0]!.id,
  JSON.stringify([stationA, stationB].map((stationId) => ({ stationId, regulatorStationId: `STN-${stationId}`, devices: [] }))),
]);
const slot = new Date(Math.floor((now - 20 * MIN) / (15 * MIN)) * 15 * MIN);
for (const station of [stationA, stationB]) {
  await ctx.database.pool.query(`INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot) VALUES ($1, $2, $3, $4)`, [tenantId, connection[0]!.id, station, slot]);
}
const today = dayOf(slot.getTime(), DEFAULT_TIME_ZONE);

type Caller = { cookie: string };
const get = (url: string, who: Caller) => ctx.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, who: Caller, payload: object) => ctx.inject({ method: 'POST', url, headers: { cookie: who.cookie, ...XHR }, payload });
const json = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as never;
};

/** What each module shows of the stations to a caller: the station names, ids or counts it lists. */
const views: Record<string, (who: Caller) => Promise<unknown>> = {
  'entities: the entity tree': async (who) => {
    const names = (nodes: { name: string; children: unknown[] }[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children as never)]);
    return names(await json(get('/api/entities', who))).sort();
  },
  'devices: the fleet': async (who) => ((await json(get('/api/devices', who))) as { items: { name: string }[] }).items.map((d) => d.name).sort(),
  'data: recent values of both stations': async (who) => {
    const res = await post('/api/data/recent/metric', who, { request: { entityIds: [stationA, stationB], params: [{ name: 'pm' }] } });
    return res.statusCode === 200 ? (res.json() as { entityName: string }[]).map((v) => v.entityName).sort() : res.statusCode;
  },
  'alerts: SYSTEM alert counts': async (who) =>
    ((await json(post(`/api/tenants/${tenantId}/alertData?isGroupByParameter=true`, who, { startDate: new Date(now - 2 * 60 * MIN).toISOString(), endDate: new Date(now + MIN).toISOString() }))) as { total: number }).total,
  "documents: station B's CTO": async (who) => (await post('/api/documentById', who, { pathName: `${tenantId}/cto/b.pdf` })).statusCode,
  'compliance: the stations of the month': async (who) =>
    ((await json(get(`/api/getComplianceData?tenantId=${tenantId}`, who))) as { stations: { stationName: string }[] }).stations.map((s) => s.stationName).sort(),
  'dashboards: the oversight overview': async (who) => ((await json(get('/api/oversight', who))) as { items: { tenantId: number; stations: number }[] }).items.find((i) => i.tenantId === tenantId)?.stations,
  'reports: data availability (35)': async (who) => {
    const res = await post('/api/data-availability-report/35', who, { format: 'CSV', request: { tenantId, startDate: today, endDate: today, entityIds: [], params: [] } });
    expect(res.statusCode, res.body).toBe(200);
    return [...new Set(csvRows(res.body).slice(1).map((r) => r[1]))].sort();
  },
  'regulator: sync status': async (who) =>
    ((await json(get(`/api/regulatorStatus/${tenantId}`, who))) as { connections: { stations: { stationName: string }[] }[] }).connections.flatMap((c) => c.stations.map((s) => s.stationName)).sort(),
  "regulator: the day's pushed records": async (who) =>
    ((await json(get(`/api/getListOfFilesOfOneDay?tenantId=${tenantId}&date=${today}`, who))) as { items: { stationName: string }[] }).items.map((f) => f.stationName).sort(),
  "regulator: station B's records asked for by id": async (who) => (await get(`/api/getListOfFilesOfOneDay?tenantId=${tenantId}&date=${today}&stationId=${stationB}`, who)).statusCode,
  'tenants: live status': async (who) => {
    const row = ((await json(get('/api/getTenantsLiveStatus', who))) as { tenantId: number; LIVE: number; DELAYED: number; OFFLINE: number; UNKNOWN: number }[]).find((t) => t.tenantId === tenantId)!;
    return row.LIVE + row.DELAYED + row.OFFLINE + row.UNKNOWN;
  },
  "calibration: device B's ongoing calibration": async (who) => (await get(`/api/checkOnGoingCalibration/${deviceB.id}`, who)).statusCode,
};

/** What the administrator sees, and what the user limited to station A sees. */
const EXPECTED: Record<keyof typeof views, [unknown, unknown]> = {
  'entities: the entity tree': [['Stack A', 'Stack B'], ['Stack A']],
  'devices: the fleet': [['Analyser A', 'Analyser B'], ['Analyser A']],
  'data: recent values of both stations': [['Stack A', 'Stack B'], 404],
  'alerts: SYSTEM alert counts': [20, 10],
  "documents: station B's CTO": [200, 404],
  'compliance: the stations of the month': [['Stack A', 'Stack B'], ['Stack A']],
  'dashboards: the oversight overview': [2, 1],
  'reports: data availability (35)': [['Stack A', 'Stack B'], ['Stack A']],
  'regulator: sync status': [['Stack A', 'Stack B'], ['Stack A']],
  "regulator: the day's pushed records": [['Stack A', 'Stack B'], ['Stack A']],
  "regulator: station B's records asked for by id": [200, 404],
  'tenants: live status': [2, 1],
  "calibration: device B's ongoing calibration": [200, 404],
};

describe('a user limited to one station, module by module', () => {
  it.each(Object.keys(views))('%s', async (view) => {
    const [forAdmin, forLimited] = EXPECTED[view]!;
    expect(await views[view]!(admin)).toEqual(forAdmin);
    expect(await views[view]!(limited)).toEqual(forLimited);
  });
});
