import { z } from 'zod';
import { EntityType, Id, TenantId } from './common.ts';
import { AqiCategoryName, AqiPollutantName } from './data/aqi.ts';

/**
 * The open data API (issue 37): `/api/open/v1/...`, read by anyone, over the industries of the
 * statutory bodies that publish (`open_data_publication`). Every answer is an envelope carrying the
 * licence and the attribution beside its `data`; every time is ISO 8601 with the +05:30 offset and
 * every day an IST day. The figures are the product's own (docs/DEFINITIONS.md), read through the
 * services that compute them; docs/OPEN-DATA.md says which.
 */

/** The licence every answer and file carries. */
export const OPEN_DATA_LICENCE = {
  name: 'Government Open Data License - India (GODL-India)',
  url: 'https://www.data.gov.in/Godl',
} as const;

/** The most rows one page of a list holds. */
export const OPEN_PAGE_MAX = 200;

/** Series resolutions and the longest range one answer covers at each (a longer range is paged by `next`). */
export const OPEN_RESOLUTIONS = ['15m', '1h', '1d'] as const;
export const OPEN_MAX_DAYS: Record<(typeof OPEN_RESOLUTIONS)[number], number> = { '15m': 7, '1h': 31, '1d': 366 };
/** Longest range of the exceedance and calibration lists, and of the daily uptime. */
export const OPEN_EVENTS_MAX_DAYS = 366;
export const OPEN_UPTIME_MAX_DAYS = 31;
/** Days of NAQI one answer holds (a quarter): each day reads its pollutants' hours. */
export const OPEN_NAQI_MAX_DAYS = 92;

/** An IST day, 'YYYY-MM-DD', that exists on the calendar. */
export const OpenDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written 'YYYY-MM-DD' (an IST day)" })
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
  }, { error: 'is not a date on the calendar' });

/** A time with its offset, e.g. '2026-11-27T09:15:00.000+05:30'. */
export const OpenTime = z.string();

export const OpenLicence = z.object({ name: z.string(), url: z.string() });

/** What every answer carries beside its data. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    licence: OpenLicence,
    /** Whom to credit: the publishing boards and the stations' industries. */
    attribution: z.string(),
    data,
    /** The URL of the next page, or null on the last one. */
    next: z.string().nullable(),
  });

// ---------------------------------------------------------------------------------------------
// Boards and stations
// ---------------------------------------------------------------------------------------------

export const OpenBoard = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string().nullable(),
  /** When the board began publishing. */
  publishedSince: OpenTime,
});
export const OpenBoardList = envelopeOf(z.array(OpenBoard));
export type OpenBoardList = z.infer<typeof OpenBoardList>;

export const OpenLimit = z.object({
  /** Lowest acceptable value, or null. */
  min: z.number().nullable(),
  /** Highest acceptable value, or null. */
  max: z.number().nullable(),
});

export const OpenParameter = z.object({
  /** Standard parameter name, e.g. 'pm'; the `parameter` of the series route. */
  name: z.string(),
  label: z.string(),
  unit: z.string(),
  /** The consent limit a 15-minute average is judged against, or null when none is set. */
  limit: OpenLimit.nullable(),
});

