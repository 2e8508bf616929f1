import { z } from 'zod';

/**
 * Device telemetry in ThingsBoard's device API format, over HTTP (`POST /api/v1/{accessToken}/telemetry`)
 * and MQTT (`v1/devices/me/telemetry`). See docs/DEVICES.md.
 */

/** Largest telemetry body or MQTT payload accepted, in bytes (a week of 1-minute readings of 5 parameters fits). */
export const MAX_TELEMETRY_BYTES = 4 * 1024 * 1024;

/** Most entries one payload may hold. */
export const MAX_TELEMETRY_ENTRIES = 50_000;

/** How far ahead of the server's clock a reading's ts may be. */
export const MAX_FUTURE_MS = 10 * 60 * 1000;

/** The earliest instant a reading may carry: 2000-01-01T00:00:00Z. */
export const MIN_READING_TS = Date.UTC(2000, 0, 1);

/** Path parameters of the HTTP telemetry route. */
export const TelemetryParams = z.object({
  /** The device's access token: it both names and authenticates the device. */
  accessToken: z.string().min(1).max(256),
});
export type TelemetryParams = z.infer<typeof TelemetryParams>;

/**
 * One entry of a payload. Either readings at the server's time, `{"pm": 42.1, "so2": 12}`, or readings
 * at a device time, `{"ts": 1737963587742, "values": {"pm": 42.1}}` (an object with both `ts` and
 * `values`). Keys are standard parameter names the device is provisioned with; values are numbers or
 * numeric strings. Each entry and value is checked on its own, so one bad reading refuses only itself.
 */
export const TelemetryEntry = z.record(z.string(), z.unknown()).meta({
  examples: [{ pm: 42.1, so2: 12 }, { ts: 1737963587742, values: { pm: 42.1, so2: 12 } }],
});
export type TelemetryEntry = z.infer<typeof TelemetryEntry>;

/** A telemetry payload: one entry or an array of entries. */
export const TelemetryPayload = z.union([TelemetryEntry, z.array(TelemetryEntry).max(MAX_TELEMETRY_ENTRIES)]);
export type TelemetryPayload = z.infer<typeof TelemetryPayload>;

/**
 * Whether JSON.parse's value is plainly what TelemetryPayload accepts (an object, or an array of at
 * most MAX_TELEMETRY_ENTRIES objects), checked without zod's copy of every entry: on the ingestion
 * path that copy cost the server about 5 % of its time and the garbage to collect. A value this
 * says no to goes to TelemetryPayload, whose error names the field.
 */
export function isPlainTelemetryPayload(value: unknown): value is TelemetryPayload {
  return isPlainObject(value) || (Array.isArray(value) && value.length <= MAX_TELEMETRY_ENTRIES && value.every(isPlainObject));
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** A reading (or a whole entry) that was not stored, and why. */
export const TelemetryRefusal = z.object({
  /** Position of the entry in the payload (0 for a single object). */
  index: z.number().int().min(0),
  /** The parameter name, when one value is refused rather than the whole entry. */
  key: z.string().optional(),
  /** The entry's time in epoch milliseconds, when it had a valid one. */
  ts: z.number().int().optional(),
  /** Why it was refused, e.g. 'unknown parameter' or 'ts more than 10 minutes in the future'. */
  reason: z.string(),
});
export type TelemetryRefusal = z.infer<typeof TelemetryRefusal>;

/** Answer to a telemetry payload, sent only once the accepted readings are committed. */
export const TelemetryResult = z.object({
  /** Number of readings (parameter values) stored; a resent reading counts again but changes nothing. */
  accepted: z.number().int().min(0),
  /** Readings not stored, in payload order. */
  refused: z.array(TelemetryRefusal),
});
export type TelemetryResult = z.infer<typeof TelemetryResult>;
