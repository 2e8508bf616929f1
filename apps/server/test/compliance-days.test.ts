import type { ComplianceFigures } from '@enviro/contracts/compliance';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_CONSUMER, daysOfSlots, drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { ComplianceService } from '../src/modules/compliance/compliance.service.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import type { Auth } from '../src/platform/access/auth.ts';
import { oracle, istMidnight, type Limit } from './compliance-oracle.ts';
import { insertReadings, type Reading } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

/**
 * The compliance tables per IST day (070_compliance_days.sql) against figures computed from the raw
 * readings: a device with pm (max 50) and so2 (min 5, max 100) read every 5 minutes from 28 March
 * to 2 April 2024 (IST midnights at 18:30Z, the month boundary of 1 April), runs of pm beyond its
 * limit crossing midnights, a gap, then late readings, windows opened, closed and deleted, and a
 * limit changed. The service is asked as if it were 15:30 IST on 1 April, so the closed days come
 * from the tables and 1 April from the rollups.
 */
const T0 = Date.parse('2024-03-28T00:00:00Z');
const T1 = Date.parse('2024-04-02T12:00:00Z');
const GAP = { from: Date.parse('2024-03-30T17:00:00Z'), to: Date.parse('2024-03-30T19:10:00Z') };
const NOW = Date.parse('2024-04-01T10:00:00Z');

function readings(): Reading[] {
  const out: Reading[] = [];
  for (let ts = T0, i = 0; ts < T1; ts += 5 * MINUTE, i++) {
    if (ts >= GAP.from && ts < GAP.to) continue;
    // pm beyond 50 for 100 of every 230 minutes: runs cross the IST midnights at varying phases.
    out.push({ ts, vals: [30 + 40 * Number(i % 46 >= 26), i % 4 === 3 ? null : 3 + (i % 11) * 10] });
  }
  return out;
}

