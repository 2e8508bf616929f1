import { z } from 'zod';
import { CHANGE_REQUEST_STATUSES } from '@enviro/domain/change-request-workflow';
import { Id, Instant, TenantId, pageOf } from './common.ts';

/** SPEC 3: a change request's crType. */
export const CR_TYPES = ['MAINTENANCE', 'CORRECTION'] as const;
export const CrType = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(CR_TYPES));
export type CrType = (typeof CR_TYPES)[number];

export const ChangeRequestStatus = z.enum(CHANGE_REQUEST_STATUSES);
export type ChangeRequestStatus = z.infer<typeof ChangeRequestStatus>;

/** Longest reason or comment kept: a few paragraphs, not a file (attach documents for those). */
export const MAX_COMMENT_CHARS = 4000;
/** Documents attached to one request at most. */
export const MAX_ATTACHMENTS = 10;

const Text = (what: string) => z.string().trim().max(MAX_COMMENT_CHARS, { message: `${what} is at most ${MAX_COMMENT_CHARS} characters; attach a document for more` });

/** The period a request is about, [from, to). */
const Period = {
  /** Start of the period. */
  from: Instant,
  /** End of the period (exclusive); after `from`. */
  to: Instant,
};

const Common = {
  /** The station the request is about. */
  stationId: Id,
  ...Period,
  /** Why: the work planned, the fault, the wrong unit. */
  reason: Text('the reason').pipe(z.string().min(1, { message: 'say why' })),
  /** Documents of the industry as evidence or attachments (the documents area keeps the files). */
  documentIds: z.array(Id).max(MAX_ATTACHMENTS).default([]),
};

/** Body of POST /api/changeRequest/maintenance and POST /api/cr/maintenance: planned downtime of a station or one analyser. */
export const MaintenanceRequestInput = z.object({
  ...Common,
  /** One analyser of the station; omitted: the whole station. */
  deviceId: Id.optional(),
});
export type MaintenanceRequestInput = z.input<typeof MaintenanceRequestInput>;

/** Largest factor, offset or value a correction takes: well inside the readings' own bound. */
export const MAX_CORRECTION_MAGNITUDE = 1e9;
const Magnitude = (what: string) =>
  z
    .number()
    .finite()
    .refine((v) => Math.abs(v) <= MAX_CORRECTION_MAGNITUDE, { message: `${what} is at most ${MAX_CORRECTION_MAGNITUDE.toLocaleString('en-IN')} in size` });

/**
 * What a correction asks for: the corrected value is raw × factor + offset (LINEAR: a wrong unit is
 * a factor, a drifted zero an offset), one value for every reading of the period (REPLACE), or no
 * value at all (INVALID: the readings were not process data).
 */
export const Correction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('LINEAR'), factor: Magnitude('the factor').default(1), offset: Magnitude('the offset').default(0) }),
  z.object({ kind: z.literal('REPLACE'), value: Magnitude('the value') }),
  z.object({ kind: z.literal('INVALID') }),
]);
export type Correction = z.infer<typeof Correction>;

/** Body of POST /api/cr/correction: correct one parameter of one analyser over a past period. */
export const CorrectionRequestInput = z.object({
  ...Common,
  /** The analyser whose readings are corrected. */
  deviceId: Id,
  /** The parameter's key on the device, e.g. pm. */
  param: z.string().trim().min(1).max(100),
  correction: Correction,
});
export type CorrectionRequestInput = z.input<typeof CorrectionRequestInput>;

/** Path of POST and PUT /api/cr/{type}. */
export const CrTypeParams = z.object({ type: z.enum(['maintenance', 'correction']) });

/** Body of PUT /api/cr/{type}: the details of a request not yet reviewed, replaced whole. */
export const MaintenanceRequestUpdate = MaintenanceRequestInput.extend({ id: Id });
export const CorrectionRequestUpdate = CorrectionRequestInput.extend({ id: Id });

/** Path `{id}` of a change request. */
export const ChangeRequestIdParams = z.object({ id: Id });

/** Body of PATCH /api/changeRequest/{id}: the next status and a comment for the other party. */
export const ChangeRequestPatch = z.object({
  status: ChangeRequestStatus,
  /** Required when rejecting. */
  comment: Text('the comment').default(''),
});
export type ChangeRequestPatch = z.input<typeof ChangeRequestPatch>;

export const CHANGE_REQUEST_SORTS = ['createdAt', 'from', 'status', 'industry'] as const;

/** Query of GET /api/changeRequest. */
export const ChangeRequestQuery = z.object({
  crType: CrType.optional(),
  status: ChangeRequestStatus.optional(),
  /** Only this industry's requests. */
  tenantId: TenantId.optional(),
  stationId: Id.optional(),
  /** Only requests whose period overlaps [from, to). */
  from: Instant.optional(),
  to: Instant.optional(),
  sort: z.enum(CHANGE_REQUEST_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type ChangeRequestQuery = z.input<typeof ChangeRequestQuery>;

export const ChangeRequest = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  industry: z.string(),
  crType: z.enum(CR_TYPES),
  status: ChangeRequestStatus,
  stationId: z.number().int(),
  station: z.string(),
  deviceId: z.number().int().nullable(),
  device: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  /** A correction's parameter key and what it asks; null for maintenance. */
  param: z.string().nullable(),
  correction: Correction.nullable(),
  documents: z.array(z.object({ id: z.number().int(), fileName: z.string(), pathName: z.string() })),
  raisedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The statuses the caller may move it to now (empty when nothing is theirs to do). */
  moves: z.array(ChangeRequestStatus),
  /**
   * An approved correction: the version of the correction layer it applied (a later correction of
   * the same period supersedes it with the next), and whether that version is still the current one.
   */
  applied: z
    .object({
      version: z.number().int(),
      current: z.boolean(),
      /** The later correction request whose version superseded this one (the history is kept), when one did. */
      supersededByRequestId: z.number().int().nullable(),
    })
    .nullable(),
  /** The regulator republish of the corrected period (GET /api/getRepublishData); null when none was due (no connection maps the station) or not approved. */
  republishId: z.number().int().nullable(),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

export const ChangeRequestPage = pageOf(ChangeRequest);
export type ChangeRequestPage = z.infer<typeof ChangeRequestPage>;

/** One state the request went through. */
export const ChangeRequestEvent = z.object({
  status: ChangeRequestStatus,
  at: z.string(),
  actor: z.string(),
  comment: z.string(),
});
export type ChangeRequestEvent = z.infer<typeof ChangeRequestEvent>;

export const ChangeRequestHistory = z.object({ items: z.array(ChangeRequestEvent) });
export type ChangeRequestHistory = z.infer<typeof ChangeRequestHistory>;
