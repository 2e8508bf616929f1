import { z } from 'zod';
import { Id, Instant, TenantId, pageOf } from './common.ts';

// Regulator connectivity (issue 12; SPEC 1 "regulator configuration", SPEC 4 regulator sync,
// SPEC 7 compliance and uptime, actionable tasks). Pushing an industry's 15-minute records to CPCB
// and its state board, and showing that it is in sync. Server: `apps/server/src/modules/regulator/`.
//
// Credentials (tokens, passwords, the regulator's public key) are WRITE-ONLY: requests may carry
// them, no answer ever does; answers say which ones are set (`credentialsSet`).

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/**
 * Protocols a connection speaks (one adapter file each on the server, `regulator/protocols/`):
 * - `CPCB_ODAMS`: CPCB's "ODAMS RESTful API v1.0": one POST per station and IoT device, AES-256-ECB body
 *   keyed by SHA-256(token id), RSA-OAEP-SHA256 `signature` header, the annexure's parameter and unit
 *   keys, `flag` per value, 7-day back-fill limit;
 * - `CPCB_RTDMS`: the older per-station JSON (`/v1.0/industry/{industryId}/station/{stationId}/data`,
 *   Basic auth), corrections to a separate `/correction` path;
 * - `GENERIC_JSON`: a generic JSON/HTTPS push with a bearer token (state boards), schema in docs/REGULATOR.md,
 *   real-time and delayed uploads to separate paths.
 */
export const RegulatorProtocol = z.enum(['CPCB_ODAMS', 'CPCB_RTDMS', 'GENERIC_JSON']);
export type RegulatorProtocol = z.infer<typeof RegulatorProtocol>;

/** SPEC 4 regulator sync of a station or an industry. */
export const SyncStatus = z.enum(['In Sync', 'Out of Sync', 'Delayed']);
export type SyncStatus = z.infer<typeof SyncStatus>;

/** Live status of SPEC 4 (of the station's newest data). */
export const RegulatorLiveStatus = z.enum(['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN']);

/**
 * State of one outbox record (one connection, station and 15-minute slot), a "file" of the logs:
 * - `PENDING`: waiting to be sent (first time, or again after a failure: see `nextTryAt`);
 * - `SENT`: the regulator answered success;
 * - `EXPIRED`: older than the protocol's back-fill limit (7 days) before it could be accepted; kept and shown;
 * - `REJECTED`: the regulator refused it permanently (e.g. a validation error it will never accept).
 */
export const OutboxStatus = z.enum(['PENDING', 'SENT', 'EXPIRED', 'REJECTED']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** Why a record was queued: `REALTIME` (the slot closed), `DELAYED` (sent more than 15 minutes after its slot), `CORRECTION` (a closed slot changed after it was sent), `REPUBLISH` (a republish request). */
export const OutboxKind = z.enum(['REALTIME', 'DELAYED', 'CORRECTION', 'REPUBLISH']);
export type OutboxKind = z.infer<typeof OutboxKind>;

/** Outcome of one push attempt. */
export const AttemptOutcome = z.enum(['SUCCESS', 'ERROR']);

/** A calendar day in Asia/Kolkata, YYYY-MM-DD. */
export const IstDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'not a calendar date');

/** Paging of the log lists. */
const Paging = {
  /** Page number from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page (default 50, at most 500). */
  size: z.coerce.number().int().min(1).max(500).default(50),
};

// ---------------------------------------------------------------------------------------------
// Connections (site administration): GET/POST /api/regulatorConnections, PUT/DELETE /api/regulatorConnections/{id}
// ---------------------------------------------------------------------------------------------

