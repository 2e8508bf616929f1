import { addCalendar, addDays, dayOf, startOfDay, startOfMonth } from '@enviro/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { insertReadings, type Reading } from './data-fixture.ts';
import { pdfText } from './pdf-text.ts';
import { xlsxRows } from './xlsx-cells.ts';
import { useTestApp } from './test-app.ts';

/**
 * Energy (issue 31) against real PostgreSQL: a facility with a main incomer, two sub-meters and a
 * rooftop solar inverter reporting kWh registers every 15 minutes from two days before last month
 * until now, one register reset and one three-hour gap last month. Every expected figure below is
 * worked out by hand from the load profile, not by the code under test.
 */

const ctx = useTestApp();
await ctx.start();

const ZONE = 'Asia/Kolkata';
const HOUR = 3_600_000;
const Q = 15 * 60_000;
const now = Date.now();
const thisMonth = startOfMonth(now, ZONE);
const lastMonth = addCalendar(thisMonth, -1, 'month', ZONE);
const lastMonthKey = dayOf(lastMonth, ZONE).slice(0, 7);
const daysLastMonth = Math.round((thisMonth - lastMonth) / 86_400_000);
const dataFrom = lastMonth - 2 * 86_400_000;
const dataTo = Math.floor(now / Q) * Q - Q; // the last closed quarter
// Reset of the kiln feeder at 05:10 IST on the 11th of last month; gap of the mill feeder 07:00–10:00 IST on the 12th.
const resetAt = startOfDay(addDays(dayOf(lastMonth, ZONE), 10), ZONE) + 5 * HOUR + 10 * 60_000;
const gapFrom = startOfDay(addDays(dayOf(lastMonth, ZONE), 11), ZONE) + 7 * HOUR;
const gapTo = gapFrom + 3 * HOUR;

/** kWh registers every quarter hour: `rate` kWh an hour from `base`. */
function register(rate: number, base: number, o: { resetAt?: number; gap?: [number, number] } = {}): Reading[] {
  const out: Reading[] = [];
  for (let t = dataFrom; t <= dataTo; t += Q) {
    if (o.gap && t >= o.gap[0] && t < o.gap[1]) continue;
    const value = o.resetAt !== undefined && t >= o.resetAt ? (rate * (t - o.resetAt)) / HOUR : base + (rate * (t - dataFrom)) / HOUR;
    out.push({ ts: t, vals: [value] });
  }
  return out;
}

const tenantId = (await ctx.b.newTenant({ name: 'Aravali Energy Test' })).id;
const facility = (await ctx.b.newEntity({ tenantId, type: 'facility', name: 'Beawar Plant' })).id;
const substation = (await ctx.b.newEntity({ tenantId, type: 'group', parentId: facility, name: 'Substation' })).id;
const kilnNode = (await ctx.b.newEntity({ tenantId, type: 'group', parentId: facility, name: 'Kiln Section' })).id;
const millNode = (await ctx.b.newEntity({ tenantId, type: 'group', parentId: facility, name: 'Cement Mill' })).id;
const station = async (name: string, parentId: number, type: 'Energy Meter' | 'inverter' = 'Energy Meter') => {
  const entityId = (await ctx.b.newEntity({ tenantId, type, parentId, name })).id;
  const device = await ctx.b.newDevice({ tenantId, entityId, params: [{ name: 'kwh_register' }] });
  return { entityId, deviceId: device.id };
};
const main = await station('Main Incomer 132 kV', substation);
const kiln = await station('Kiln Feeder', kilnNode);
const mill = await station('Mill Feeder', millNode);
const solar = await station('Rooftop Solar', facility, 'inverter');
await insertReadings(ctx.database, tenantId, main.deviceId, register(500, 8_000_000));
await insertReadings(ctx.database, tenantId, kiln.deviceId, register(200, 3_000_000, { resetAt }));
await insertReadings(ctx.database, tenantId, mill.deviceId, register(150, 1_000_000, { gap: [gapFrom, gapTo] }));
await insertReadings(ctx.database, tenantId, solar.deviceId, register(50, 20_000));

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'XMLHttpRequest' });
const admin = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' })).cookie);
const reader = headers((await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie);
const otherTenant = (await ctx.b.newTenant({ name: 'Other Mills' })).id;
const otherNode = (await ctx.b.newEntity({ tenantId: otherTenant, type: 'facility', name: 'Other Plant' })).id;
const stranger = headers((await ctx.signedIn({ tenantId: otherTenant, userType: 'tenant', role: 'admin' })).cookie);
const siteTenant = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
const siteAdmin = headers((await ctx.signedIn({ tenantId: siteTenant, userType: 'site', role: 'admin' })).cookie);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = admin) => ctx.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const count = async (table: string) => (await ctx.database.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenantId])).rows[0].n as number;

