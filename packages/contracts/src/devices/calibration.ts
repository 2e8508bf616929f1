/**
 * Calibration of devices (SPEC 7 "Devices and calibration", REGULATORY.md calibration protocol):
 * starting one (with its certificate or report), its progress, finishing or aborting it, the history
 * and figures of a device, due dates by the protocol's schedules, and the tenant-wide figures.
 */
import { z } from 'zod';
import { Id, TenantId } from '../common.ts';

export const CalibrationType = z.enum(['ZERO', 'SPAN', 'MULTIPOINT']);
export type CalibrationType = z.infer<typeof CalibrationType>;

export const CalibrationStatus = z.enum(['IN_PROGRESS', 'COMPLETED', 'ABORTED']);
export type CalibrationStatus = z.infer<typeof CalibrationStatus>;

/** MANUAL: done by hand at the analyser and recorded here; RPC: started and aborted over MQTT RPC. */
export const CalibrationMethod = z.enum(['MANUAL', 'RPC']);

/** State of the MQTT RPC sent to the device: queued until a server holding its connection sends it. */
export const RpcState = z.enum(['QUEUED', 'SENT', 'SUCCEEDED', 'FAILED', 'EXPIRED']);

const Value = z.number().finite().min(-1e12).max(1e12);

/** One point of a parameter's calibration. */
export const CalibrationPointInput = z.object({
  /** ZERO (zero gas), SPAN (span gas) or POINT (another point of a multipoint check). */
  kind: z.enum(['ZERO', 'SPAN', 'POINT']),
  /** Concentration of the reference (gas or solution), in the parameter's unit. */
  expected: Value,
  /** What the analyser read; may be given at the start or when finishing. */
  measured: Value.nullable().optional(),
});

/** A parameter of the device being calibrated. */
export const CalibrationParamInput = z.object({
  /** Standard parameter name the device reports, e.g. 'so2'. */
  name: z.string().trim().min(1).max(64),
  /** Full scale or span gas value the deviation of a zero point is related to; the largest expected value when omitted. */
  range: Value.positive().optional(),
  /** Points checked, 1 to 10. */
  points: z.array(CalibrationPointInput).min(1).max(10),
});

/** A file sent with the start: the calibration certificate or the report, base64 in JSON or a part of a multipart form. */
export const CalibrationFile = z.object({
  /** File name as uploaded, e.g. 'so2-span-certificate.pdf'. */
  fileName: z.string().trim().min(1).max(200).regex(/^[^/\\]+$/, 'a file name, without folders'),
  /** MIME type, e.g. 'application/pdf'. */
  contentType: z.string().trim().min(1).max(100),
  /** The file's bytes in base64 (at most 5 MiB of file). */
  content: z.base64().max(7_000_000).min(1),
});

/**
 * POST /api/startCalibration: a JSON body, or `multipart/form-data` whose field `calibration`
 * holds this JSON (without `file`) and whose file part `file` is the certificate or report.
 */
export const StartCalibration = z.object({
  /** Device being calibrated. */
  deviceId: Id,
  type: CalibrationType,
  /** RPC to start it on the device over MQTT; MANUAL (default) to record one done by hand. */
  method: CalibrationMethod.default('MANUAL'),
  /** Parameters checked, with their points. */
  params: z.array(CalibrationParamInput).min(1).max(32),
  /** When it started; now when omitted. Not in the future, not more than 7 days back. */
  startedAt: z.iso.datetime({ offset: true }).optional(),
  /** Free remarks: cylinder numbers, engineer, etc. */
  remarks: z.string().trim().max(2000).optional(),
  /** Certificate or report file. */
  file: CalibrationFile.optional(),
});
export type StartCalibration = z.input<typeof StartCalibration>;

/** POST /api/calibrate/{id}: finishes an in-progress calibration with the measured values. */
export const FinishCalibration = z.object({
  /** Measured values by parameter and point, in the order the points were given at the start. */
  params: z
    .array(z.object({ name: z.string().trim().min(1).max(64), measured: z.array(Value.nullable()).min(1).max(10) }))
    .max(32)
    .default([]),
  /** When it ended; now when omitted. */
  endedAt: z.iso.datetime({ offset: true }).optional(),
  remarks: z.string().trim().max(2000).optional(),
});
export type FinishCalibration = z.input<typeof FinishCalibration>;