/** Credentials of a connection or of an industry's mapping. Write-only: never in an answer. Omitted fields keep their stored value; `null` clears one. */
export const RegulatorCredentials = z
  .object({
    /** The industry's token (generic JSON: the bearer token; ODAMS does not use it). */
    token: z.string().min(1).max(1000).nullable().optional(),
    /** ODAMS: the token id CPCB mailed at the IoT device's registration (signature `token_id$*time`, AES key SHA-256 of it). */
    tokenId: z.string().min(1).max(200).nullable().optional(),
    /** The regulator's RSA public key, PEM (ODAMS signature; CPCB mails it from its key generation page). */
    publicKey: z.string().min(1).max(10_000).nullable().optional(),
    /** Basic-auth user (RTDMS). */
    username: z.string().min(1).max(200).nullable().optional(),
    /** Basic-auth password (RTDMS). */
    password: z.string().min(1).max(1000).nullable().optional(),
  })
  .strict();
export type RegulatorCredentials = z.infer<typeof RegulatorCredentials>;

/** Names of credential fields. */
export const CredentialName = z.enum(['token', 'tokenId', 'publicKey', 'username', 'password']);

/** Path of the routes of one connection. */
export const RegulatorConnectionParams = z.object({
  /** Connection id. */
  id: Id,
});

/** Body of POST /api/regulatorConnections and PUT /api/regulatorConnections/{id}. */
export const RegulatorConnectionInput = z
  .object({
    /** The statutory body (a tenant of type statutory: CPCB or a state board) this endpoint belongs to. */
    statutoryId: TenantId,
    /** Display name, e.g. 'CPCB ODAMS'. */
    name: z.string().trim().min(1).max(100),
    /** Protocol spoken. */
    protocol: RegulatorProtocol,
    /** Base URL of the endpoint, http(s). */
    url: z.url({ protocol: /^https?$/ }).max(500),
    /** Whether records are pushed (a disabled connection queues nothing and sends nothing). */
    enabled: z.boolean().default(true),
    /** Back-fill limit in days: records older are marked EXPIRED (default 7, REGULATORY.md). */
    backfillDays: z.number().int().min(1).max(90).default(7),
    /** Connection-wide credentials (each industry's mapping may carry its own, which win). */
    credentials: RegulatorCredentials.optional(),
  })
  .strict();
export type RegulatorConnectionInput = z.input<typeof RegulatorConnectionInput>;

/** A connection as answered. */
export const RegulatorConnection = z.object({
  /** Connection id. */
  id: Id,
  /** The statutory body's tenant id. */
  statutoryId: TenantId,
  /** The statutory body's name. */
  statutoryName: z.string(),
  /** Display name. */
  name: z.string(),
  /** Protocol spoken. */
  protocol: RegulatorProtocol,
  /** Base URL. */
  url: z.string(),
  /** Whether records are pushed. */
  enabled: z.boolean(),
  /** Back-fill limit in days. */
  backfillDays: z.number().int(),
  /** Credential fields that are set (values are never answered). */
  credentialsSet: z.array(CredentialName),
  /** Industries mapped to this connection. */
  industries: z.number().int().min(0),
  /** Records waiting to be sent. */
  pending: z.number().int().min(0),
  /** Newest slot the regulator accepted over all its industries (ISO 8601), null if none yet. */
  lastAcceptedSlot: Instant.nullable(),
  /** Time of the newest push attempt, null if none. */
  lastAttemptAt: Instant.nullable(),
  /** Answer of the newest push attempt ('success' or the error), null if none. */
  lastAttemptResult: z.string().nullable(),
  /** Created (ISO 8601). */
  createdAt: Instant,
  /** Last changed (ISO 8601). */
  updatedAt: Instant,
});
export type RegulatorConnection = z.infer<typeof RegulatorConnection>;

/** Answer of GET /api/regulatorConnections. */
export const RegulatorConnectionList = z.array(RegulatorConnection);

// ---------------------------------------------------------------------------------------------
// Mappings per industry: GET /api/regulatorMappings/{tenantId}, PUT /api/regulatorMappings/{tenantId}/{connectionId},
// DELETE /api/regulatorMappings/{tenantId}/{connectionId}
// ---------------------------------------------------------------------------------------------

/** Path of GET /api/regulatorMappings/{tenantId}. */
export const RegulatorTenantParams = z.object({
  /** The industry. */
  tenantId: TenantId,
});