// Meters placed through the API, oldest first (their validity starts now: the test backdates it to the data).
const meterOf = async (entityId: number, body: object) => {
  const res = await call('POST', `/api/entities/${entityId}/energy-meter`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
await meterOf(main.entityId, { role: 'MAIN', ratedKw: 2000, rolloverAt: 100_000_000, nodeId: facility });
await meterOf(kiln.entityId, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 400 });
await meterOf(mill.entityId, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 400 });
await meterOf(solar.entityId, { role: 'GENERATION', source: 'SOLAR', ratedKw: 100 });
await ctx.database.pool.query('UPDATE energy_meter SET valid_from = $2 WHERE tenant_id = $1', [tenantId, new Date(dataFrom)]);

describe('meters in the facility tree', () => {
  it('lists every node of the facility with the meters located at each', async () => {
    const res = await call('GET', `/api/energy/facility/${facility}/locatedDevices`, undefined, reader);
    expect(res.statusCode, res.body).toBe(200);
    const nodes = res.json().nodes as { id: number; depth: number; meters: { entityName: string }[] }[];
    expect(nodes.map((n) => n.id).sort()).toEqual([facility, substation, kilnNode, millNode, main.entityId, kiln.entityId, mill.entityId, solar.entityId].sort());
    expect(nodes.find((n) => n.id === facility)!.meters.map((m) => m.entityName).sort()).toEqual(['Main Incomer 132 kV', 'Rooftop Solar']);
    const list = await call('GET', '/api/energy/facilities', undefined, reader);
    expect(list.json()).toEqual([{ id: facility, tenantId, name: 'Beawar Plant', meters: 4, mains: 1, subs: 2, generation: 1 }]);
  });

  it("lists with the entity list's getLocatedDevices each meter's devices at the node it measures, not where its station hangs", async () => {
    type Node = { id: number; devices?: { id: number }[]; locatedDevices?: { id: number; stationId: number; stationName: string; meterRole: string; meterSource: string | null }[]; children: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const res = await call('GET', '/api/entities?getLocatedDevices=true', undefined, reader);
    expect(res.statusCode, res.body).toBe(200);
    const nodes = new Map(flat(res.json()).map((n) => [n.id, n]));
    const located = (id: number) => nodes.get(id)!.locatedDevices!.map((d) => [d.id, d.stationId, d.stationName, d.meterRole, d.meterSource]);
    // The incomer's station hangs under the substation but measures the whole plant.
    expect(located(facility)).toEqual([
      [main.deviceId, main.entityId, 'Main Incomer 132 kV', 'MAIN', 'GRID'],
      [solar.deviceId, solar.entityId, 'Rooftop Solar', 'GENERATION', 'SOLAR'],
    ]);
    expect(located(substation)).toEqual([]);
    expect(located(kilnNode)).toEqual([[kiln.deviceId, kiln.entityId, 'Kiln Feeder', 'SUB', null]]);
    // The devices mounted on each node stay as getDevices gives them.
    expect(nodes.get(main.entityId)!.devices!.map((d) => d.id)).toEqual([main.deviceId]);
    expect(located(main.entityId)).toEqual([]);
    // Without the option no node carries the list; another tenant sees none of these meters.
    expect(flat((await call('GET', '/api/entities?getDevices=true', undefined, reader)).json()).some((n) => 'locatedDevices' in n)).toBe(false);
    const theirs = flat((await call('GET', '/api/entities?getLocatedDevices=true', undefined, stranger)).json());
    expect(theirs.map((n) => n.id)).toEqual([otherNode]);
    expect(theirs[0]!.locatedDevices).toEqual([]);
  });

  it('refuses a station placed twice, a sub-meter without its main and a node of another tenant, storing nothing', async () => {
    const before = await count('energy_meter');
    const twice = await call('POST', `/api/entities/${kiln.entityId}/energy-meter`, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 400, nodeId: millNode });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().field).toBe('replace');
    const spare = (await station('Spare Feeder', millNode)).entityId;
    const noMain = await call('POST', `/api/entities/${spare}/energy-meter`, { role: 'SUB', ratedKw: 100 });
    expect([noMain.statusCode, noMain.json().field]).toEqual([400, 'mainEntityId']);
    const elsewhere = await call('POST', `/api/entities/${spare}/energy-meter`, { role: 'MAIN', ratedKw: 100, nodeId: otherNode });
    expect(elsewhere.statusCode).toBe(404);
    const notMeter = await call('POST', `/api/entities/${millNode}/energy-meter`, { role: 'MAIN', ratedKw: 100 });
    expect([notMeter.statusCode, notMeter.json().field]).toEqual([400, 'id']);
    expect((await call('POST', `/api/entities/${spare}/energy-meter`, { role: 'MAIN', ratedKw: 100 }, reader)).statusCode).toBe(403);
    expect(await count('energy_meter')).toBe(before);
  });

  it('replaces and deletes a meter keeping its history', async () => {
    const spare = (await station('Packing Feeder', millNode)).entityId;
    const first = await meterOf(spare, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 100 });
    const second = await meterOf(spare, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 150, replace: true });
    const deleted = await call('DELETE', `/api/energy/energy-meter/${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: second.id, endReason: 'DELETED' });
    const history = (await call('GET', `/api/entities/${millNode}/all-energy-meter`, undefined, reader)).json() as { id: number; endReason: string | null; replacedBy: number | null }[];
    expect(history.filter((m) => m.id === first.id || m.id === second.id)).toEqual([
      expect.objectContaining({ id: first.id, endReason: 'REPLACED', replacedBy: second.id }),
      expect.objectContaining({ id: second.id, endReason: 'DELETED' }),
    ]);
    expect((await call('GET', `/api/entities/${spare}/energy-meter`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/energy/energy-meter/${second.id}`)).statusCode).toBe(409);
    // A main meter with sub-meters under it stays.
    const mainMeter = (await call('GET', `/api/entities/${main.entityId}/energy-meter`)).json();
    expect((await call('DELETE', `/api/energy/energy-meter/${mainMeter.id}`)).json().field).toBe('id');
    expect((await call('DELETE', `/api/energy/energy-meter/${mainMeter.id}`, undefined, stranger)).statusCode).toBe(404);
  });
});