export const OpenStation = z.object({
  /** The station's id: stable for as long as the station exists. */
  id: z.number().int(),
  name: z.string(),
  /** Station type, e.g. 'cems', 'caaqms'. */
  type: EntityType,
  industry: z.object({ id: z.number().int(), name: z.string(), category: z.string().nullable() }),
  /** The publishing board the station's industry reports to. */
  board: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({
    city: z.string().nullable(),
    state: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  /** Latest reading, or null when it never reported. */
  lastDataAt: OpenTime.nullable(),
  parameters: z.array(OpenParameter),
});
export type OpenStation = z.infer<typeof OpenStation>;

export const OpenStationListQuery = z.strictObject({
  /** Only this publishing board's stations. */
  board: TenantId.optional(),
  /** Only this industry's stations. */
  industry: TenantId.optional(),
  type: EntityType.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(OPEN_PAGE_MAX, { error: `must be at most ${OPEN_PAGE_MAX}` }).default(50),
});
export type OpenStationListQuery = z.infer<typeof OpenStationListQuery>;
export const OpenStationList = envelopeOf(z.array(OpenStation));
export type OpenStationList = z.infer<typeof OpenStationList>;
export const OpenStationAnswer = envelopeOf(OpenStation);
export type OpenStationAnswer = z.infer<typeof OpenStationAnswer>;

export const OpenStationParams = z.strictObject({ stationId: Id });

// ---------------------------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------------------------

const range = {
  /** First IST day (inclusive). */
  from: OpenDay,
  /** Last IST day (inclusive); default: `from`. */
  to: OpenDay.optional(),
};

export const OpenSeriesQuery = z.strictObject({
  parameter: z.string().min(1).max(64),
  resolution: z.enum(OPEN_RESOLUTIONS, { error: "must be '15m', '1h' or '1d'" }),
  ...range,
});
export type OpenSeriesQuery = z.infer<typeof OpenSeriesQuery>;

/**
 * Quality of a value, the slot states of docs/DATA-QUALITY.md: OK, CALIBRATION (a device of the
 * station was being calibrated during the bucket), MAINTENANCE, INVALID (physically impossible) or
 * SUSPECT (a detector fired); of a bucket of several slots, the worst of them in that order.
 */
export const OpenQuality = z.enum(['OK', 'CALIBRATION', 'MAINTENANCE', 'INVALID', 'SUSPECT']);

export const OpenPoint = z.object({
  /** Start of the bucket (a quarter hour, an hour, an IST day). */
  time: OpenTime,
  /** The bucket's value, null when it has none (a day below the 16-hour capture rule, no data). */
  value: z.number().nullable(),
  coverage: z.object({
    /** Closed quarter hours of the bucket that should hold data. */
    expected: z.number().int().min(0),
    /** Of those, the quarters holding data. */
    observed: z.number().int().min(0),
    /** observed / expected in % to one decimal, null when nothing was expected. */
    percent: z.number().nullable(),
  }),
  quality: OpenQuality,
});
export type OpenPoint = z.infer<typeof OpenPoint>;

export const OpenSeries = z.object({
  stationId: z.number().int(),
  parameter: z.string(),
  label: z.string(),
  unit: z.string(),
  resolution: z.enum(OPEN_RESOLUTIONS),
  /** How the value is made (docs/DEFINITIONS.md). */
  method: z.string(),
  points: z.array(OpenPoint),
});
export const OpenSeriesAnswer = envelopeOf(OpenSeries);
export type OpenSeriesAnswer = z.infer<typeof OpenSeriesAnswer>;

// ---------------------------------------------------------------------------------------------
// Exceedances, uptime, NAQI, calibrations
// ---------------------------------------------------------------------------------------------

export const OpenRangeQuery = z.strictObject(range);
export type OpenRangeQuery = z.infer<typeof OpenRangeQuery>;

export const OpenExceedance = z.object({
  parameter: z.string().nullable(),
  /** First exceeding quarter. */
  start: OpenTime,
  /** The clean quarter that ended it, or null while it lasts. */
  end: OpenTime.nullable(),
  /** Exceeding 15-minute slots. */
  slots: z.number().int().nullable(),
  minutesAboveLimit: z.number().int().nullable(),
  peak: z.number().nullable(),
});
export const OpenExceedanceList = envelopeOf(z.array(OpenExceedance));
export type OpenExceedanceList = z.infer<typeof OpenExceedanceList>;

export const OpenUptimeDay = z.object({
  day: z.string(),
  /** The station's uptime: the mean of its devices' (docs/DEFINITIONS.md), null when nothing was expected. */
  uptime: z.number().nullable(),
  /** Quarters expected and with data over the station's devices, calibration and maintenance quarters left out. */
  expected: z.number().int(),
  observed: z.number().int(),
});
export const OpenUptimeList = envelopeOf(z.array(OpenUptimeDay));
export type OpenUptimeList = z.infer<typeof OpenUptimeList>;

export const OpenNaqiDay = z.object({
  day: z.string(),
  aqi: z.number().int().nullable(),
  category: AqiCategoryName.nullable(),
  /** The prominent pollutants (several when they tie). */
  prominent: z.array(AqiPollutantName),
  /** Pollutants with enough valid hours. */
  pollutants: z.number().int(),
});
export const OpenNaqiList = envelopeOf(z.array(OpenNaqiDay));
/** Without a range, the last 30 IST days (as the air-quality screen); with one, its days (92 a page). */
export const OpenNaqiQuery = z.strictObject({ from: OpenDay.optional(), to: OpenDay.optional() });
export type OpenNaqiQuery = z.infer<typeof OpenNaqiQuery>;
export type OpenNaqiList = z.infer<typeof OpenNaqiList>;

export const OpenCalibration = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  type: z.string(),
  status: z.string(),
  startedAt: OpenTime,
  endedAt: OpenTime.nullable(),
  verdict: z.enum(['PASS', 'DRIFT']).nullable(),
  parameters: z.array(z.object({ name: z.string(), unit: z.string(), verdict: z.enum(['PASS', 'DRIFT']).nullable() })),
});
export const OpenCalibrationQuery = z.strictObject({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(OPEN_PAGE_MAX, { error: `must be at most ${OPEN_PAGE_MAX}` }).default(50),
});
export const OpenCalibrationList = envelopeOf(z.array(OpenCalibration));
export type OpenCalibrationList = z.infer<typeof OpenCalibrationList>;