/** Path of PUT and DELETE /api/regulatorMappings/{tenantId}/{connectionId}. */
export const RegulatorMappingParams = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** The connection. */
  connectionId: Id,
});

/** Mapping of one parameter of a device. */
export const ParamMapping = z
  .object({
    /** The device's parameter slot (`device_param.slot`). */
    slot: z.number().int().min(0).max(1000),
    /**
     * The regulator's parameter code. Empty with `skip` true. CPCB ODAMS: a parameter key of the
     * document's annexure (`pm`, `so2`, `flow_emission`…); another spelling of one (`SO2`) is stored
     * as the annexure's, anything else is refused (400 naming the field).
     */
    code: z.string().trim().max(50).default(''),
    /**
     * The unit the regulator expects; the value is converted from the device's unit. CPCB ODAMS: a unit
     * key of the annexure (`mg/Nm³`, `μg/m³`, `m³/hr`, `°C`…), empty for the device's own unit; another
     * spelling (`mg/Nm3`) is stored as the annexure's; a unit the annexure lacks, or one the device's
     * unit cannot be converted into, is refused (400 naming the field), never found at push time.
     */
    unit: z.string().trim().max(30).default(''),
    /** True: deliberately not sent (then it is not reported as unmapped). */
    skip: z.boolean().default(false),
  })
  .strict();

/** Mapping of one device of a station. */
export const DeviceMapping = z
  .object({
    /** Our device id. */
    deviceId: Id,
    /**
     * The regulator's device id. CPCB ODAMS: the IoT id CPCB mailed when the device was registered for
     * this station (the `X-Device-Id` header and the body's `deviceId`); one IoT id belongs to one
     * station, a station may have several. Devices of ours sharing one IoT id go in one request.
     */
    regulatorDeviceId: z.string().trim().max(100).default(''),
    /**
     * The device's own credentials at the regulator (write-only, never answered; omitted keep their
     * value, null clears one). CPCB ODAMS: the IoT device's `tokenId` and, where CPCB mailed one per
     * device, its `publicKey`. Unset, the mapping's and then the connection's are used.
     */
    credentials: RegulatorCredentials.optional(),
    /** Its parameters. Diagnostic parameters (names starting `device_`) go to ODAMS's `diag_params`. */
    params: z.array(ParamMapping).max(200).default([]),
  })
  .strict();

/** Mapping of one station. */
export const StationMapping = z
  .object({
    /** Our station (entity) id. */
    stationId: Id,
    /** The regulator's station id. */
    regulatorStationId: z.string().trim().max(100).default(''),
    /** Its devices. */
    devices: z.array(DeviceMapping).max(100).default([]),
  })
  .strict();
export type StationMapping = z.infer<typeof StationMapping>;

/** Body of PUT /api/regulatorMappings/{tenantId}/{connectionId}: the whole mapping of the industry on that connection. */
export const RegulatorMappingInput = z
  .object({
    /** Whether this industry's records are pushed on this connection. */
    enabled: z.boolean().default(true),
    /** The regulator's id of the industry. */
    industryId: z.string().trim().min(1).max(100),
    /** The industry's own credentials on this connection (ODAMS: its token and token id). */
    credentials: RegulatorCredentials.optional(),
    /** Stations pushed; a station not listed is not pushed (and reported as unmapped). */
    stations: z.array(StationMapping).max(500).default([]),
  })
  .strict();
export type RegulatorMappingInput = z.input<typeof RegulatorMappingInput>;