describe('consumption of the tree', () => {
  const metrics = async (query: string) => {
    const res = await call('GET', `/api/energy/metrics?${query}&startDate=${dayOf(lastMonth, ZONE)}&endDate=${dayOf(thisMonth - 1, ZONE)}`, undefined, reader);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("counts the main incomer and the solar, not the sub-meters again, and shows what no sub-meter measures", async () => {
    const { nodes } = await metrics(`nodeIds=${facility},${kilnNode},${millNode}`);
    const [plant, kilnSection, millSection] = nodes;
    expect(plant.counted.sort()).toEqual([main.entityId, solar.entityId].sort());
    expect(plant.excluded.sort()).toEqual([kiln.entityId, mill.entityId].sort());
    expect(plant.data).toHaveLength(daysLastMonth);
    for (const p of plant.data) expect(p.value).toBeCloseTo(550 * 24, 6);
    expect(plant.total).toBeCloseTo(550 * 24 * daysLastMonth, 3);
    // The mill feeder's gap is shared out over its hours: its day is whole, not a spike.
    for (const p of millSection.data) expect(p.value).toBeCloseTo(150 * 24, 6);
    const gapDay = dayOf(gapFrom, ZONE);
    const hourly = await call('GET', `/api/energy/metrics?nodeIds=${millNode}&interval=hour_1&startDate=${gapDay}&endDate=${gapDay}`, undefined, reader);
    const hours = hourly.json().nodes[0];
    expect(hours.data).toHaveLength(24);
    for (const p of hours.data) expect(p.value).toBeCloseTo(150, 6);
    expect(hours.estimatedKwh).toBeCloseTo(4 * 150, 6);
    // The kiln feeder's reset at 05:10: the hour books 50 kWh before it (05:00 reading) and 116.67 after, not the fall.
    const resetDay = kilnSection.data.find((p: { time: number }) => p.time === startOfDay(dayOf(resetAt, ZONE), ZONE));
    expect(resetDay.value).toBeCloseTo(200 * 23 + 50 + (200 * 35) / 60, 6);
    // By day the reset's day books its rise before the fall (to 05:00) and the count from zero after it.
    expect(kilnSection.events).toEqual([expect.objectContaining({ entityId: kiln.entityId, kind: 'reset', bookedKwh: expect.closeTo(200 * 23 + 50 + (200 * 35) / 60, 6) })]);
    // Unmetered: 550 × 24 supplied, 350 × 24 metered, less the kiln's lost 33.33 kWh on the reset day.
    const remainder = plant.unmetered.map((p: { value: number }) => p.value);
    expect(remainder.filter((v: number) => Math.abs(v - 200 * 24) < 1e-6)).toHaveLength(daysLastMonth - 1);
    expect(Math.max(...remainder)).toBeCloseTo(200 * 24 + 200 - (50 + (200 * 35) / 60), 6);
  });

  it('adds every meter when excluseEnergyMeters is false, and reads a node alone without descendants', async () => {
    const { nodes } = await metrics(`nodeIds=${facility}&excluseEnergyMeters=false&interval=month_1`);
    expect(nodes[0].data).toHaveLength(1);
    expect(nodes[0].data[0].value).toBeCloseTo((550 + 350) * 24 * daysLastMonth - (200 - (50 + (200 * 35) / 60)), 3);
    // The main incomer stands under the substation but is located at the plant: the substation counts nothing.
    const alone = await metrics(`nodeIds=${kilnNode},${substation},${facility}&considerDescendants=false`);
    expect(alone.nodes.map((n: { counted: number[] }) => n.counted.sort())).toEqual([[kiln.entityId], [], [main.entityId, solar.entityId].sort()]);
  });

  it("answers 404 for another tenant's node and 400 naming a bad field", async () => {
    expect((await call('GET', `/api/energy/metrics?nodeIds=${otherNode}`)).statusCode).toBe(404);
    const bad = await call('GET', `/api/energy/metrics?nodeIds=${facility}&interval=hour_1&startDate=2020-01-01&endDate=2020-12-31`);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'endDate']);
    expect((await call('GET', '/api/energy/metrics?nodeIds=a,b')).json().field).toBe('querystring.nodeIds');
  });
});