/** POST /api/abortCalibration/{id}. */
export const AbortCalibration = z.object({
  /** Why it was aborted. */
  reason: z.string().trim().max(500).optional(),
});

/** Query of GET /api/abortCalibration/{id}, the call SPEC 7's clients make: the same reason. */
export const AbortCalibrationQuery = AbortCalibration;

export const CalibrationIdParams = z.object({ id: Id });
/** A device's id in the path. */
export const DeviceIdParams = z.object({ id: Id });

/** A point as recorded, with its deviation. */
export const CalibrationPoint = z.object({
  kind: z.enum(['ZERO', 'SPAN', 'POINT']),
  expected: z.number(),
  measured: z.number().nullable(),
  /** (measured − expected) in percent of the expected value, or of the span for a zero point; null when not measured. */
  deviationPercent: z.number().nullable(),
});

export const CalibrationParam = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.string(),
  range: z.number().nullable(),
  points: z.array(CalibrationPoint),
  /** Tolerance applied (the tenant's or the protocol's), and in what. */
  tolerance: z.number().nullable(),
  toleranceUnit: z.enum(['PERCENT', 'ABSOLUTE']).nullable(),
  /** PASS within tolerance, DRIFT beyond it; null before any point is measured or without a rule. */
  verdict: z.enum(['PASS', 'DRIFT']).nullable(),
});

/** A calibration of a device. */
export const Calibration = z.object({
  id: z.number(),
  tenantId: z.number(),
  deviceId: z.number(),
  deviceName: z.string(),
  /** Station the device was on when it started. */
  entityId: z.number().nullable(),
  entityName: z.string().nullable(),
  type: CalibrationType,
  status: CalibrationStatus,
  method: CalibrationMethod,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Seconds from start to end (or to now while in progress). */
  durationSeconds: z.number(),
  startedBy: z.string().nullable(),
  remarks: z.string().nullable(),
  abortReason: z.string().nullable(),
  /** Path of the certificate or report for POST /api/documentById; null when none was uploaded. */
  documentPath: z.string().nullable(),
  rpcState: RpcState.nullable(),
  rpcMessage: z.string().nullable(),
  /** DRIFT when any parameter drifted, PASS when all passed, null otherwise. */
  verdict: z.enum(['PASS', 'DRIFT']).nullable(),
  params: z.array(CalibrationParam),
});
export type Calibration = z.infer<typeof Calibration>;

/** GET /api/checkOnGoingCalibration/{deviceId}. */
export const OngoingCalibration = z.object({
  /** Whether the device is being calibrated now. */
  ongoing: z.boolean(),
  /** The calibration in progress, or null. */
  calibrationId: z.number().nullable(),
  startedAt: z.string().nullable(),
});