/** A problem of a mapping: it is saved anyway, and the unmapped data is listed, never silently dropped. */
export const MappingIssue = z.object({
  /**
   * `UNMAPPED_STATION` (a station with devices not in the mapping), `UNMAPPED_DEVICE`,
   * `UNMAPPED_PARAMETER` (a device parameter neither mapped nor skipped), `MISSING_ID` (a regulator id
   * left empty), `NO_CONVERSION` (device unit to regulator unit unknown: the device's unit changed
   * since the mapping was saved), `UNKNOWN_ENTITY` (a station, device or slot that is not the
   * industry's), `MISSING_CREDENTIAL` (the protocol needs one not set, for the mapping or a device),
   * `SHARED_ID` (ODAMS: one IoT id under two stations; CPCB ties an IoT id to one station),
   * `UNKNOWN_KEY` (a parameter or unit key the regulator does not publish, in a mapping saved before
   * it was checked: those values are not sent until it is fixed).
   */
  code: z.enum(['UNMAPPED_STATION', 'UNMAPPED_DEVICE', 'UNMAPPED_PARAMETER', 'MISSING_ID', 'NO_CONVERSION', 'UNKNOWN_ENTITY', 'MISSING_CREDENTIAL', 'SHARED_ID', 'UNKNOWN_KEY']),
  /** Human sentence, e.g. 'Stack 1 / Analyser A: parameter SO2 is not mapped'. */
  message: z.string(),
  /** The station concerned, if any. */
  stationId: Id.nullable(),
  /** The device concerned, if any. */
  deviceId: Id.nullable(),
  /** The parameter slot concerned, if any. */
  slot: z.number().int().nullable(),
});
export type MappingIssue = z.infer<typeof MappingIssue>;

/** A parameter of the industry that can be mapped (for the editor). */
export const MappableParam = z.object({
  /** Slot on the device. */
  slot: z.number().int(),
  /** Standard parameter name, e.g. 'so2'. */
  name: z.string(),
  /** Display label, e.g. 'SO2'. */
  label: z.string(),
  /** The device's unit. */
  unit: z.string(),
});

/** The industry's stations, devices and parameters (what a mapping can name). */
export const MappableStation = z.object({
  /** Station id. */
  stationId: Id,
  /** Station name. */
  name: z.string(),
  /** Station type, e.g. 'cems'. */
  type: z.string(),
  /** Its devices. */
  devices: z.array(z.object({
    /** Device id. */
    deviceId: Id,
    /** Device name. */
    name: z.string(),
    /** Its parameters. */
    params: z.array(MappableParam),
  })),
});

/**
 * An industry's link on a connection stopped by a configuration error the regulator answered (CPCB
 * ODAMS 109, 113–116): nothing of the industry goes out on it until an administrator saves its
 * mapping or the connection again (having fixed the cause); its records wait meanwhile (and expire
 * after the back-fill limit). Its administrators were mailed.
 */
export const MappingStop = z.object({
  /** The error code, e.g. `ODAMS-116` (see /api/getErrorCodes). */
  code: z.string(),
  /** What it means and what to do, in words. */
  meaning: z.string(),
  /** The regulator's own message, e.g. 'Device is not registered, Please register for the Industry'. */
  message: z.string(),
  /** The regulator's device id the answer came for, if any. */
  regulatorDeviceId: z.string().nullable(),
  /** When (ISO 8601). */
  at: Instant,
});
export type MappingStop = z.infer<typeof MappingStop>;

/** A stored mapping as answered. */
export const RegulatorMapping = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** The connection. */
  connectionId: Id,
  /** Connection name. */
  connectionName: z.string(),
  /** Connection protocol. */
  protocol: RegulatorProtocol,
  /** Whether pushed. */
  enabled: z.boolean(),
  /** The regulator's industry id. */
  industryId: z.string(),
  /** Credential fields set on the mapping itself (values never answered). */
  credentialsSet: z.array(CredentialName),
  /** The station mappings as stored (device credentials left out: see `deviceCredentialsSet`). */
  stations: z.array(StationMapping),
  /** Per mapped device, the credential fields set on it (values never answered). */
  deviceCredentialsSet: z.array(z.object({ deviceId: Id, credentialsSet: z.array(CredentialName) })),
  /** Set while a configuration error the regulator answered stops the industry on this connection. */
  stopped: MappingStop.nullable(),
  /** Problems found against the industry's current stations, devices and parameters. */
  issues: z.array(MappingIssue),
  /** Last changed (ISO 8601). */
  updatedAt: Instant,
});
export type RegulatorMapping = z.infer<typeof RegulatorMapping>;

