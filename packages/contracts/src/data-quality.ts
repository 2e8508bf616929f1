import { z } from 'zod';
import { DETECTORS, QUALITY_STATES } from '@enviro/domain/data-quality/detectors';
import { Id, TenantId } from './common.ts';

/**
 * Data quality (issue 36, docs/DATA-QUALITY.md): every 15-minute slot of every series carries a
 * state (valid, calibration, maintenance, suspect, invalid) and the detectors that fired on it; a
 * station's daily data-quality score (DEFINITIONS.md) sums them. Flags never change values.
 */

export const QualityState = z.enum(QUALITY_STATES);
export type QualityState = z.infer<typeof QualityState>;

export const DetectorName = z.enum(DETECTORS);
export type DetectorName = z.infer<typeof DetectorName>;

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** Days an overview covers at most, and by default. */
export const QUALITY_MAX_DAYS = 31;
export const QUALITY_DEFAULT_DAYS = 7;

/** How many slots a detector flagged. */
export const DetectorCount = z.object({ detector: DetectorName, slots: z.number().int() });
export type DetectorCount = z.infer<typeof DetectorCount>;

/** A station's score on one IST day. */
export const QualityDay = z.object({
  /** IST day 'YYYY-MM-DD'. */
  day: z.string(),
  /** 0–100 (DEFINITIONS.md, data-quality score); null without a slot of data outside calibration and maintenance. */
  score: z.number().nullable(),
  /** Parameter slots with data, and those not valid, by state. */
  slots: z.number().int(),
  suspect: z.number().int(),
  invalid: z.number().int(),
  calibration: z.number().int(),
  maintenance: z.number().int(),
  fired: z.array(DetectorCount),
});
export type QualityDay = z.infer<typeof QualityDay>;

export const QualityOverviewQuery = z
  .object({
    /** Only this industry's stations (one the caller reads; another is 404). Without it, every industry the caller reads. */
    tenantId: TenantId.optional(),
    /** Whole IST days before today to score (default 7, at most 31). */
    days: z.coerce.number().int().min(1).max(QUALITY_MAX_DAYS).default(QUALITY_DEFAULT_DAYS),
  })
  .strict();
export type QualityOverviewQuery = z.infer<typeof QualityOverviewQuery>;

export const QualityStationRow = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  stationType: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** The score over the overview's days together; null without data. */
  score: z.number().nullable(),
  /** The worst day and its score. */
  worstDay: z.string().nullable(),
  worstScore: z.number().nullable(),
  /** What fired over the days, most slots first. */
  fired: z.array(DetectorCount),
});
export type QualityStationRow = z.infer<typeof QualityStationRow>;

export const QualityOverview = z.object({
  /** The days scored, 'YYYY-MM-DD' of Asia/Kolkata, oldest first. */
  days: z.array(z.string()),
  /** Stations with data, worst score first, then by name. */
  stations: z.array(QualityStationRow),
});
export type QualityOverview = z.infer<typeof QualityOverview>;

export const QualityStationParams = z.object({ stationId: Id }).strict();
export type QualityStationParams = z.infer<typeof QualityStationParams>;

export const QualityStationQuery = z
  .object({
    /** First IST day (default: 7 days before today). */
    from: LocalDate.optional(),
    /** Last IST day included (default: yesterday); at most 31 days after `from`. */
    to: LocalDate.optional(),
  })
  .strict();
export type QualityStationQuery = z.infer<typeof QualityStationQuery>;

/** A slot of a series that is not valid: the evidence. */
export const QualitySlotFlag = z.object({
  deviceId: z.number().int(),
  /** The parameter's standard name and label. */
  param: z.string(),
  label: z.string(),
  /** Slot start, epoch milliseconds; the slot covers 15 minutes from it. */
  time: z.number().int(),
  state: QualityState,
  detectors: z.array(DetectorName),
  /** The slot's 15-minute average, beside its flag (the flag never changes it). */
  value: z.number().nullable(),
});
export type QualitySlotFlag = z.infer<typeof QualitySlotFlag>;

export const QualityStation = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  from: z.string(),
  to: z.string(),
  score: z.number().nullable(),
  days: z.array(QualityDay),
  /** The slots in the period that are not valid, oldest first; a slot with data and no entry is valid. */
  flags: z.array(QualitySlotFlag),
});
export type QualityStation = z.infer<typeof QualityStation>;