describe('tariffs and the bill of a month', () => {
  const windows = [
    { kind: 'OFF_PEAK', fromHour: 22, toHour: 6, rate: 6.5 },
    { kind: 'NORMAL', fromHour: 6, toHour: 9, rate: 7.5 },
    { kind: 'SOLAR', fromHour: 9, toHour: 17, rate: 6.0 },
    { kind: 'PEAK', fromHour: 17, toHour: 22, rate: 9.0 },
  ];

  it("costs last month at the version valid then, as computed by hand within 0.1 %", async () => {
    // Last month's version went in when that month was open; a version added today starts today.
    await ctx.database.pool.query(
      `INSERT INTO energy_tariff_version (tenant_id, entity_id, valid_from, windows, fixed_charge, duty_percent) VALUES ($1, $2, $3::date, $4::jsonb, 300000, 5)`,
      [tenantId, main.entityId, dayOf(lastMonth - 86_400_000, ZONE), JSON.stringify(windows)],
    );
    const today = dayOf(now, ZONE);
    const later = await call('POST', '/api/energy/tariffs', { entityId: main.entityId, validFrom: today, windows: windows.map((w) => ({ ...w, rate: w.rate * 2 })), fixedChargePerMonth: 999_999, dutyPercent: 9 });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().map((v: { validTo: string | null }) => v.validTo)).toEqual([addDays(today, -1), null]);
    // By hand: 500 kWh each hour; a day is 8 h off-peak, 3 h normal, 8 h solar, 5 h peak:
    // 4,000 × 6.5 + 1,500 × 7.5 + 4,000 × 6.0 + 2,500 × 9.0 = ₹83,750 a day; fixed ₹3,00,000; duty 5 %.
    const hand = (83_750 * daysLastMonth + 300_000) * 1.05;
    const res = await call('GET', `/api/energy/cost?nodeId=${facility}&month=${lastMonthKey}`, undefined, reader);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json();
    expect(Math.abs(bill.total - hand) / hand).toBeLessThan(0.001);
    expect(bill.kwh).toBeCloseTo(500 * 24 * daysLastMonth, 3);
    expect(bill.byShift.map((l: { key: string }) => l.key)).toEqual(['A', 'B', 'C']);
    expect(bill.byDay).toHaveLength(daysLastMonth);
  });

  it('refuses overlapping and gapped windows, a closed month and a sub-meter as the connection, storing nothing', async () => {
    const before = await count('energy_tariff_version');
    const post = (body: object) => call('POST', '/api/energy/tariffs', { entityId: main.entityId, validFrom: addDays(dayOf(now, ZONE), 1), windows, ...body });
    const overlap = await post({ windows: [...windows.slice(0, 3), { kind: 'PEAK', fromHour: 16, toHour: 22, rate: 9 }] });
    expect(overlap.json()).toMatchObject({ statusCode: 400, field: 'windows[3]', message: 'windows[3]: overlaps window 3 at 16:00–17:00' });
    const gap = await post({ windows: windows.slice(1) });
    expect([gap.statusCode, gap.json().field]).toEqual([400, 'windows']);
    const closed = await post({ validFrom: dayOf(lastMonth, ZONE) });
    expect([closed.statusCode, closed.json().field]).toEqual([400, 'validFrom']);
    const sub = await post({ entityId: kiln.entityId });
    expect([sub.statusCode, sub.json().field]).toEqual([400, 'entityId']);
    expect(await count('energy_tariff_version')).toBe(before);
  });
});