/** Answer of GET /api/regulatorMappings/{tenantId}: the industry's mappings and what can be mapped. */
export const RegulatorTenantMappings = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** Its name. */
  tenantName: z.string(),
  /** One per connection it is mapped to. */
  mappings: z.array(RegulatorMapping),
  /** Its stations with devices and parameters. */
  stations: z.array(MappableStation),
});
export type RegulatorTenantMappings = z.infer<typeof RegulatorTenantMappings>;

// ---------------------------------------------------------------------------------------------
// Status (SPEC 4): GET /api/regulatorStatus/{tenantId}, GET /api/regulatorStatus/board/{boardId}
// ---------------------------------------------------------------------------------------------

/**
 * The sync rule (SPEC 4), unit MINUTES: `timeDifferenceMinutes` = minutes from the end of the newest slot
 * the regulator accepted to the station's newest data. LIVE and ≤ 120 'In Sync', LIVE and > 120 (or nothing
 * accepted yet) 'Out of Sync', not LIVE 'Delayed'. Minutes because records are 15-minute slots: 120 s would be
 * less than one slot, so no station could ever be in sync; 120 min is eight slots of slack.
 */
export const SYNC_THRESHOLD_MINUTES = 120;

/** Sync of one station on one connection. */
export const StationSync = z.object({
  /** Station id. */
  stationId: Id,
  /** Station name. */
  stationName: z.string(),
  /** Station type. */
  stationType: z.string(),
  /** Live status of the station's data. */
  liveStatus: RegulatorLiveStatus,
  /** Station's newest data (ISO 8601), null if none. */
  lastDataAt: Instant.nullable(),
  /** Start of the newest slot the regulator accepted (ISO 8601), null if none. */
  lastAcceptedSlot: Instant.nullable(),
  /** Minutes from the end of the newest accepted slot to the newest data; null if either is missing. */
  timeDifferenceMinutes: z.number().int().nullable(),
  /** SPEC 4 sync. */
  sync: SyncStatus,
  /** Records waiting. */
  pending: z.number().int().min(0),
  /** Records expired beyond the back-fill limit. */
  expired: z.number().int().min(0),
  /** Records refused permanently. */
  rejected: z.number().int().min(0),
  /** Newest error answer while records wait (`CODE: the regulator's answer`), null if none. */
  lastError: z.string().nullable(),
  /** What that error's code means, in words (the same text as /api/getErrorCodes). */
  lastErrorMeaning: z.string().nullable(),
});
export type StationSync = z.infer<typeof StationSync>;

/** Sync of an industry on one connection. */
export const ConnectionSync = z.object({
  /** Connection id. */
  connectionId: Id,
  /** Connection name. */
  connectionName: z.string(),
  /** The statutory body's name. */
  statutoryName: z.string(),
  /** Protocol. */
  protocol: RegulatorProtocol,
  /** Whether the mapping and connection are both enabled. */
  enabled: z.boolean(),
  /** Set while a configuration error the regulator answered stops this industry on the connection. */
  stopped: MappingStop.nullable(),
  /** Worst of its stations ('Delayed' < 'Out of Sync' < 'In Sync' in goodness); 'Out of Sync' with no stations mapped. */
  sync: SyncStatus,
  /** Per station. */
  stations: z.array(StationSync),
});
export type ConnectionSync = z.infer<typeof ConnectionSync>;

/** Answer of GET /api/regulatorStatus/{tenantId}. */
export const RegulatorTenantStatus = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** Its name. */
  tenantName: z.string(),
  /** Worst over its connections; null when it has none. */
  sync: SyncStatus.nullable(),
  /** Threshold of the rule, in minutes (120). */
  thresholdMinutes: z.number().int(),
  /** Per connection. */
  connections: z.array(ConnectionSync),
});
export type RegulatorTenantStatus = z.infer<typeof RegulatorTenantStatus>;

/** Path of GET /api/regulatorStatus/board/{boardId}. */
export const RegulatorBoardParams = z.object({
  /** The statutory body (tenant of type statutory). */
  boardId: TenantId,
});

