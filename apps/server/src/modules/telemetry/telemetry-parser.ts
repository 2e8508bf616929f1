import { MAX_FUTURE_MS, MIN_READING_TS, type TelemetryPayload, type TelemetryRefusal } from '@enviro/contracts/telemetry';
import { parseReadingValue } from '@enviro/domain/values';
import type { DeviceProfile } from './device-profile.repository.ts';

/** A device's values at one instant; index slot - 1, undefined where not reported. */
export type ReadingRow = (number | undefined)[];

export interface ParsedTelemetry {
  /** Rows by epoch milliseconds: every reading of the payload at one instant shares one row. */
  rows: Map<number, ReadingRow>;
  accepted: number;
  refused: TelemetryRefusal[];
}

/**
 * Checks every reading of a ThingsBoard-style payload against the device's parameters and SPEC 5,
 * keeping the good ones and naming why each bad one is refused. Flat entries are stamped `nowMs`.
 */
export function parseTelemetry(device: DeviceProfile, payload: TelemetryPayload, nowMs: number): ParsedTelemetry {
  const rows = new Map<number, ReadingRow>();
  const refused: TelemetryRefusal[] = [];
  let accepted = 0;
  const entries = Array.isArray(payload) ? payload : [payload];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    let ts = nowMs;
    let values: Record<string, unknown> = entry;
    if (Object.hasOwn(entry, 'ts') && Object.hasOwn(entry, 'values')) {
      const time = readTs(entry.ts, nowMs);
      if (typeof time === 'string') {
        refused.push({ index, reason: time });
        continue;
      }
      ts = time;
      if (!isPlainObject(entry.values)) {
        refused.push({ index, ts, reason: 'values must be an object of parameter name: value' });
        continue;
      }
      values = entry.values;
    }
    let row = rows.get(ts);
    for (const key in values) {
      if (!Object.hasOwn(values, key)) continue;
      const param = device.params.get(key);
      if (param === undefined) {
        refused.push({ index, key, ts, reason: 'unknown parameter for this device' });
        continue;
      }
      const parsed = parseReadingValue(values[key]);
      if (!parsed.ok) {
        refused.push({ index, key, ts, reason: parsed.reason });
        continue;
      }
      if (row === undefined) {
        row = new Array<number | undefined>(device.width);
        rows.set(ts, row);
      }
      const held = row[param.slot - 1];
      if (held !== undefined && held !== parsed.value) {
        refused.push({ index, key, ts, reason: `conflicts with value ${held} given earlier for the same ts` });
        continue;
      }
      row[param.slot - 1] = parsed.value;
      accepted++;
    }
  }
  return { rows, accepted, refused };
}

/** Epoch milliseconds from a number or a string of digits, or why it is not acceptable. */
function readTs(raw: unknown, nowMs: number): number | string {
  const ms = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(ms)) return 'ts must be an integer of epoch milliseconds';
  if (ms < MIN_READING_TS) {
    const hint = ms * 1000 >= MIN_READING_TS && ms * 1000 <= nowMs + MAX_FUTURE_MS ? ' (seconds sent instead of milliseconds?)' : '';
    return `ts before 2000-01-01${hint}`;
  }
  if (ms > nowMs + MAX_FUTURE_MS) return 'ts more than 10 minutes ahead of server time';
  return ms;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
