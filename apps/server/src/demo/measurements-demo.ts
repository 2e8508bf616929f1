import { DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import type { Db } from '../platform/database/database.ts';
import { MeasurementRepository } from '../modules/measurements/measurements.repository.ts';
import type { CtoStation } from './cto-documents.ts';
import { hashString, seededRandom } from './signal.ts';

const DAY_MS = 86_400_000;

/** What a lab measures by hand at each kind of station, around the levels the demo analysers read. */
const TEMPLATES = {
  cems: {
    name: 'Quarterly stack monitoring',
    lab: 'EnviroLabs Jaipur (NABL accredited)',
    fields: [
      { paramName: 'pm', unit: 'mg/Nm3', method: 'USEPA Method 17 (isokinetic)', level: 24 },
      { paramName: 'so2', unit: 'mg/Nm3', method: 'IS 11255 (Part 2)', level: 280 },
      { paramName: 'nox', unit: 'mg/Nm3', method: 'IS 11255 (Part 7)', level: 210 },
    ],
  },
  eqms: {
    name: 'Quarterly effluent analysis',
    lab: 'Rajasthan Analytical Laboratory (NABL accredited)',
    fields: [
      { paramName: 'bod', unit: 'mg/l', method: 'IS 3025 (Part 44)', level: 14 },
      { paramName: 'cod', unit: 'mg/l', method: 'IS 3025 (Part 58)', level: 115 },
      { paramName: 'tss', unit: 'mg/l', method: 'IS 3025 (Part 17)', level: 42 },
    ],
  },
} as const;

/**
 * Each demo industry's manual monitoring: a template for its first stack (or effluent outlet when it
 * has no stack) and a lab result every quarter for the past year, at 11:00 in India, within ±15 % of what
 * its analysers read, so the latest (inside the demo's history) shows its deviation.
 */
export async function seedDemoMeasurements(db: Db, stations: readonly CtoStation[], nowMs: number): Promise<number> {
  const repo = new MeasurementRepository(db);
  let results = 0;
  for (const tenantId of new Set(stations.map((s) => s.tenantId))) {
    const own = stations.filter((s) => s.tenantId === tenantId);
    const station = own.find((s) => s.stationType === 'cems') ?? own.find((s) => s.stationType === 'eqms');
    if (!station) continue;
    const t = TEMPLATES[station.stationType as keyof typeof TEMPLATES];
    const templateId = await repo.insertTemplate(tenantId, t.name, t.fields.map(({ paramName, unit, method }) => ({ paramName, unit, method })));
    const random = seededRandom(hashString(`${station.industryName}/lab`));
    // 11:00 in India of the day 12 days back, then a quarter apart.
    const latest = startOfDay(nowMs - 12 * DAY_MS, DEFAULT_TIME_ZONE) + 11 * 3_600_000;
    for (let q = 0; q < 4; q++) {
      await repo.insertMeasurement({
        tenantId,
        templateId,
        entityId: station.stationId,
        sampledAt: new Date(latest - q * 91 * DAY_MS),
        durationMinutes: 60,
        lab: t.lab,
        createdBy: null,
        values: t.fields.map((f) => ({ paramName: f.paramName, value: Math.round(f.level * (0.85 + random() * 0.3) * 10) / 10 })),
      });
      results++;
    }
  }
  return results;
}