/** One industry in a board's view. */
export const BoardIndustrySync = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** Its name. */
  tenantName: z.string(),
  /** Its state, if known. */
  state: z.string().nullable(),
  /** Its city, if known. */
  city: z.string().nullable(),
  /** Whether it has an enabled mapping on an enabled connection of this board. */
  connected: z.boolean(),
  /** Worst over its stations on the board's connections; null when not connected. */
  sync: SyncStatus.nullable(),
  /** Stations in sync. */
  inSync: z.number().int().min(0),
  /** Stations out of sync. */
  outOfSync: z.number().int().min(0),
  /** Stations delayed. */
  delayed: z.number().int().min(0),
  /** Newest slot accepted (ISO 8601), null if none. */
  lastAcceptedSlot: Instant.nullable(),
  /** Records waiting. */
  pending: z.number().int().min(0),
});

/** Answer of GET /api/regulatorStatus/board/{boardId}. */
export const RegulatorBoardStatus = z.object({
  /** The board. */
  boardId: TenantId,
  /** Its name. */
  boardName: z.string(),
  /** Threshold of the rule, in minutes (120). */
  thresholdMinutes: z.number().int(),
  /** Its associated industries. */
  industries: z.array(BoardIndustrySync),
});
export type RegulatorBoardStatus = z.infer<typeof RegulatorBoardStatus>;

// ---------------------------------------------------------------------------------------------
// Logs (SPEC 7 compliance and uptime): /api/getListOfFiles, /api/getListOfFilesOfOneDay,
// /api/getListofLogFiles, /api/getErrorCodes, /api/getSuccessCounts
// ---------------------------------------------------------------------------------------------

/** Filters shared by the log routes. Ranges are IST days, inclusive; default the last 7 days. */
const LogFilter = {
  /** The industry (required). */
  tenantId: TenantId,
  /** Only this connection. */
  connectionId: Id.optional(),
  /** Only this station. */
  stationId: Id.optional(),
  /** First IST day (inclusive). */
  from: IstDate.optional(),
  /** Last IST day (inclusive). */
  to: IstDate.optional(),
};

/** Query of GET /api/getListOfFiles: files (outbox records) per IST day of their slot. */
export const ListOfFilesQuery = z.object({ ...LogFilter }).strict();

/** One day of GET /api/getListOfFiles. */
export const FilesOfDay = z.object({
  /** IST day of the slots. */
  date: IstDate,
  /** Records of the day. */
  files: z.number().int().min(0),
  /** Accepted. */
  sent: z.number().int().min(0),
  /** Waiting. */
  pending: z.number().int().min(0),
  /** Expired. */
  expired: z.number().int().min(0),
  /** Refused permanently. */
  rejected: z.number().int().min(0),
});

/** Answer of GET /api/getListOfFiles, newest day first. */
export const ListOfFiles = z.array(FilesOfDay);
export type ListOfFiles = z.infer<typeof ListOfFiles>;

/** Query of GET /api/getListOfFilesOfOneDay. */
export const FilesOfOneDayQuery = z
  .object({
    /** The industry. */
    tenantId: TenantId,
    /** The IST day. */
    date: IstDate,
    /** Only this connection. */
    connectionId: Id.optional(),
    /** Only this station. */
    stationId: Id.optional(),
    /** Only records in this state. */
    status: OutboxStatus.optional(),
    ...Paging,
  })
  .strict();

/** One outbox record ("file"). */
export const RegulatorFile = z.object({
  /** Record id. */
  id: Id,
  /** Connection id. */
  connectionId: Id,
  /** Connection name. */
  connectionName: z.string(),
  /** Station id. */
  stationId: Id,
  /** Station name. */
  stationName: z.string(),
  /** Slot start (ISO 8601). */
  slot: Instant,
  /** State. */
  status: OutboxStatus,
  /** Why it was (last) queued. */
  kind: OutboxKind,
  /** Attempts so far. */
  attempts: z.number().int().min(0),
  /** Next attempt, while PENDING. */
  nextTryAt: Instant.nullable(),
  /** When accepted. */
  sentAt: Instant.nullable(),
  /** Newest error, if any (`CODE: the regulator's answer`). */
  lastError: z.string().nullable(),
  /** What that error's code means, in words. */
  lastErrorMeaning: z.string().nullable(),
  /** Values sent (parameters × devices) in the newest payload. */
  values: z.number().int().min(0),
  /** Of which flagged as calibration data. */
  calibrationValues: z.number().int().min(0),
  /** Queued (ISO 8601). */
  createdAt: Instant,
});
export type RegulatorFile = z.infer<typeof RegulatorFile>;

