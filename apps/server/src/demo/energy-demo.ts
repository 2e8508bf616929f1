import { financialYearOf } from '@enviro/domain/energy/budget';
import { addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay, startOfMonth } from '@enviro/domain/time-zone';
import type { FastifyInstance } from 'fastify';
import { EnergyRepository } from '../modules/energy/energy.repository.ts';
import type { OperatorProvisioning } from '../operator-provisioning.ts';
import type { CtoStation } from './cto-documents.ts';
import { daySwing, KWH_ROLLOVER, kwhBetween, MWH_ROLLOVER, registerAt, resetsBetween, type EnergyProfile } from './energy-register.ts';
import { DG, FEEDERS, GENERATION, MAIN, MAIN_SERIAL, MAIN_STATION, registerShape, SOLAR } from './energy-meters.ts';
import type { HistoryDevice } from './history.ts';
import { seriesSignal } from './signal.ts';

const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;

export interface EnergyDemo {
  tenantId: number;
  facilityId: number;
  mainStationId: number;
  stationIds: Map<string, number>;
  devices: HistoryDevice[];
}

/**
 * The energy meters of the first industry's plant (issue 31): a tariff meter on its 132 kV main
 * incomer, six feeders, rooftop solar and a DG set, each a station reporting `kwh_register`, all
 * placed in the tree from the start of the history. Their 1-minute history is copied with the
 * other devices'.
 */
export async function provisionEnergyDemo(provisioning: OperatorProvisioning, app: FastifyInstance, stations: readonly CtoStation[], fromMs: number, toMs: number): Promise<EnergyDemo | undefined> {
  const main = stations.find((s) => s.stationName === MAIN_STATION);
  if (!main) return undefined;
  const repo = new EnergyRepository(app.database.db);
  const facilityId = Number((await repo.node([main.tenantId], main.stationId))!.parent_id);
  const tenantId = main.tenantId;
  const devices: HistoryDevice[] = [];
  const stationIds = new Map<string, number>();
  const register = async (entityId: number, serial: string, profile: EnergyProfile, make: string, model: string) => {
    const device = await provisioning.createDevice({ tenantId, entityId, name: `${make} ${model}`, make, model, serialNo: serial, params: [{ name: 'kwh_register', unit: profile.kind === 'main' ? 'MWh' : 'kWh' }] });
    devices.push({ tenantId, deviceId: device.id, serial, series: [seriesSignal(serial, 'kwh_register', registerShape(profile), {})], untilMs: toMs });
  };
  await register(main.stationId, MAIN_SERIAL, MAIN, 'Secure Meters', 'Elite 440');
  const meter = { tenantId, multiplier: 1, rolloverAt: KWH_ROLLOVER, validFrom: new Date(fromMs), createdBy: null, mainEntityId: null as number | null, source: null as 'GRID' | 'SOLAR' | 'DG' | null };
  await repo.insertMeter({ ...meter, entityId: main.stationId, nodeId: facilityId, role: 'MAIN', source: 'GRID', ratedKw: 45_000, multiplier: 1000, rolloverAt: MWH_ROLLOVER });
  for (const m of [...FEEDERS, ...GENERATION]) {
    const station = await provisioning.createEntity({ tenantId, parentId: facilityId, type: m.type, name: m.name, properties: [{ name: 'Operational', value: 'True' }, { name: 'Capacity', value: String(m.ratedKw) }] });
    stationIds.set(m.name, station.id);
    await register(station.id, m.serial, m.profile, m.type === 'inverter' ? 'Fronius' : 'Schneider Electric', m.type === 'inverter' ? 'Tauro 100' : 'PM5560');
    // A feeder measures its own section: it is located at its station.
    await repo.insertMeter({ ...meter, entityId: station.id, nodeId: station.id, role: m.role, source: m.source ?? null, mainEntityId: m.role === 'SUB' ? main.stationId : null, ratedKw: m.ratedKw });
  }
  return { tenantId, facilityId, mainStationId: main.stationId, stationIds, devices };
}

