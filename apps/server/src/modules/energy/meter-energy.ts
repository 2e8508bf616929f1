import { DataRequest } from '@enviro/contracts/data/trend';
import { energyFromRegister, type EnergyInterval, type RegisterEvent, type RegisterSample } from '@enviro/domain/energy/counter';
import type { Auth } from '../../platform/access/auth.ts';
import { HttpError } from '../../platform/errors.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { MeterRow } from './energy.repository.ts';

/** The standard parameter of a meter's cumulative register (migration 150). */
export const REGISTER_PARAM = 'kwh_register';

export const BUCKET_MS = { hour_1: 3_600_000, day_1: 86_400_000 } as const;
export type ReadInterval = keyof typeof BUCKET_MS;

export interface MeterEnergy {
  /** Energy per bucket start. */
  byBucket: Map<number, EnergyInterval>;
  events: (RegisterEvent & { entityId: number })[];
}

/**
 * Energy per bucket of meter stations over [from, to), from the register's last, max and first of
 * each bucket as the data module's trends give them (hourly and daily rollups of Asia/Kolkata),
 * turned into energy by `@enviro/domain/energy/counter`. The bucket before `from` is read too, as
 * the reference of the first. A station's meter history (replacements) splits its samples: each
 * meter books only the buckets starting in its validity, and a new meter starts from its own first
 * reading (a replaced register is not carried over).
 */
export async function readMeterEnergy(trends: TrendService, auth: Auth, meters: readonly MeterRow[], from: number, to: number, interval: ReadInterval): Promise<Map<number, MeterEnergy>> {
  const out = new Map<number, MeterEnergy>();
  const entityIds = [...new Set(meters.map((m) => Number(m.entity_id)))];
  if (entityIds.length === 0) return out;
  const step = BUCKET_MS[interval];
  const request = DataRequest.parse({
    entityIds,
    // `first` serves only a meter's very first bucket (nothing before it to rise from): worth reading by day, not
    // by hour, where it would add a third to the largest read for an hour's energy at the start of a meter.
    params: [
      { name: REGISTER_PARAM, dsAgg: 'last', agg: 'max' },
      { name: REGISTER_PARAM, dsAgg: 'max', agg: 'max' },
      ...(interval === 'day_1' ? [{ name: REGISTER_PARAM, dsAgg: 'first' as const, agg: 'max' as const }] : []),
    ],
    interval,
    startDate: new Date(from - step).toISOString(),
    endDate: new Date(to).toISOString(),
    timezone: 'Asia/Kolkata',
    aggLevel: 'entity',
  });
  let results;
  try {
    results = await trends.entityMetric(auth, request);
  } catch (error) {
    // No station reports the register yet: no energy, not an error.
    if (error instanceof HttpError && error.statusCode === 400 && /kwh_register|parameter/i.test(error.message)) return out;
    throw error;
  }
  const samples = new Map<number, Map<number, RegisterSample>>();
  for (const r of results) {
    if (r.entityId === null) continue;
    let byT = samples.get(r.entityId);
    if (!byT) samples.set(r.entityId, (byT = new Map()));
    for (const p of r.data) {
      if (p.value === null) continue;
      let s = byT.get(p.time);
      if (!s) byT.set(p.time, (s = { t: p.time, last: Number.NaN }));
      if (r.dsAgg === 'last') s.last = p.value;
      else if (r.dsAgg === 'max') s.max = p.value;
      else if (r.dsAgg === 'first') s.first = p.value;
    }
  }
  for (const entityId of entityIds) {
    const all = [...(samples.get(entityId)?.values() ?? [])].filter((s) => Number.isFinite(s.last)).sort((a, b) => a.t - b.t);
    const energy: MeterEnergy = { byBucket: new Map(), events: [] };
    for (const m of meters.filter((x) => Number(x.entity_id) === entityId)) {
      const start = m.valid_from.getTime();
      const end = m.valid_to?.getTime() ?? Number.POSITIVE_INFINITY;
      // A meter's buckets: those starting in its validity (the bucket of its start when it started inside one).
      const own = all.filter((s) => s.t + step > start && s.t < end);
      const reference = own[0] && own[0].t < from ? own.shift()!.last * m.multiplier : null;
      const r = energyFromRegister(own, { intervalMs: step, ratedKw: m.rated_kw, rolloverAt: m.rollover_at, multiplier: m.multiplier }, reference);
      for (const i of r.intervals) if (i.t >= from && i.t < to) energy.byBucket.set(i.t, i);
      for (const e of r.events) if (e.t >= from && e.t < to) energy.events.push({ ...e, entityId });
    }
    out.set(entityId, energy);
  }
  return out;
}
