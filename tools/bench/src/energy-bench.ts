import type pg from 'pg';
import { DataRequest } from '@enviro/contracts/data/trend';
import { EnergyMetricsQuery } from '@enviro/contracts/energy';
import { addCalendar, addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay, startOfMonth } from '@enviro/domain/time-zone';
import { HistoryRepository } from '@enviro/server/demo/history.repository';
import { EnergyRepository } from '@enviro/server/modules/energy/energy.repository';
import type { Auth } from '@enviro/server/platform/access/auth';
import type { Db } from '@enviro/server/platform/database/database';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';
import { timeRuns, type Timing } from './stats.ts';

const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;
const Q_MS = 15 * 60_000;

export interface EnergyFixture {
  auth: Auth;
  facilityId: number;
  loadsId: number;
  groupIds: number[];
  stationIds: number[];
  month: string;
  startDate: string;
  endDate: string;
  meters: number;
  readings: number;
}

/**
 * A facility of 201 meters: a main incomer and 200 sub-meters in 20 sections of 10 under a "Plant
 * loads" node, each a kWh register every 15 minutes over last month (and the day before it), with
 * rollups built as the worker leaves them; a ToD tariff on the main incomer.
 */
export async function energyFixture(db: Db, pool: pg.Pool, nowMs: number, subMeters = 200): Promise<EnergyFixture> {
  const svc = OperatorProvisioning.of(services());
  const repo = new EnergyRepository(db);
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Energy Industry' });
  const { id: facilityId } = await svc.createEntity({ tenantId, type: 'facility', name: 'Bench Plant' });
  const { id: loadsId } = await svc.createEntity({ tenantId, type: 'group', parentId: facilityId, name: 'Plant loads' });
  const thisMonth = startOfMonth(nowMs, ZONE);
  const from = addCalendar(thisMonth, -1, 'month', ZONE);
  const stations: { id: number; device: number; kw: number }[] = [];
  const station = async (name: string, parentId: number, kw: number) => {
    const { id } = await svc.createEntity({ tenantId, type: 'Energy Meter', parentId, name });
    const device = await svc.createDevice({ tenantId, entityId: id, name: `${name} meter`, params: [{ name: 'kwh_register' }] });
    stations.push({ id, device: device.id, kw });
    return id;
  };
  const meter = { tenantId, multiplier: 1, rolloverAt: 100_000_000, validFrom: new Date(from - 2 * DAY_MS), createdBy: null, source: null };
  const mainId = await station('Main incomer', facilityId, 20_000);
  await repo.insertMeter({ ...meter, entityId: mainId, nodeId: facilityId, role: 'MAIN', source: 'GRID', mainEntityId: null, ratedKw: 40_000 });
  const groupIds: number[] = [];
  for (let g = 0; g < subMeters / 10; g++) {
    const { id: groupId } = await svc.createEntity({ tenantId, type: 'group', parentId: loadsId, name: `Section ${g + 1}` });
    groupIds.push(groupId);
    for (let m = 0; m < 10; m++) {
      const id = await station(`Feeder ${g + 1}.${m + 1}`, groupId, 50 + ((g * 10 + m) % 37) * 5);
      await repo.insertMeter({ ...meter, entityId: id, nodeId: groupId, role: 'SUB', mainEntityId: mainId, ratedKw: 1000 });
    }
  }
  const windows = [
    { kind: 'OFF_PEAK' as const, fromHour: 22, toHour: 6, rate: 6.5 },
    { kind: 'NORMAL' as const, fromHour: 6, toHour: 9, rate: 7.5 },
    { kind: 'SOLAR' as const, fromHour: 9, toHour: 17, rate: 6 },
    { kind: 'PEAK' as const, fromHour: 17, toHour: 22, rate: 9 },
  ];
  await repo.insertTariff(tenantId, { entityId: mainId, validFrom: '2024-04-01', windows, fixedCharge: 1_000_000, dutyPercent: 5, orderRef: 'bench', createdBy: 0 });
  const start = from - DAY_MS;
  const history = new HistoryRepository({ db, pool });
  const counter = { rows: 0 };
  await history.copyReadings(registerLines(tenantId, stations, start, thisMonth, counter), start, thisMonth + DAY_MS);
  await history.buildRollups([tenantId], start, thisMonth);
  await pool.query('ANALYZE reading; ANALYZE reading_15m; ANALYZE reading_1h; ANALYZE reading_1d');
  return {
    auth: { kind: 'apiKey', tenantId, tenantIds: [tenantId] },
    facilityId,
    loadsId,
    groupIds,
    stationIds: stations.map((s) => s.id),
    month: dayOf(from, ZONE).slice(0, 7),
    startDate: dayOf(from, ZONE),
    endDate: addDays(dayOf(thisMonth, ZONE), -1),
    meters: stations.length,
    readings: counter.rows,
  };
}

