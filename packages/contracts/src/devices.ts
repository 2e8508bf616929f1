import { z } from 'zod';
import { Id, TenantId, pageOf } from './common.ts';

/** A parameter a device reports, with its optional limits. */
export const DeviceParamInput = z.object({
  /** Standard parameter name from /api/allMetaStdParams, e.g. 'pm'. */
  name: z.string().min(1).max(64),
  /** Unit when it differs from the standard parameter's. */
  unit: z.string().max(32).optional(),
  /** Lowest acceptable value; below it raises a SYSTEM alert. */
  min: z.number().finite().optional(),
  /** Highest acceptable value; above it raises a SYSTEM alert. */
  max: z.number().finite().optional(),
}).refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, { message: 'min must not exceed max', path: ['min'] });
export type DeviceParamInput = z.input<typeof DeviceParamInput>;

/** Creates a device mounted on a station, with its parameters; returns its access token. */
export const CreateDevice = z.object({
  /** Owning tenant. */
  tenantId: TenantId,
  /** Station the device is mounted on. */
  entityId: Id,
  /** Display name. */
  name: z.string().trim().min(1).max(200),
  /** Manufacturer, e.g. 'Thermo Fisher'. */
  make: z.string().max(100).optional(),
  /** Model, e.g. '5014i'. */
  model: z.string().max(100).optional(),
  /** Manufacturer serial number. */
  serialNo: z.string().max(100).optional(),
  /** Sensor id used by the regulator's server. */
  sensorId: z.string().max(100).optional(),
  /** Free tags of the device's series. */
  tags: z.record(z.string(), z.string()).default({}),
  /** Access token to use; generated when omitted. */
  accessToken: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'letters, digits, _ or -, 8 to 128 long').optional(),
  /** Parameters the device reports. */
  params: z.array(DeviceParamInput).min(1).max(256),
});
export type CreateDevice = z.input<typeof CreateDevice>;

export interface CreatedDevice {
  id: number;
  accessToken: string;
  params: { name: string; slot: number }[];
}

// ---------------------------------------------------------------------------------------------
// Fleet management in the app (SPEC 3 Device, Device param; 7 Devices and calibration, Tenants'
// device/make/model CRUD). Devices are soft-deleted by `deletedDate`.

/** Live status of a device from its last reading (SPEC 4). */
export const DeviceLiveStatus = z.enum(['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN']);
export type DeviceLiveStatus = z.infer<typeof DeviceLiveStatus>;

/** Path of the routes addressing one device. */
export const DeviceIdParams = z.object({
  /** Device id. */
  id: Id,
});