// ---------------------------------------------------------------------------------------------
// Bulk files
// ---------------------------------------------------------------------------------------------

export const OpenMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a month written 'YYYY-MM'" });

export const OpenFileListQuery = z.strictObject({
  board: TenantId.optional(),
  station: Id.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const OpenFile = z.object({
  stationId: z.number().int(),
  boardId: z.number().int(),
  /** The IST month, 'YYYY-MM'. */
  month: z.string(),
  /** Data rows (one per parameter and quarter hour). */
  rows: z.number().int(),
  /** Bytes of the gzip file. */
  bytes: z.number().int(),
  /** SHA-256 of the uncompressed CSV: a changed file has a new one. */
  sha256: z.string(),
  generatedAt: OpenTime,
  url: z.string(),
});
export const OpenFileList = envelopeOf(z.array(OpenFile));
export type OpenFileList = z.infer<typeof OpenFileList>;
export const OpenFileParams = z.strictObject({ stationId: Id, month: OpenMonth });

export const OpenFileChangeQuery = z.strictObject({
  /** Changes at or after this day (IST). */
  since: OpenDay,
});
export const OpenFileChange = z.object({
  stationId: z.number().int(),
  boardId: z.number().int(),
  month: z.string(),
  /** NEW: the file was made the first time; CHANGED: late data or a correction changed its content. */
  reason: z.enum(['NEW', 'CHANGED']),
  rows: z.number().int(),
  sha256: z.string(),
  at: OpenTime,
});
export const OpenFileChangeList = envelopeOf(z.array(OpenFileChange));
export type OpenFileChangeList = z.infer<typeof OpenFileChangeList>;

// ---------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------

export const OpenKeySignUp = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(254),
  /** What the key is for, in a few words (shown to the operators only). */
  purpose: z.string().trim().max(500).default(''),
});
export type OpenKeySignUp = z.input<typeof OpenKeySignUp>;
export const OpenKeySignUpAnswer = z.object({ message: z.string() });

export const OpenKeyConfirm = z.strictObject({ token: z.string().min(10).max(200) });
export const OpenKeyConfirmAnswer = z.object({
  /** The key: shown this once, send it as the X-API-Key header. */
  key: z.string(),
  perMinute: z.number().int(),
  perHour: z.number().int(),
});
export type OpenKeyConfirmAnswer = z.infer<typeof OpenKeyConfirmAnswer>;

// ---------------------------------------------------------------------------------------------
// A board's publication setting (signed in)
// ---------------------------------------------------------------------------------------------

export const OpenPublicationParams = z.strictObject({ boardId: TenantId });
export const OpenPublication = z.object({
  boardId: z.number().int(),
  published: z.boolean(),
  publishedSince: OpenTime.nullable(),
});
export type OpenPublication = z.infer<typeof OpenPublication>;
export const PutOpenPublication = z.strictObject({ published: z.boolean() });
