import { z } from 'zod';
import { AQI_CATEGORIES, AQI_POLLUTANT_NAMES } from '@enviro/domain/aqi';
import { parseLocalDate } from '@enviro/domain/time-zone';
import { Id } from '../common.ts';
import { LocalDate } from './request.ts';

/**
 * POST /api/data/aqi: CPCB's National Air Quality Index of a CAAQMS station, now and per day
 * (REGULATORY.md "National Air Quality Index"; rules in `@enviro/domain/aqi`). Days are days of
 * Asia/Kolkata, the index being Indian.
 */

/** Most days one request may ask for: the current year and 3 previous ones (SPEC 2 numberofyears). */
export const MAX_AQI_DAYS = 4 * 366;

export const AqiRequest = z
  .strictObject({
    /** The CAAQMS station. Another tenant's answers 404; a station of another type 400. */
    entityId: Id,
    /** First day of the daily indices 'YYYY-MM-DD'; without it only `now` is answered. */
    startDate: LocalDate.optional(),
    /** Last day (inclusive) 'YYYY-MM-DD'; default the start date. */
    endDate: LocalDate.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.endDate !== undefined && r.startDate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'required when endDate is given' });
      return;
    }
    if (r.startDate === undefined || r.endDate === undefined) return;
    const [start, end] = [parseLocalDate(r.startDate), parseLocalDate(r.endDate)];
    if (start === undefined || end === undefined) return;
    const days = Math.round((end - start) / 86_400_000) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'before startDate' });
    if (days > MAX_AQI_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `more than ${MAX_AQI_DAYS} days after startDate` });
  });
export type AqiRequest = z.output<typeof AqiRequest>;

export const AqiRequestBody = z.strictObject({
  /** The AQI request. */
  request: AqiRequest,
});

export const AqiPollutantName = z.enum(AQI_POLLUTANT_NAMES);
export const AqiCategoryName = z.enum(AQI_CATEGORIES);

/** One pollutant's part of an index. */
export const AqiSubIndex = z.object({
  /** Standard parameter name: pm10, pm2_5, no2, so2, co, o3, nh3 or pb. */
  pollutant: AqiPollutantName,
  /** Display label, e.g. 'PM2.5'. */
  label: z.string(),
  /** The 24-hour (8-hour for CO and O3) average it is computed from, in `unit`. */
  concentration: z.number(),
  /** µg/m3, or mg/m3 for CO: the unit of the breakpoint table, whatever the device reports in. */
  unit: z.string(),
  /** The sub-index, 0–500. */
  subIndex: z.number().int(),
  /** Valid hours (at least 3 of 4 quarters with data) behind the average. */
  validHours: z.number().int(),
});

/** An index, or why there is none. */
export const AqiValue = z.object({
  /** The index 0–500, null when fewer than 3 pollutants (or none of PM2.5, PM10) had enough valid hours. */
  aqi: z.number().int().nullable(),
  /** Good, Satisfactory, Moderate, Poor, Very Poor or Severe; null without an index. */
  category: AqiCategoryName.nullable(),
  /** CPCB's colour of the category ('#rrggbb'); null without an index. */
  colour: z.string().nullable(),
  /** The pollutants giving the index (several when they tie). */
  prominent: z.array(AqiPollutantName),
  /** Every pollutant with enough valid hours. */
  subIndices: z.array(AqiSubIndex),
  /** Why there is no index: 'too-few-pollutants' or 'no-particulate'; null with one. */
  missing: z.enum(['too-few-pollutants', 'no-particulate']).nullable(),
});
export type AqiValue = z.infer<typeof AqiValue>;

export const AqiDay = AqiValue.extend({
  /** The day 'YYYY-MM-DD' of Asia/Kolkata. */
  date: z.string(),
});
export type AqiDay = z.infer<typeof AqiDay>;

export const AqiResponse = z.object({
  entityId: z.number().int(),
  entityName: z.string(),
  /** The index of the 24 hours (8 for CO and O3) ending at `now.time`, the start of the current hour. */
  now: AqiValue.extend({
    /** End of the averaging window, epoch milliseconds: the start of the current hour of Asia/Kolkata. */
    time: z.number().int(),
  }),
  /** One per day from startDate to endDate, oldest first; empty without startDate. */
  days: z.array(AqiDay),
});
export type AqiResponse = z.infer<typeof AqiResponse>;