/** GET /api/calibrateList. */
export const CalibrationListQuery = z.object({
  deviceId: Id.optional(),
  /** Station (its devices' calibrations). */
  entityId: Id.optional(),
  status: CalibrationStatus.optional(),
  /** Only the tenant's (one the caller reads); every tenant the caller reads when omitted. */
  tenantId: TenantId.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type CalibrationListQuery = z.input<typeof CalibrationListQuery>;

export const CalibrationPage = z.object({
  items: z.array(Calibration),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/CalibartionsTime/{deviceId}: when each completed calibration ran. */
export const CalibrationTimes = z.array(
  z.object({ id: z.number(), type: CalibrationType, startedAt: z.string(), endedAt: z.string(), durationSeconds: z.number() }),
);

/** GET /api/ZeroCalibartionDuration/{deviceId}, /SpanCalibartionDuration/{deviceId}. */
export const CalibrationDurations = z.object({
  type: CalibrationType,
  /** Completed calibrations of the type, oldest first. */
  items: z.array(z.object({ id: z.number(), startedAt: z.string(), durationSeconds: z.number() })),
  averageSeconds: z.number().nullable(),
  lastSeconds: z.number().nullable(),
});

/** GET /api/PercentageOfDeviationOfZeroCalibartion/{deviceId}, ...Span...: deviation per parameter over time. */
export const CalibrationDeviations = z.object({
  type: CalibrationType,
  params: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      tolerance: z.number().nullable(),
      toleranceUnit: z.enum(['PERCENT', 'ABSOLUTE']).nullable(),
      /** Oldest first: the calibration's end and the point's deviation in percent. */
      data: z.array(z.object({ calibrationId: z.number(), time: z.string(), deviationPercent: z.number() })),
    }),
  ),
});

/** A figures query: the range of completed calibrations (default: the last year). */
export const CalibrationFiguresQuery = z.object({
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});

/** A check of a parameter of a device, by the schedule. */
export const CalibrationDue = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  deviceId: z.number(),
  deviceName: z.string(),
  entityId: z.number().nullable(),
  entityName: z.string().nullable(),
  param: z.string(),
  check: z.enum(['TWO_POINT', 'MULTIPOINT']),
  everyDays: z.number(),
  lastDoneAt: z.string().nullable(),
  dueAt: z.string(),
  /** OK, DUE within two days, OVERDUE past its date, NEVER done and past its first date. */
  state: z.enum(['OK', 'DUE', 'OVERDUE', 'NEVER']),
  /** Verdict of the latest completed calibration of the parameter. */
  lastVerdict: z.enum(['PASS', 'DRIFT']).nullable(),
});
export type CalibrationDue = z.infer<typeof CalibrationDue>;

/** GET /api/calibrationData, /api/actionable-task/device-maintenance: scope. */
export const CalibrationScopeQuery = z.object({
  /** One tenant the caller reads; all of them (a board: its industries) when omitted. */
  tenantId: TenantId.optional(),
  deviceId: Id.optional(),
});

export const CalibrationDueList = z.array(CalibrationDue);

/** GET /api/calibrationStats. */
export const CalibrationStats = z.object({
  devices: z.number(),
  inProgress: z.number(),
  /** Checks due within two days. */
  due: z.number(),
  /** Checks past their date (never-done ones included). */
  overdue: z.number(),
  /** Completed in the last 30 days. */
  completedLast30Days: z.number(),
  abortedLast30Days: z.number(),
  /** Parameters whose latest calibration drifted. */
  drifted: z.number(),
});

/** A tenant's rule for a parameter's check (overrides the protocol's default). */
export const CalibrationRule = z.object({
  param: z.string().trim().min(1).max(64),
  check: z.enum(['TWO_POINT', 'MULTIPOINT']),
  /** Days between two checks, 1 to 3650; 0 turns the check off. */
  everyDays: z.number().int().min(0).max(3650),
  tolerance: z.number().finite().positive().max(1e6),
  toleranceUnit: z.enum(['PERCENT', 'ABSOLUTE']),
});

/** GET /api/calibrationSchedules?tenantId: rules in force per parameter the tenant's devices report. */
export const CalibrationSchedules = z.object({
  tenantId: z.number(),
  rules: z.array(CalibrationRule.extend({ /** Whether the tenant set it (else the protocol's). */ own: z.boolean() })),
});

export const CalibrationSchedulesQuery = z.object({ tenantId: TenantId.optional() });

/** PUT /api/calibrationSchedules: the tenant's own rules replace those it had. */
export const PutCalibrationSchedules = z.object({
  tenantId: TenantId,
  rules: z.array(CalibrationRule).max(200),
});

/** GET /api/inProgressCalibrate/{deviceId}: the calibration in progress and the device's live values, for a progress screen. */
export const InProgressCalibration = z.object({
  /** The calibration in progress, or null when the device is not being calibrated. */
  calibration: Calibration.nullable(),
  /** The device's parameters that can be calibrated (diagnostics aside), in slot order. */
  params: z.array(z.object({ name: z.string(), label: z.string(), unit: z.string() })),
  /** Newest value of each parameter of the device (calibration data while in progress). */
  latest: z.array(z.object({ name: z.string(), label: z.string(), unit: z.string(), value: z.number(), time: z.string() })),
});
export type InProgressCalibration = z.infer<typeof InProgressCalibration>;
export type CalibrationDeviations = z.infer<typeof CalibrationDeviations>;
export type CalibrationStats = z.infer<typeof CalibrationStats>;
