import { z } from 'zod';
import { DETECTORS, QUALITY_STATES } from '@enviro/domain/data-quality/detectors';
import { TUNABLE_DETECTORS } from '@enviro/domain/data-quality/quality-config';
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

/**
 * A device parameter's detector settings (docs/DATA-QUALITY.md, "Settings"): null keeps the
 * parameter's default. Boards and the platform's administrators set them; an industry reads them
 * (a detector the polluter could switch off would flag nothing).
 */
export const DetectorSettings = z
  .object({
    /** The analyser's full scale as installed, in the parameter's unit. */
    fullScale: z.number().positive().max(1e9).nullable().default(null),
    /** Consecutive 15-minute slots of one value before a flat line is flagged (2 slots to a day). */
    flatLineSlots: z.number().int().min(2).max(96).nullable().default(null),
    /** Values within this much of each other count as one value (the parameter's unit). */
    flatLineTolerance: z.number().min(0).max(1e9).nullable().default(null),
    /** A spike leaves the local median by more than this many robust deviations. */
    spikeFactor: z.number().min(2).max(100).nullable().default(null),
    /** The largest change of the 15-minute average from one slot to the next (the parameter's unit). */
    maxStep: z.number().positive().max(1e9).nullable().default(null),
    /** Detectors switched off for this parameter. */
    off: z.array(z.enum(TUNABLE_DETECTORS)).max(TUNABLE_DETECTORS.length).default([]),
  })
  .strict();
export type DetectorSettings = z.infer<typeof DetectorSettings>;

export const QualitySettingsParams = z.object({ stationId: Id });

/** One parameter of one of the station's devices: its defaults and its own settings. */
export const QualityParamSettings = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  slot: z.number().int(),
  param: z.string(),
  label: z.string(),
  unit: z.string().nullable(),
  defaults: DetectorSettings,
  /** Its own settings; null: the defaults apply. */
  settings: DetectorSettings.nullable(),
  updatedAt: z.number().int().nullable(),
});
export type QualityParamSettings = z.infer<typeof QualityParamSettings>;

export const QualitySettings = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  /** Whether the caller may change them (a board's administrator or the platform's). */
  editable: z.boolean(),
  params: z.array(QualityParamSettings),
});
export type QualitySettings = z.infer<typeof QualitySettings>;

/** Sets (or with `settings` null, clears) one parameter's settings; its last week is judged again. */
export const QualitySettingsUpdate = z
  .object({
    deviceId: Id,
    slot: z.number().int().min(1).max(256),
    settings: DetectorSettings.nullable(),
  })
  .strict();
export type QualitySettingsUpdate = z.infer<typeof QualitySettingsUpdate>;