/** Answer of GET /api/getListOfFilesOfOneDay, by slot then station. */
export const FilesOfOneDay = pageOf(RegulatorFile);
export type FilesOfOneDay = z.infer<typeof FilesOfOneDay>;

/** Query of GET /api/getListofLogFiles: push attempts, newest first. */
export const LogFilesQuery = z
  .object({
    ...LogFilter,
    /** Only successes or only errors. */
    outcome: AttemptOutcome.optional(),
    /** Only this error code (see /api/getErrorCodes). */
    errorCode: z.string().max(50).optional(),
    ...Paging,
  })
  .strict();

/** One push attempt. */
export const PushAttempt = z.object({
  /** Attempt id. */
  id: Id,
  /** Connection id. */
  connectionId: Id,
  /** Connection name. */
  connectionName: z.string(),
  /** Station id. */
  stationId: Id,
  /** Station name. */
  stationName: z.string(),
  /** Slot pushed (ISO 8601). */
  slot: Instant,
  /** Why it was queued. */
  kind: OutboxKind,
  /** When the push started (ISO 8601). */
  at: Instant,
  /** Milliseconds until the answer (or the failure). */
  durationMs: z.number().int().min(0),
  /** Success or error. */
  outcome: AttemptOutcome,
  /** HTTP status, null when none came (network error, timeout). */
  httpStatus: z.number().int().nullable(),
  /** Error code: the protocol's, or ours (`NETWORK`, `TIMEOUT`, `HTTP_5XX`, `BAD_ANSWER`...); null on success. */
  errorCode: z.string().nullable(),
  /** The answer, clipped to 500 characters. */
  answer: z.string(),
  /** What the error code means, in words; null on success. */
  meaning: z.string().nullable(),
});
export type PushAttempt = z.infer<typeof PushAttempt>;

/** Answer of GET /api/getListofLogFiles. */
export const LogFiles = pageOf(PushAttempt);
export type LogFiles = z.infer<typeof LogFiles>;

/** Query of GET /api/getErrorCodes and GET /api/getSuccessCounts. */
export const LogSummaryQuery = z.object({ ...LogFilter }).strict();

/** One error code with its count in the range. */
export const ErrorCodeCount = z.object({
  /** The code. */
  code: z.string(),
  /** What it means and what heals it. */
  meaning: z.string(),
  /** Attempts that failed with it. */
  count: z.number().int().min(0),
});

/** Answer of GET /api/getErrorCodes, most frequent first. */
export const ErrorCodes = z.array(ErrorCodeCount);
export type ErrorCodes = z.infer<typeof ErrorCodes>;

/** Pushes of one station on one IST day. */
export const SuccessCount = z.object({
  /** IST day of the attempts. */
  date: IstDate,
  /** Station id. */
  stationId: Id,
  /** Station name. */
  stationName: z.string(),
  /** Successful attempts. */
  success: z.number().int().min(0),
  /** Failed attempts. */
  failed: z.number().int().min(0),
});

/** Answer of GET /api/getSuccessCounts, newest day first. */
export const SuccessCounts = z.array(SuccessCount);
export type SuccessCounts = z.infer<typeof SuccessCounts>;

// ---------------------------------------------------------------------------------------------
// Republish: PUT /api/createRepublishData, GET /api/getRepublishData
// ---------------------------------------------------------------------------------------------

