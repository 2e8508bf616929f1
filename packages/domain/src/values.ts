/**
 * SPEC 5: a value is invalid when it is null, undefined, 'null' or 'NaN'. Readings must also be
 * finite numbers (or numeric strings) to be stored.
 */
export function isInvalidValue(value: unknown): boolean {
  return value === null || value === undefined || value === 'null' || value === 'NaN' || Number.isNaN(value);
}

export type ReadingValue = { ok: true; value: number } | { ok: false; reason: string };

/** Parses a device-sent value: a finite number, a numeric string, or a boolean (1/0). */
export function parseReadingValue(raw: unknown): ReadingValue {
  if (isInvalidValue(raw)) return { ok: false, reason: `invalid value ${JSON.stringify(raw ?? null)}` };
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? { ok: true, value: raw } : { ok: false, reason: `value is not finite` };
  }
  if (typeof raw === 'boolean') return { ok: true, value: raw ? 1 : 0 };
  if (typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw.trim());
    if (Number.isFinite(n)) return { ok: true, value: n };
  }
  return { ok: false, reason: `value ${JSON.stringify(raw).slice(0, 40)} is not numeric` };
}
