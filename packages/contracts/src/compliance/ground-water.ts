import { z } from 'zod';
import { Id, TenantId } from '../common.ts';

/**
 * CGWA: a digital flow meter sends its telemetry (timestamp, cumulative volume, cumulative pump
 * hours) at least this many times a day (REGULATORY.md, "CGWA ground water").
 */
export const CGWA_READINGS_PER_DAY = 2;

/** Query of GET /api/groundWaterStations. */
export const GroundWaterQuery = z.strictObject({
  /** Only this industry (a tenant the caller reads). */
  tenantId: TenantId.optional(),
  /** IST days the reporting rule is checked over, ending today (default 7). */
  days: z.coerce.number().int().min(1).max(31).default(7),
});
export type GroundWaterQuery = z.output<typeof GroundWaterQuery>;

/** A meter's latest value. */
export const MeterValue = z.object({
  value: z.number(),
  /** The device's unit, else the catalogue's. */
  unit: z.string(),
  /** When it was read, epoch ms. */
  at: z.number().int(),
});
export type MeterValue = z.infer<typeof MeterValue>;

/** One IST day of a station's flow meter: how many readings of the cumulative volume it sent. */
export const MeterDay = z.object({
  /** IST day, 'YYYY-MM-DD'. */
  date: z.string(),
  readings: z.number().int().min(0),
});

/** A ground-water station with its flow meter's latest telemetry and its reporting over the window. */
export const GroundWaterStation = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  stationId: Id,
  stationName: z.string(),
  /** Its last reading of any kind, epoch ms; null when it never reported. */
  lastDataAt: z.number().int().nullable(),
  /** Cumulative volume pumped (the totalizer). */
  volume: MeterValue.nullable(),
  /** Cumulative pump running hours. */
  pumpHours: MeterValue.nullable(),
  /** Depth to water. */
  level: MeterValue.nullable(),
  /** Flow now. */
  flow: MeterValue.nullable(),
  /** Each IST day of the window, oldest first, today last. */
  days: z.array(MeterDay),
  /** Closed days (today left out) with at least CGWA_READINGS_PER_DAY readings of the volume. */
  daysMeetingRule: z.number().int().min(0),
  /** Closed days in the window. */
  closedDays: z.number().int().min(0),
});
export type GroundWaterStation = z.infer<typeof GroundWaterStation>;

/** Answer of GET /api/groundWaterStations: the caller's ground-water stations by industry and name. */
export const GroundWaterStations = z.object({
  readingsPerDay: z.number().int(),
  items: z.array(GroundWaterStation),
});
export type GroundWaterStations = z.infer<typeof GroundWaterStations>;