function* registerLines(tenantId: number, stations: readonly { device: number; kw: number }[], from: number, to: number, counter: { rows: number }): Generator<string> {
  let chunk = '';
  for (const s of stations) {
    let register = 1_000_000 + s.device * 1000;
    for (let t = from; t < to; t += Q_MS) {
      // A daily cycle of ±20 % around the feeder's mean.
      register += (s.kw / 4) * (1 + 0.2 * Math.sin(((t % DAY_MS) / DAY_MS) * 2 * Math.PI));
      chunk += `${tenantId}\t${s.device}\t${new Date(t).toISOString()}\t{${register.toFixed(1)}}\n`;
      counter.rows += 1;
      if (chunk.length > 1 << 18) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

export interface EnergyFigures {
  treeByDay: Timing;
  treeReference: Timing;
  monthCost: Timing;
  costReference: Timing;
  costKwh: number;
}

/**
 * The facility tree's month by day (GET /api/energy/metrics of the facility, its loads and its 20
 * sections: 201 meters) and the ToD cost of the month of the 200 sub-meters (GET /api/energy/cost
 * of the loads node), through the service; beside each, the reference: the same registers read
 * alone through the data module's trends (what the energy figure adds is the rest).
 */
export async function benchEnergy(f: EnergyFixture, runs: number): Promise<EnergyFigures> {
  const energy = services().energy.energy;
  const trends = services().data.trends;
  const query = EnergyMetricsQuery.parse({ nodeIds: [f.facilityId, f.loadsId, ...f.groupIds].join(','), startDate: f.startDate, endDate: f.endDate, interval: 'day_1' });
  const read = (interval: 'day_1' | 'hour_1') =>
    DataRequest.parse({
      entityIds: f.stationIds,
      params: (interval === 'day_1' ? (['last', 'max', 'first'] as const) : (['last', 'max'] as const)).map((dsAgg) => ({ name: 'kwh_register', dsAgg, agg: 'max' })),
      interval,
      startDate: new Date(startOfDay(f.startDate, ZONE) - (interval === 'day_1' ? DAY_MS : 3_600_000)).toISOString(),
      endDate: new Date(startOfDay(addDays(f.endDate, 1), ZONE)).toISOString(),
      timezone: ZONE,
      aggLevel: 'entity',
    });
  const treeByDay = await timeRuns(() => energy.metrics(f.auth, query), runs);
  const treeReference = await timeRuns(() => trends.entityMetric(f.auth, read('day_1')), runs);
  let costKwh = 0;
  const monthCost = await timeRuns(async () => {
    costKwh = (await energy.cost(f.auth, f.loadsId, f.month)).kwh;
  }, Math.max(3, Math.round(runs / 4)), 1);
  const costReference = await timeRuns(() => trends.entityMetric(f.auth, read('hour_1')), Math.max(3, Math.round(runs / 4)), 1);
  return { treeByDay, treeReference, monthCost, costReference, costKwh };
}
