import { z } from 'zod';
import { TenantId } from '../common.ts';
import { AqiCategoryName, AqiPollutantName } from './aqi.ts';

/**
 * GET /api/air-quality: the air quality above a single station, the CAAQMS stations of every
 * industry the caller reads (a board's, a corporate's, a partner's) or of one (`tenantId`), each
 * with its National AQI now and for each of the last 30 days. The index is the one of
 * POST /api/data/aqi (`@enviro/domain/aqi`'s rules over the same valid hours), so a station's row
 * and its own page agree.
 */

/** Days each station's strip shows: the whole days of Asia/Kolkata before today. */
export const AIR_QUALITY_DAYS = 30;

export const AirQualityQuery = z
  .object({
    /** Only this industry's stations (one the caller reads; another is 404). Without it, every industry the caller reads. */
    tenantId: TenantId.optional(),
  })
  .strict();
export type AirQualityQuery = z.infer<typeof AirQualityQuery>;

/** An index in brief: what a row or a day's cell shows. */
export const AqiBrief = z.object({
  /** 0–500, null when there is no index (fewer than 3 pollutants with enough valid hours, or no PM). */
  aqi: z.number().int().nullable(),
  category: AqiCategoryName.nullable(),
  /** CPCB's colour of the category ('#rrggbb'); null without an index. */
  colour: z.string().nullable(),
  /** The pollutants giving the index (several when they tie). */
  prominent: z.array(AqiPollutantName),
  /** How many pollutants had enough valid hours. */
  pollutants: z.number().int(),
});
export type AqiBrief = z.infer<typeof AqiBrief>;

export const AirQualityStation = z.object({
  entityId: z.number().int(),
  entityName: z.string(),
  tenantId: z.number().int(),
  /** The index of the 24 hours (8 for CO and O3) ending at the overview's `time`. */
  now: AqiBrief,
  /** One per day of the overview's `days`, in the same order. */
  days: z.array(AqiBrief),
});
export type AirQualityStation = z.infer<typeof AirQualityStation>;

export const AirQualityOverview = z.object({
  /** End of the `now` window, epoch milliseconds: the start of the current hour of Asia/Kolkata. */
  time: z.number().int(),
  /** The days of the strips, 'YYYY-MM-DD' of Asia/Kolkata, oldest first: the 30 before today. */
  days: z.array(z.string()),
  /** The CAAQMS stations, worst index now first, those without one last, then by name. */
  stations: z.array(AirQualityStation),
});
export type AirQualityOverview = z.infer<typeof AirQualityOverview>;