/** Query of GET /api/devices: the fleet page's filters, one page at a time. */
export const DeviceListQuery = z.object({
  /** Tenant whose devices to list; default: every tenant the caller reads. */
  tenantId: TenantId.optional(),
  /** Text the device's name, serial number, sensor id, station, make or model contains, ignoring case. */
  search: z.string().trim().max(100).optional(),
  /** Only devices with this live status. */
  status: DeviceLiveStatus.optional(),
  /** Only devices mounted on this station. */
  entityId: Id.optional(),
  /** 'true': removed devices (with their `deletedDate`) instead of those in service. */
  deleted: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true').default(false),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(25),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;

/** A device as the fleet list shows it. */
export const DeviceSummary = z.object({
  /** Device id. */
  id: z.number().int().positive(),
  /** 'D-' and the id left-padded to 10 digits. */
  displayId: z.string(),
  /** Owning tenant. */
  tenantId: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** Manufacturer, or null. */
  make: z.string().nullable(),
  /** Model, or null. */
  model: z.string().nullable(),
  /** Model id, or null. */
  modelId: z.number().int().positive().nullable(),
  /** Manufacturer serial number. */
  serialNo: z.string().nullable(),
  /** Sensor id used by the regulator's server. */
  sensorId: z.string().nullable(),
  /** Station the device is mounted on now, or null (in stock). */
  entityId: z.number().int().positive().nullable(),
  /** That station's name. */
  entityName: z.string().nullable(),
  /** That station's type. */
  entityType: z.string().nullable(),
  /** Time of the latest reading (ISO 8601), or null. */
  lastDataAt: z.iso.datetime({ offset: true }).nullable(),
  /** From `lastDataAt`. */
  liveStatus: DeviceLiveStatus,
  /** Parameters in service. */
  paramCount: z.number().int().min(0),
  /** When the device was removed (ISO 8601), or null. */
  deletedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceSummary = z.infer<typeof DeviceSummary>;

/** Answer of GET /api/devices. */
export const DevicePage = pageOf(DeviceSummary);
export type DevicePage = z.infer<typeof DevicePage>;

/** A parameter of a device as its detail shows it. */
export const DeviceParamDetail = z.object({
  /** Slot: its place in the device's readings; never reused. */
  slot: z.number().int().min(1),
  /** Standard parameter name, e.g. 'so2'. */
  name: z.string(),
  /** Its display label. */
  label: z.string(),
  /** Unit the device reports in. */
  unit: z.string(),
  /** The catalogue's unit. */
  stdUnit: z.string(),
  /** How a reported value converts to the catalogue's unit (`value * factor + offset`), or null when the units are not convertible. */
  conversion: z.object({ factor: z.number(), offset: z.number() }).nullable(),
  /** Lowest acceptable value, or null. */
  min: z.number().nullable(),
  /** Highest acceptable value, or null. */
  max: z.number().nullable(),
  /** Whether it is a diagnostic parameter (name starts with 'device_', SPEC 3). */
  diagnostic: z.boolean(),
  /** When it was removed (ISO 8601), or null while it reports. */
  deletedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceParamDetail = z.infer<typeof DeviceParamDetail>;

/** A period a device served a station. */
export const DeviceMount = z.object({
  /** Device id. */
  deviceId: z.number().int().positive(),
  /** Station id. */
  entityId: z.number().int().positive(),
  /** Station name. */
  entityName: z.string(),
  /** From (ISO 8601); null for a mount older than the history (before migration 030). */
  mountedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Until (ISO 8601), or null while it is mounted. */
  unmountedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceMount = z.infer<typeof DeviceMount>;

/** Answer of GET /api/devices/{id}. */
export const DeviceDetail = DeviceSummary.extend({
  /** Free tags of the device's series. */
  tags: z.record(z.string(), z.string()),
  /** The access token it reports with; null for callers who may not change the device. */
  accessToken: z.string().nullable(),
  /** Whether the caller may change it. */
  canEdit: z.boolean(),
  /** Present with `params=true`: parameters in slot order, removed ones included. */
  params: z.array(DeviceParamDetail).optional(),
  /** Present with `params=true`: which stations it served when, latest first. */
  mounts: z.array(DeviceMount).optional(),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

/** Query of GET /api/devices/{id}. */
export const DeviceQuery = z.object({
  /** 'true': add parameters and mount history. */
  params: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true').default(false),
});

const AppDeviceParam = z
  .object({
    /** Standard parameter name from /api/allMetaStdParams, e.g. 'so2'. */
    name: z.string().min(1).max(64),
    /** Unit the device reports in when not the catalogue's; must convert to it. */
    unit: z.string().trim().min(1).max(32).optional(),
    /** Lowest acceptable value. */
    min: z.number().finite().nullable().optional(),
    /** Highest acceptable value. */
    max: z.number().finite().nullable().optional(),
  })
  .refine((p) => p.min == null || p.max == null || p.min <= p.max, { message: 'min must not exceed max', path: ['min'] });

/** Body of POST /api/devices. */
export const DeviceBody = z.object({
  /** Owning tenant; default the tenant the caller acts for. */
  tenantId: TenantId.optional(),
  /** Station to mount it on; omitted, it stays in stock (GET /api/devices/available). */
  entityId: Id.optional(),
  /** Display name. */
  name: z.string().trim().min(1).max(200),
  /** Model (GET /api/makes). */
  modelId: TenantId.nullable().optional(),
  /** Manufacturer serial number; one live device per serial number. */
  serialNo: z.string().trim().min(1).max(100).nullable().optional(),
  /** Sensor id used by the regulator's server. */
  sensorId: z.string().trim().min(1).max(100).nullable().optional(),
  /** Free tags of the device's series. */
  tags: z.record(z.string().max(64), z.string().max(200)).default({}),
  /** Parameters it reports; a slot each, in the order given. */
  params: z.array(AppDeviceParam).min(1).max(256),
});
export type DeviceBody = z.input<typeof DeviceBody>;

/**
 * Body of PUT /api/devices/{id}: the whole device. Parameters keep their slots by name; a new one
 * takes the next slot; one left out is removed (its `deletedDate` set, its readings kept).
 */
export const UpdateDeviceBody = DeviceBody.omit({ tenantId: true, entityId: true });
export type UpdateDeviceBody = z.input<typeof UpdateDeviceBody>;

/** Answer of POST /api/devices/{id}/token: the new token; the old one stops working at once. */
export const DeviceToken = z.object({
  /** Access token of POST /api/v1/{token}/telemetry and MQTT. */
  accessToken: z.string(),
});

/** Path of GET /api/deviceAvialableAtIoeye/{serialNo}. */
export const SerialNoParams = z.object({
  /** Manufacturer serial number. */
  serialNo: z.string().trim().min(1).max(100),
});

/** Answer of GET /api/deviceAvialableAtIoeye/{serialNo} when the serial number is free (taken: 409). */
export const SerialAvailability = z.object({
  /** The serial number asked about. */
  serialNo: z.string(),
  /** Always true here; a taken number answers 409. */
  available: z.literal(true),
});

/** Path of the mount routes. */
export const MountParams = z.object({
  /** Station id. */
  entityId: Id,
  /** Device id. */
  deviceId: Id,
});

/** Answer of GET /api/getLastDataDate/{id}. */
export const LastDataDate = z.object({
  /** Station id. */
  entityId: z.number().int().positive(),
  /** The latest reading of its devices (ISO 8601), or null. */
  lastDataAt: z.iso.datetime({ offset: true }).nullable(),
});

/** Body of POST /api/devices/{id}/availability. */
export const AvailabilityRequest = z.object({
  /** First day (YYYY-MM-DD, Asia/Kolkata). */
  startDate: z.iso.date(),
  /** Last day, included (YYYY-MM-DD); at most 366 days after startDate. */
  endDate: z.iso.date(),
});
export type AvailabilityRequest = z.infer<typeof AvailabilityRequest>;

/** A day's availability: the share of its 96 minute_15 slots with data (SPEC 9). */
export const AvailabilityDay = z.object({
  /** The day (YYYY-MM-DD, Asia/Kolkata). */
  date: z.string(),
  /** Slots with at least one reading. */
  slots: z.number().int().min(0),
  /** Slots of the day due (96; fewer for today) less those in calibration or maintenance. */
  expected: z.number().int().min(0),
  /** Slots overlapping a calibration or maintenance window: neither due nor counted, as such data is not process data. */
  calibration: z.number().int().min(0),
  /** slots / expected, in percent, or null when no slot is due yet. */
  percentage: z.number().nullable(),
});
export type AvailabilityDay = z.infer<typeof AvailabilityDay>;
export const AvailabilityList = z.array(AvailabilityDay);

/** Body of POST /api/devices/{id}/param/data: chart readings (startTime and endTime, or time). */
export const ParamDataRequest = z
  .object({
    /** Parameter names; default every parameter. */
    params: z.array(z.string().min(1).max(64)).max(256).optional(),
    /** From (ISO 8601). */
    startTime: z.iso.datetime({ offset: true }).optional(),
    /** To (ISO 8601), excluded; at most 7 days after startTime. */
    endTime: z.iso.datetime({ offset: true }).optional(),
    /** Instead of a range: the readings of this instant's 15-minute slot. */
    time: z.iso.datetime({ offset: true }).optional(),
    /** Only diagnostic ('device_') parameters, or only process ones. */
    type: z.enum(['diagnostic', 'process']).optional(),
  })
  .refine((r) => r.time !== undefined || (r.startTime !== undefined && r.endTime !== undefined), {
    message: 'give startTime and endTime, or time',
    path: ['startTime'],
  });
export type ParamDataRequest = z.infer<typeof ParamDataRequest>;

/** One parameter's readings. */
export const ParamData = z.object({
  /** Standard parameter name. */
  name: z.string(),
  /** Its label. */
  label: z.string(),
  /** The device's unit. */
  unit: z.string(),
  /** Whether it is diagnostic. */
  diagnostic: z.boolean(),
  /** Readings in time order; an answer holds at most 100,000 values (readings × parameters), a range with more is 400 naming endTime. */
  data: z.array(z.object({ time: z.iso.datetime({ offset: true }), value: z.number() })),
});
export type ParamData = z.infer<typeof ParamData>;
export const ParamDataList = z.array(ParamData);

/** Query of GET /api/devices/{id}/diagnosticParams. */
export const DiagnosticQuery = z.object({
  /** 'diagnostic' (default): the device_ parameters; 'process': the others; 'all'. */
  type: z.enum(['diagnostic', 'process', 'all']).default('diagnostic'),
});

/** Query of the licence count routes. */
export const LicenseUsageQuery = z.object({
  /** Tenant; default the tenant the caller acts for. */
  tenantId: TenantId.optional(),
});

/** A station type's licence and use (GET /api/usedAddOnStations). */
export const LicenseUsage = z.object({
  /** Station type. */
  stationType: z.string(),
  /** Stations the licence allows. */
  licensed: z.number().int().min(0),
  /** Stations of the type not deleted. */
  used: z.number().int().min(0),
  /** licensed - used, never below 0. */
  remaining: z.number().int().min(0),
});
export type LicenseUsage = z.infer<typeof LicenseUsage>;
export const LicenseUsageList = z.array(LicenseUsage);

/** A device model and its make (GET /api/makes). */
export const DeviceModelInfo = z.object({
  /** Model id. */
  id: z.number().int().positive(),
  /** Model name. */
  name: z.string(),
  /** Live devices of this model across every tenant the caller reads. */
  devices: z.number().int().min(0),
});
export const DeviceMakeInfo = z.object({
  /** Make id. */
  id: z.number().int().positive(),
  /** Manufacturer name. */
  name: z.string(),
  /** Its models by name. */
  models: z.array(DeviceModelInfo),
});
export type DeviceMakeInfo = z.infer<typeof DeviceMakeInfo>;
export const DeviceMakeList = z.array(DeviceMakeInfo);

/** Path of the make and model routes (their ids are int4). */
export const CatalogIdParams = z.object({
  /** Make or model id. */
  id: TenantId,
});

/** Body of POST /api/makes and PUT /api/makes/{id}. */
export const MakeBody = z.object({
  /** Manufacturer name, unique. */
  name: z.string().trim().min(1).max(100),
});
/** Body of POST /api/models and PUT /api/models/{id}. */
export const ModelBody = z.object({
  /** Its make. */
  makeId: TenantId,
  /** Model name, unique within the make. */
  name: z.string().trim().min(1).max(100),
});
/** Answer of a make or model write. */
export const CreatedId = z.object({
  /** Its id. */
  id: z.number().int().positive(),
});

/** Largest CSV history upload (POST /api/devices/{id}/import), in bytes. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** Answer of POST /api/devices/{id}/import: the CLI import's rules and report (docs/DEVICES.md). */
export const ImportResult = z.object({
  /** Rows stored (a row already stored with the same values counts, and changes nothing). */
  accepted: z.number().int().min(0),
  /** Rows that were new or added values to a stored row. */
  changed: z.number().int().min(0),
  /** Refused rows with their 1-based line and why, the first 1,000. */
  refused: z.array(z.object({ line: z.number().int().min(1), reason: z.string() })),
  /** All refused rows. */
  refusedCount: z.number().int().min(0),
});
export type ImportResult = z.infer<typeof ImportResult>;