/**
 * The rest of the story, once the readings and rollups are in: a ToD tariff (RERC's HT industrial
 * shape) changed by an order 12 days ago, daily clinker output tied to the mills' load, a monthly
 * budget the plant has used 78 % of (so the 50 and 75 % alerts are raised), and the offset ledger.
 */
export async function seedEnergyStory(app: FastifyInstance, demo: EnergyDemo, fromMs: number, toMs: number): Promise<{ budgetAlerts: number; resets: number }> {
  const repo = new EnergyRepository(app.database.db);
  const { tenantId, facilityId, mainStationId } = demo;
  const windows = (k: number) => [
    { kind: 'OFF_PEAK' as const, fromHour: 22, toHour: 6, rate: round2(6.5 * k) },
    { kind: 'NORMAL' as const, fromHour: 6, toHour: 9, rate: round2(7.5 * k) },
    { kind: 'SOLAR' as const, fromHour: 9, toHour: 17, rate: round2(6.0 * k) },
    { kind: 'PEAK' as const, fromHour: 17, toHour: 22, rate: round2(9.0 * k) },
  ];
  await repo.insertTariff(tenantId, { entityId: mainStationId, validFrom: '2024-04-01', windows: windows(1), fixedCharge: 4_500_000, dutyPercent: 5, orderRef: 'RERC tariff order 2024-25 (HT-5 large industrial)', createdBy: 0 });
  await repo.insertTariff(tenantId, { entityId: mainStationId, validFrom: dayOf(toMs - 12 * DAY_MS, ZONE), windows: windows(1.06), fixedCharge: 4_800_000, dutyPercent: 5, orderRef: 'RERC tariff order (revision)', createdBy: 0 });
  // Clinker: about 60 kWh a tonne of the mills' and kiln's energy, a little noise.
  const days: { day: string; quantity: number; temperature: number | null }[] = [];
  for (let d = dayOf(fromMs, ZONE); d < dayOf(toMs, ZONE); d = addDays(d, 1)) {
    const start = startOfDay(d, ZONE);
    const kwh = kwhBetween({ kind: 'main', loads: [FEEDERS[0]!.profile, FEEDERS[1]!.profile, FEEDERS[2]!.profile], solar: { kind: 'solar', kwp: 0 }, dg: { kind: 'dg', kw: 0 }, losses: 1, perUnit: 1 }, start, start + DAY_MS);
    const wobble = daySwing(Math.floor(start / DAY_MS) * 7 + 3, 0.015);
    days.push({ day: d, quantity: Math.round((kwh / 60) * wobble), temperature: Math.round(28 + 6 * Math.sin(start / DAY_MS)) });
  }
  if (days.length) await repo.upsertProduction(tenantId, facilityId, 't', days);
  // The month's budget: the plant used 78 % of it so far.
  const monthStart = startOfMonth(toMs, ZONE);
  const used = 1.04 * FEEDERS.reduce((s, f) => s + kwhBetween(f.profile, Math.max(monthStart, fromMs), toMs), 0);
  if (used > 0) await repo.upsertBudget(tenantId, { nodeId: facilityId, period: 'MONTH', start: dayOf(monthStart, ZONE), budgetKwh: Math.round(used / 0.78) });
  const fy = financialYearOf(dayOf(toMs, ZONE));
  await repo.upsertBudget(tenantId, { nodeId: facilityId, period: 'FY', start: fy.start, budgetKwh: 110_000_000 });
  await repo.insertOffset(tenantId, { nodeId: facilityId, kind: 'REC', day: dayOf(toMs - 40 * DAY_MS, ZONE), mwh: 2500, reference: 'IEX REC trade, non-solar' });
  const solarMwh = Math.round(kwhBetween(SOLAR, fromMs, toMs) / 1000);
  if (solarMwh > 0) await repo.insertOffset(tenantId, { nodeId: facilityId, kind: 'OWN_SOLAR', day: dayOf(toMs - DAY_MS, ZONE), mwh: solarMwh, reference: 'Rooftop solar, own use' });
  const { raised } = await app.energy.energy.checkBudgets();
  return { budgetAlerts: raised, resets: resetsBetween(fromMs, toMs).length };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export { registerAt };
