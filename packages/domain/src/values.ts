/**
 * SPEC 5: a value is invalid when it is null, undefined, 'null' or 'NaN'. Readings must also be
 * finite numbers (or numeric strings) to be stored.
 */
export function isInvalidValue(value: unknown): boolean {
  return value === null || value === undefined || value === 'null' || value === 'NaN' || Number.isNaN(value);
}

export type ReadingValue = { ok: true; value: number } | { ok: false; reason: string };

/**
 * The largest magnitude a reading may have. No quantity measured here comes near it (a million
 * cubic kilometres in m3, a petawatt-hour in Wh), while values near the float maximum overflow the
 * rollups' sums: two of 1.7e308 in one bucket have no float sum. Below it, sums of any number of
 * readings stay finite. Larger values are refused on arrival, and left out of aggregates if stored
 * before this bound existed.
 */
export const MAX_READING_MAGNITUDE = 1e15;

/** Parses a device-sent value: a finite number, a numeric string, or a boolean (1/0), within ±MAX_READING_MAGNITUDE. */
export function parseReadingValue(raw: unknown): ReadingValue {
  if (isInvalidValue(raw)) return { ok: false, reason: `invalid value ${JSON.stringify(raw ?? null)}` };
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? bounded(raw) : { ok: false, reason: `value is not finite` };
  }
  if (typeof raw === 'boolean') return { ok: true, value: raw ? 1 : 0 };
  if (typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw.trim());
    if (Number.isFinite(n)) return bounded(n);
  }
  return { ok: false, reason: `value ${preview(raw)} is not numeric` };
}

/** How much of a refused value its reason shows. */
const PREVIEW_CHARS = 40;

/**
 * The start of a value as JSON. Each level of nesting writes at least one character, so levels
 * past PREVIEW_CHARS never show and are not walked: a value nested thousands of levels deep (which
 * JSON.parse builds without recursing) would overflow JSON.stringify's stack.
 */
function preview(raw: unknown): string {
  const depths = new WeakMap<object, number>();
  const json = JSON.stringify(raw, function (this: object, _key, value: unknown) {
    if (typeof value !== 'object' || value === null) return value;
    const depth = (depths.get(this) ?? 0) + 1;
    if (depth > PREVIEW_CHARS) return undefined;
    depths.set(value, depth);
    return value;
  });
  return json.slice(0, PREVIEW_CHARS);
}

function bounded(value: number): ReadingValue {
  if (Math.abs(value) > MAX_READING_MAGNITUDE) return { ok: false, reason: `value ${value} is beyond ±1e15` };
  return { ok: true, value };
}