describe('budgets', () => {
  it('raises each threshold once through the alerts module, with a forecast of the month', async () => {
    const monthKey = dayOf(now, ZONE).slice(0, 7);
    const used = (550 * (dataTo + Q - thisMonth)) / HOUR; // the facility's kWh so far this month
    expect(used).toBeGreaterThan(0);
    const set = await call('PUT', '/api/energy/budgets', { nodeId: facility, period: 'MONTH', periodKey: monthKey, budgetKwh: used / 0.8 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().usedPercent).toBeCloseTo(80, 3);
    expect(set.json().forecastKwh).toBeGreaterThanOrEqual(set.json().usedKwh);
    await ctx.app.energy.energy.checkBudgets();
    await ctx.app.energy.energy.checkBudgets();
    const alerts = async () => (await ctx.database.pool.query(`SELECT slot, message FROM alert_episode WHERE tenant_id = $1 AND type = 'ENERGY_BUDGET' ORDER BY slot`, [tenantId])).rows;
    expect((await alerts()).map((a) => a.slot)).toEqual([50, 75]);
    expect((await alerts())[1].message).toMatch(/^Beawar Plant used 80 % of the budget of /);
    await call('PUT', '/api/energy/budgets', { nodeId: facility, period: 'MONTH', periodKey: monthKey, budgetKwh: used / 1.2 });
    await ctx.app.energy.energy.checkBudgets();
    expect((await alerts()).map((a) => a.slot)).toEqual([50, 75, 100]);
    const read = await call('POST', '/api/data/entityBudget', { entityIds: [facility], period: 'MONTH' }, reader);
    expect(read.json()[0].raised).toEqual([50, 75, 100]);
  });

  it("refuses a budget for another tenant's node and a bad period", async () => {
    expect((await call('PUT', '/api/energy/budgets', { nodeId: otherNode, period: 'MONTH', periodKey: '2026-11', budgetKwh: 10 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/energy/budgets', { nodeId: facility, period: 'FY', periodKey: '2026-28', budgetKwh: 10 })).json().field).toBe('periodKey');
    expect((await call('POST', '/api/data/entityBudget', { entityIds: [otherNode] })).statusCode).toBe(404);
  });
});

describe('production, SEC and emissions', () => {
  it('gives SEC per day and a baseline with R² from daily production', async () => {
    const days = Array.from({ length: daysLastMonth }, (_, i) => ({ day: addDays(dayOf(lastMonth, ZONE), i), quantity: 100 + (i % 5) * 10 }));
    const put = await call('PUT', '/api/energy/production', { nodeId: facility, unit: 't', days });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call('GET', `/api/energy/sec?nodeId=${facility}&startDate=${dayOf(lastMonth, ZONE)}&endDate=${dayOf(thisMonth - 1, ZONE)}&baselineStart=${dayOf(lastMonth, ZONE)}&baselineEnd=${dayOf(thisMonth - 1, ZONE)}`, undefined, reader);
    expect(res.statusCode, res.body).toBe(200);
    const sec = res.json();
    expect(sec.days[0]).toMatchObject({ kwh: expect.closeTo(13_200, 6), production: 100, sec: expect.closeTo(132, 6) });
    // The plant's energy does not follow its output at all: a flat line explaining nothing (R² 0), no savings.
    expect(sec.baseline.coefficients[0]).toBeCloseTo(0, 6);
    expect(sec.baseline.r2).toBeCloseTo(0, 6);
    expect(sec.savings.savingsKwh).toBeCloseTo(0, 3);
  });

  it('refuses a negative output and a day twice, storing none of the days', async () => {
    const before = await count('energy_production');
    const negative = await call('PUT', '/api/energy/production', { nodeId: facility, unit: 't', days: [{ day: dayOf(lastMonth, ZONE), quantity: 5 }, { day: dayOf(lastMonth + 86_400_000, ZONE), quantity: -1 }] });
    expect([negative.statusCode, negative.json().field]).toEqual([400, 'body.days.1.quantity']);
    const twice = await call('PUT', '/api/energy/production', { nodeId: facility, unit: 't', days: [{ day: '2024-01-01', quantity: 5 }, { day: '2024-01-01', quantity: 6 }] });
    expect([twice.statusCode, twice.json().field]).toEqual([400, 'days[1].day']);
    expect(await count('energy_production')).toBe(before);
  });

  it("gives Scope 2 from grid energy at the year's CEA factor, net of offsets; a factor table must hold the current year", async () => {
    const fyStart = `${Number(dayOf(lastMonth, ZONE).slice(0, 4)) - (Number(dayOf(lastMonth, ZONE).slice(5, 7)) < 4 ? 1 : 0)}`;
    const fy = `${fyStart}-${String((Number(fyStart) + 1) % 100).padStart(2, '0')}`;
    const offset = await call('POST', '/api/energy/offsets', { nodeId: facility, kind: 'REC', day: dayOf(lastMonth, ZONE), mwh: 10 });
    expect(offset.statusCode, offset.body).toBe(200);
    const without = await call('PUT', '/api/energy/grid-factors', { factors: [{ fy: '2023-24', tco2PerMwh: 0.727 }] }, siteAdmin);
    expect(without.json()).toMatchObject({ statusCode: 400, field: 'factors' });
    const currentFy = (() => {
      const d = dayOf(now, ZONE);
      const y = Number(d.slice(0, 4)) - (Number(d.slice(5, 7)) < 4 ? 1 : 0);
      return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    })();
    const factors = [{ fy: '2023-24', tco2PerMwh: 0.727, source: 'CEA v20' }, ...[fy, currentFy].filter((f, i, a) => f !== '2023-24' && a.indexOf(f) === i).map((f) => ({ fy: f, tco2PerMwh: 0.7, source: 'test' }))];
    expect((await call('PUT', '/api/energy/grid-factors', { factors }, admin)).statusCode).toBe(403);
    const saved = await call('PUT', '/api/energy/grid-factors', { factors }, siteAdmin);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('POST', '/api/data/emissionoffsetData', { entityIds: [facility], fy }, reader);
    expect(res.statusCode, res.body).toBe(200);
    const [e] = res.json();
    const month = e.months.find((m: { month: string }) => m.month === lastMonthKey);
    expect(month.gridKwh).toBeCloseTo(500 * 24 * daysLastMonth, 3);
    expect(e.solarKwh).toBeGreaterThanOrEqual(50 * 24 * daysLastMonth - 1e-6);
    expect(e.factor).toBe(fy === '2023-24' ? 0.727 : 0.7);
    expect(e.grossTco2).toBeCloseTo((e.gridKwh / 1000) * e.factor, 6);
    expect(e.netTco2).toBeCloseTo(e.grossTco2 - 10 * e.factor, 6);
  });

  it("writes the year's BEE Form 1 summary as CSV, Excel and PDF with the same figures", async () => {
    const d = dayOf(now, ZONE);
    const y = Number(d.slice(0, 4)) - (Number(d.slice(5, 7)) < 4 ? 1 : 0);
    const fy = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    const [e] = (await call('POST', '/api/data/emissionoffsetData', { entityIds: [facility], fy }, reader)).json();
    const total = Math.round(e.gridKwh + e.solarKwh + e.dgKwh);
    const toe = Math.round((e.gridKwh + e.solarKwh + e.dgKwh) * 0.000086 * 100) / 100;
    const file = async (format: string) => {
      const res = await call('POST', '/api/energy/form1', { nodeId: facility, fy, format }, reader);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(`BEE Form 1 energy summary FY ${fy} Beawar Plant`);
      return res.rawPayload;
    };
    const csv = (await file('CSV')).toString('utf8');
    expect(csv).toContain(`Total electricity consumed,${total},kWh`);
    expect(csv).toContain(`Total electricity consumed,${toe},toe`);
    const rows = xlsxRows(await file('XLS'));
    expect(rows).toContainEqual(['Electricity purchased from the grid', String(Math.round(e.gridKwh)), 'kWh']);
    expect(rows).toContainEqual(['Total electricity consumed', String(toe), 'toe']);
    const pdf = await file('PDF');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Total electricity consumed');
    expect(text).toContain('Beawar Plant');
    // Another tenant's node is no file.
    expect((await call('POST', '/api/energy/form1', { nodeId: otherNode, format: 'PDF' })).statusCode).toBe(404);
    expect((await call('POST', '/api/energy/form1', { nodeId: facility, format: 'DOC' })).json().field).toBe('body.format');
  });
});

describe('register readings entered by hand', () => {
  it('stores readings continuing the series, counted like a device’s; refuses a fall, a reading before the latest, a negative one and one in the future, storing none', async () => {
    const packingNode = (await ctx.b.newEntity({ tenantId, type: 'group', parentId: facility, name: 'Packing' })).id;
    const packing = await station('Packing Feeder (read by hand)', packingNode);
    await meterOf(packing.entityId, { role: 'SUB', mainEntityId: main.entityId, ratedKw: 200 });
    await ctx.database.pool.query('UPDATE energy_meter SET valid_from = $3 WHERE tenant_id = $1 AND entity_id = $2', [tenantId, packing.entityId, new Date(dataFrom)]);
    const yesterday = addDays(dayOf(now, ZONE), -1);
    const at = (hour: number) => new Date(startOfDay(yesterday, ZONE) + hour * HOUR).toISOString();
    const post = (readings: object[], h = admin) => call('POST', '/api/energy/readings', { entityId: packing.entityId, readings }, h);
    const ok = await post([{ time: at(8), register: 1000 }, { time: at(20), register: 1600 }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ entityId: packing.entityId, deviceId: packing.deviceId, stored: 2 });
    const dayKwh = async () => (await call('GET', `/api/energy/metrics?nodeIds=${packingNode}&startDate=${yesterday}&endDate=${yesterday}`, undefined, reader)).json().nodes[0].total as number;
    // The day's rise from its first reading to its last: 600 kWh.
    expect(await dayKwh()).toBeCloseTo(600, 6);

    const refusals: [object[], string][] = [
      [[{ time: at(22), register: 1500 }], 'readings[0].register'], // below the latest stored reading
      [[{ time: at(19), register: 1700 }], 'readings[0].time'], // before the latest stored reading
      [[{ time: at(21), register: 1700 }, { time: at(23), register: 1650 }], 'readings[1].register'], // a fall inside the batch
      [[{ time: at(23), register: 1700 }, { time: at(21), register: 1800 }], 'readings[1].time'], // out of time order
      [[{ time: at(22), register: -1 }], 'readings[0].register'],
      [[{ time: new Date(now + 2 * HOUR).toISOString(), register: 1700 }], 'readings[0].time'],
    ];
    for (const [readings, field] of refusals) {
      const res = await post(readings);
      expect([res.statusCode, res.json().field], JSON.stringify(readings)).toEqual([400, field]);
    }
    expect((await post([{ time: at(22), register: 1700 }], reader)).statusCode).toBe(403);
    expect((await call('POST', '/api/energy/readings', { entityId: otherNode, readings: [{ time: at(22), register: 1 }] })).statusCode).toBe(404);
    // Nothing of the refused batches was stored: the day still rose 600 kWh.
    expect(await dayKwh()).toBeCloseTo(600, 6);
  });
});
