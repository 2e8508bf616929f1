import { DEFAULT_TIME_ZONE, fromWallClock } from '@enviro/domain/time-zone';
import type { Db } from '../platform/database/database.ts';
import { CalibrationRepository, type CalibrationDevice } from '../modules/devices/calibration.repository.ts';
import type { SuppressionWindowService } from '../modules/devices/suppression-windows.service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

type Type = 'ZERO' | 'SPAN' | 'MULTIPOINT';

/**
 * Calibration history of the demo's gas analysers (the first three reporting SO2): one calibrated
 * on schedule (the fortnightly zero and span, a quarterly multipoint, one span that drifted), one
 * being calibrated now (its readings are calibration data until it is finished), and one whose
 * fortnightly check is overdue. Each calibration has its CALIBRATION window, as a real one would.
 */
export async function seedCalibrations(db: Db, windows: SuppressionWindowService, tenantIds: readonly number[], nowMs: number): Promise<number> {
  const devices = (await new CalibrationRepository(db).devices(tenantIds)).filter((d) => d.params.some((p) => p.name === 'so2')).slice(0, 3);
  const [onSchedule, running, overdue] = devices;
  let n = 0;
  // `hour` o'clock in India on the (UTC) date `daysAgo` days ago.
  const at = (daysAgo: number, hour = 10) => fromWallClock(Math.floor((nowMs - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + hour * 3_600_000, DEFAULT_TIME_ZONE);
  if (onSchedule) {
    for (const daysAgo of [58, 43, 28, 13, 4]) {
      n += await record(db, windows, onSchedule, 'ZERO', at(daysAgo), 14, (p) => (p.kind === 'ZERO' ? (daysAgo % 3) * 0.8 : p.expected));
      // The span 28 days ago read 7 % low: a drift, recalibrated since.
      n += await record(db, windows, onSchedule, 'SPAN', at(daysAgo, 11), 18, (p) => p.expected * (daysAgo === 28 ? 0.93 : 0.985 + (daysAgo % 4) * 0.005));
    }
    n += await record(db, windows, onSchedule, 'MULTIPOINT', at(40, 14), 55, (p) => p.expected * 1.01);
  }
  if (overdue) {
    n += await record(db, windows, overdue, 'ZERO', at(21), 12, () => 1.1);
    n += await record(db, windows, overdue, 'SPAN', at(21, 11), 20, (p) => p.expected * 0.98);
    n += await record(db, windows, overdue, 'MULTIPOINT', at(50, 14), 50, (p) => p.expected);
  }
  if (running) {
    n += await record(db, windows, running, 'ZERO', at(9), 15, () => 0.6);
    n += await record(db, windows, running, 'SPAN', at(9, 11), 17, (p) => p.expected * 0.99);
    n += await record(db, windows, running, 'MULTIPOINT', at(30, 14), 52, (p) => p.expected);
    n += await record(db, windows, running, 'SPAN', nowMs - 25 * MINUTE_MS, null, () => null, 'cylinder 7741, span 400 ppm; technician on site');
  }
  return n;
}

/** A calibration of the device's gases (SO2, NOx where reported) with its window; in progress when `minutes` is null. */
async function record(
  db: Db,
  windows: SuppressionWindowService,
  device: CalibrationDevice,
  type: Type,
  startMs: number,
  minutes: number | null,
  read: (p: { kind: 'ZERO' | 'SPAN' | 'POINT'; expected: number }) => number | null,
  remarks?: string,
): Promise<number> {
  const gases = device.params.filter((p) => p.name === 'so2' || p.name === 'nox').map((p) => p.name);
  const spanOf = (name: string) => (name === 'so2' ? 400 : 300);
  const points = gases.flatMap((param) => {
    const span = spanOf(param);
    const kinds: { kind: 'ZERO' | 'SPAN' | 'POINT'; expected: number }[] =
      type === 'ZERO' ? [{ kind: 'ZERO', expected: 0 }] : type === 'SPAN' ? [{ kind: 'SPAN', expected: span }] : [{ kind: 'ZERO', expected: 0 }, { kind: 'POINT', expected: span / 2 }, { kind: 'SPAN', expected: span }];
    return kinds.map((k, seq) => {
      const v = read(k);
      return { param, seq, kind: k.kind, expected: k.expected, measured: v === null ? null : Math.round(v * 100) / 100, range: 500 };
    });
  });
  return db.transaction().execute(async (trx) => {
    const repo = new CalibrationRepository(trx);
    const startedAt = new Date(startMs);
    const id = await repo.create({
      tenantId: device.tenantId,
      deviceId: device.id,
      entityId: device.entityId,
      type,
      method: 'MANUAL',
      startedAt,
      startedBy: null,
      startedByName: 'demo',
      remarks: remarks ?? null,
      points,
    });
    const endedAt = minutes === null ? null : new Date(startMs + minutes * MINUTE_MS);
    const window = await windows.in(trx).open({
      tenantId: device.tenantId,
      deviceId: String(device.id),
      kind: 'CALIBRATION',
      startsAt: startedAt,
      endsAt: endedAt,
      source: `calibration:${id}`,
      reason: `${type.toLowerCase()} calibration of ${gases.join(', ')}`,
    });
    await repo.setWindowAndDocument(device.tenantId, id, window.id, null);
    if (endedAt) await repo.end(device.tenantId, id, { status: 'COMPLETED', endedAt, endedBy: null });
    return 1;
  });
}