/** Body of PUT /api/createRepublishData: re-send a station's slots in a range. */
export const CreateRepublishInput = z
  .object({
    /** The industry. */
    tenantId: TenantId,
    /** The station. */
    stationId: Id,
    /** Only these connections (default every enabled one the industry is mapped to). */
    connectionIds: z.array(Id).max(20).optional(),
    /** Standard parameter names to send (empty or omitted: all mapped). */
    params: z.array(z.string().min(1).max(50)).max(100).default([]),
    /** Start (inclusive, ISO 8601), floored to its 15-minute slot. */
    from: Instant,
    /** End (exclusive, ISO 8601); at most 31 days after `from`, not in the future. */
    to: Instant,
    /** Why (kept and shown). */
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type CreateRepublishInput = z.input<typeof CreateRepublishInput>;

/** Query of GET /api/getRepublishData. */
export const RepublishQuery = z
  .object({
    /** The industry. */
    tenantId: TenantId,
    /** Only this station. */
    stationId: Id.optional(),
  })
  .strict();

/** A republish request with its progress. */
export const RepublishRequest = z.object({
  /** Request id. */
  id: Id,
  /** The industry. */
  tenantId: TenantId,
  /** The station. */
  stationId: Id,
  /** Station name. */
  stationName: z.string(),
  /** Parameters (empty: all). */
  params: z.array(z.string()),
  /** Range start (ISO 8601). */
  from: Instant,
  /** Range end (ISO 8601). */
  to: Instant,
  /** Reason. */
  reason: z.string(),
  /** Who asked: `user:<id>`. */
  createdBy: z.string(),
  /** The asker's name; null when the caller may not read the asker's organisation (a board reading a site operator's request). */
  createdByName: z.string().nullable(),
  /** When (ISO 8601). */
  createdAt: Instant,
  /** Records queued (slots × connections). */
  total: z.number().int().min(0),
  /** Accepted so far. */
  sent: z.number().int().min(0),
  /** Expired or refused. */
  failed: z.number().int().min(0),
  /** Taken over by a later republish of the same slots (or the slot's own re-push after late data), and counted there. */
  superseded: z.number().int().min(0),
  /**
   * `QUEUED` (nothing sent yet), `IN_PROGRESS`, `DONE` (all sent), `PARTIAL` (finished, some expired
   * or refused), `SUPERSEDED` (every record taken over by a later request).
   */
  status: z.enum(['QUEUED', 'IN_PROGRESS', 'DONE', 'PARTIAL', 'SUPERSEDED']),
});
export type RepublishRequest = z.infer<typeof RepublishRequest>;

/** Answer of GET /api/getRepublishData, newest first. */
export const RepublishList = z.array(RepublishRequest);

// ---------------------------------------------------------------------------------------------
// GET /api/actionable-task/tenant-not-connected-to-regulator
// ---------------------------------------------------------------------------------------------

/** One industry with stations that should report and no working connection. */
export const NotConnectedTenant = z.object({
  /** The industry. */
  tenantId: TenantId,
  /** Its name. */
  tenantName: z.string(),
  /** Its stations of the reporting types (eqms, cems, caaqms) with devices. */
  stations: z.number().int().min(0),
  /**
   * `NO_MAPPING` (mapped to no connection), `DISABLED` (every mapping or connection disabled),
   * `STOPPED` (a configuration error the regulator answered stopped a mapping: see `detail`),
   * `FAILING` (a record has waited for more than an hour since it was queued, nothing accepted since).
   */
  reason: z.enum(['NO_MAPPING', 'DISABLED', 'STOPPED', 'FAILING']),
  /** For FAILING: since when the longest-waiting record waits; for STOPPED: when it stopped (ISO 8601). */
  since: Instant.nullable(),
  /** For STOPPED: the code and its meaning in words. */
  detail: z.string().nullable(),
});
export type NotConnectedTenant = z.infer<typeof NotConnectedTenant>;

/** Answer of GET /api/actionable-task/tenant-not-connected-to-regulator. */
export const NotConnectedTenants = z.array(NotConnectedTenant);
export type NotConnectedTenants = z.infer<typeof NotConnectedTenants>;