describe('compliance per IST day, kept from the closed-slot feed', () => {
  const ctx = useTestApp();
  let tenantId: number;
  let stationId: number;
  let deviceId: number;
  let auth: Auth;
  let service: ComplianceService;
  let raw = readings();
  let windows: { from: number; to: number }[] = [];
  let limits: Limit[] = [{ min: null, max: 50 }, { min: 5, max: 100 }];

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Kota Power' })).id;
    stationId = (await ctx.b.newEntity({ tenantId, name: 'Boiler stack' })).id;
    deviceId = (await ctx.b.newDevice({ tenantId, entityId: stationId, params: [{ name: 'pm', max: 50 }, { name: 'so2', min: 5, max: 100 }] })).id;
    await insertReadings(ctx.database, tenantId, deviceId, raw);
    await drainRollups(ctx.database);
    auth = { kind: 'apiKey', tenantId, tenantIds: [tenantId] };
    service = new ComplianceService(ctx.db, ctx.app.devices.calibration, ctx.app.entities.entities);
  });

  const settle = async () => {
    await drainRollups(ctx.database);
    await drainComplianceDays(ctx.db);
  };

  /** Every figure of both parameters and the uptime, for several periods, equals the readings'. */
  async function expectExact() {
    const periods = [
      { from: '2024-03-28', to: '2024-04-01' },
      { from: '2024-03-30', to: '2024-03-31' },
      { from: '2024-03-31', to: '2024-04-01' },
      { from: '2024-04-01', to: '2024-04-01' },
    ];
    for (const p of periods) {
      const data = await service.complianceData(auth, p, NOW);
      const from = Math.max(istMidnight(p.from), T0);
      const to = data.period.to;
      expect(to).toBe(Math.min(istMidnight(p.to) + 86_400_000, Math.floor(NOW / QUARTER) * QUARTER));
      const [station] = data.stations;
      const uptime = oracle(raw, 0, from, to, windows, limits);
      expect(station!.uptime, `uptime ${p.from}..${p.to}`).toEqual({ slots: uptime.slots, suppressedSlots: uptime.suppressedSlots, slotsWithData: uptime.slotsWithData, availability: uptime.availability });
      for (const slot of [1, 2]) {
        const expected: ComplianceFigures = oracle(raw, slot, from, to, windows, limits);
        expect(station!.parameters.find((x) => x.slot === slot), `slot ${slot} ${p.from}..${p.to}`).toMatchObject(expected);
      }
    }
    const days = await service.datewise(auth, { from: '2024-03-29', to: '2024-04-01', stationId }, NOW);
    for (const row of days.items) {
      const start = istMidnight(row.date);
      expect(row, `${row.date} slot ${row.slot}`).toMatchObject(oracle(raw, row.slot, start, Math.min(start + 86_400_000, days.period.to), windows, limits));
    }
  }

  it('answers the readings\' figures from the stored days and today\'s rollups, exceedances across midnights counted once each', async () => {
    await drainComplianceDays(ctx.db);
    const { rows } = await ctx.database.pool.query<{ n: number; beyond: number }>(
      `SELECT count(*)::int AS n, sum(beyond)::int AS beyond FROM compliance_param_day WHERE device_id = $1`,
      [deviceId],
    );
    // 6 IST days (27 March 05:30 IST to 2 April) × 2 parameters; an exceedance is a slot, so a run
    // across a midnight counts its slots on either side (no run is carried over).
    expect(rows[0]).toMatchObject({ n: 12 });
    expect(rows[0]!.beyond).toBeGreaterThan(20);
    const pm = oracle(raw, 1, T0, Math.floor(NOW / QUARTER) * QUARTER, windows, limits);
    expect(pm.exceedances).toBeGreaterThan(20);
    await expectExact();
  });

  it('follows late readings into a closed day', async () => {
    const late: Reading[] = [];
    for (let ts = GAP.from; ts < GAP.from + 40 * MINUTE; ts += 5 * MINUTE) late.push({ ts, vals: [80, 50] });
    await insertReadings(ctx.database, tenantId, deviceId, late);
    raw = [...raw, ...late].sort((a, b) => a.ts - b.ts);
    await settle();
    await expectExact();
  });

  it('derives the days of a window again when it opens, closes and goes', async () => {
    // A station maintenance window opened across the IST midnight of 31 March, still open.
    const start = Date.parse('2024-03-30T18:07:00Z');
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `INSERT INTO suppression_window (tenant_id, entity_id, kind, starts_at) VALUES ($1, $2, 'MAINTENANCE', $3) RETURNING id`,
      [tenantId, stationId, new Date(start)],
    );
    const id = rows[0]!.id;
    windows = [{ from: start, to: Number.POSITIVE_INFINITY }];
    // Queued: the window's days, up to today and the day after.
    expect(await ctx.database.pool.query(`SELECT 1 FROM slot_change WHERE consumer = $1 AND device_id = $2`, [COMPLIANCE_CONSUMER, deviceId]).then((r) => r.rowCount)).toBeGreaterThan(2);
    await settle();
    await expectExact();
    // Closed at 00:40 IST on 31 March (19:10Z).
    const end = Date.parse('2024-03-30T19:40:00Z');
    await ctx.database.pool.query(`UPDATE suppression_window SET ends_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, new Date(end)]);
    windows = [{ from: start, to: end }];
    await settle();
    await expectExact();
    await ctx.database.pool.query(`DELETE FROM suppression_window WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    windows = [];
    await settle();
    await expectExact();
  });

  it('judges every stored day again when a limit changes', async () => {
    await ctx.database.pool.query(`UPDATE param_limit SET max_value = 35 WHERE tenant_id = $1 AND device_id = $2 AND slot = 1`, [tenantId, deviceId]);
    limits = [{ min: null, max: 35 }, limits[1]!];
    await settle();
    await expectExact();
  });

  it("derives each slot's own IST day, once", () => {
    const at = (iso: string) => ({ tenantId: 1, deviceId: '2', bucket: new Date(iso) });
    // No run is carried over a midnight any more: the last quarter of a day is that day's alone.
    expect(daysOfSlots([at('2024-03-31T18:15:00Z')]).map((d) => d.day)).toEqual(['2024-03-31']);
    expect(daysOfSlots([at('2024-03-31T18:30:00Z'), at('2024-03-31T18:45:00Z')]).map((d) => d.day)).toEqual(['2024-04-01']);
  });
});
