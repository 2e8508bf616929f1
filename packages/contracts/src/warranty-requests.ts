import { z } from 'zod';
import { WARRANTY_STATUSES } from '@enviro/domain/warranty-workflow';
import { Id, TenantId, pageOf } from './common.ts';

export const WarrantyStatus = z.enum(WARRANTY_STATUSES);
export type WarrantyStatus = z.infer<typeof WarrantyStatus>;

/** Longest fault description or comment: a few paragraphs; photos and reports go as documents. */
export const MAX_WARRANTY_TEXT = 4000;
const Text = (what: string) => z.string().trim().max(MAX_WARRANTY_TEXT, { message: `${what} is at most ${MAX_WARRANTY_TEXT} characters; attach a document for more` });

/** Body of POST /api/warrantRequests: a faulty device, reported to the service partner handling it. */
export const WarrantyRequestInput = z.object({
  deviceId: Id,
  /** The serial number on the device's plate. */
  serialNo: z.string().trim().min(1, { message: 'give the serial number on the device' }).max(100),
  /** What is wrong. */
  fault: Text('the fault').pipe(z.string().min(1, { message: 'describe the fault' })),
  /** Photos of the fault: documents of the industry. */
  photoIds: z.array(Id).max(10).default([]),
  /** The partner to handle it, when the industry has several; omitted: its only one. */
  partnerId: TenantId.optional(),
});
export type WarrantyRequestInput = z.input<typeof WarrantyRequestInput>;

/** Path `{id}` of a warranty request. */
export const WarrantyIdParams = z.object({ id: Id });

/** Body of PATCH /api/warrantRequests/{id}: the next status, with a comment for the thread. */
export const WarrantyPatch = z.object({ status: WarrantyStatus, comment: Text('the comment').default('') });
export type WarrantyPatch = z.input<typeof WarrantyPatch>;

/** Body of POST /api/addComment/warrantRequests/{id}. */
export const WarrantyCommentInput = z.object({ comment: Text('the comment').pipe(z.string().min(1, { message: 'write a comment' })) });
export type WarrantyCommentInput = z.input<typeof WarrantyCommentInput>;

/** Query of GET /api/warrantRequests. */
export const WarrantyQuery = z.object({
  tenantId: TenantId.optional(),
  status: WarrantyStatus.optional(),
  /** Only requests whose SLA ran out while the partner had them. */
  overdue: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type WarrantyQuery = z.input<typeof WarrantyQuery>;
/** The query as the route hands it on, validated. */
export type WarrantyFilter = z.output<typeof WarrantyQuery>;

export const WarrantyComment = z.object({
  id: z.number().int(),
  author: z.string(),
  /** The status this comment moved the request to; null for a plain comment. */
  status: WarrantyStatus.nullable(),
  body: z.string(),
  at: z.string(),
});
export type WarrantyComment = z.infer<typeof WarrantyComment>;

export const WarrantyRequest = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  industry: z.string(),
  deviceId: z.number().int(),
  device: z.string(),
  station: z.string().nullable(),
  serialNo: z.string(),
  fault: z.string(),
  status: WarrantyStatus,
  partnerId: z.number().int(),
  partner: z.string(),
  /** The partner's resolution SLA (its terms when raised) and the time it runs out. */
  slaHours: z.number().int(),
  dueAt: z.string(),
  /** Minutes left to resolve while the partner has the request (negative once past); null once it left their hands. */
  slaMinutesLeft: z.number().int().nullable(),
  /** The response clock: hours to take the request up or answer in its thread, when that runs out, and when the partner first did. */
  responseHours: z.number().int(),
  respondBy: z.string(),
  respondedAt: z.string().nullable(),
  /** Minutes left to respond while the partner has not (negative once past); null once it has. */
  responseMinutesLeft: z.number().int().nullable(),
  responseOverdue: z.boolean(),
  resolutionOverdue: z.boolean(),
  /** Either clock ran out while the partner has the request. */
  overdue: z.boolean(),
  photos: z.array(z.object({ id: z.number().int(), fileName: z.string() })),
  raisedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  comments: z.array(WarrantyComment),
  /** The statuses the caller may move it to now. */
  moves: z.array(WarrantyStatus),
});
export type WarrantyRequest = z.infer<typeof WarrantyRequest>;

export const WarrantyPage = pageOf(WarrantyRequest.omit({ comments: true }));
export type WarrantyPage = z.infer<typeof WarrantyPage>;

/** Answer of DELETE /api/warrantRequests/{id}. */
export const WarrantyDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type WarrantyDeleted = z.infer<typeof WarrantyDeleted>;

/** Longest SLA hours a partner's terms take: a year. */
export const MAX_SLA_HOURS = 8760;
const Hours = (what: string) =>
  z.number().int({ message: `${what} are whole hours` }).min(1, { message: `${what} are at least 1` }).max(MAX_SLA_HOURS, { message: `${what} are at most ${MAX_SLA_HOURS} (a year)` });

/** Path of GET and PUT /api/warrantyTerms/{partnerId}. */
export const WarrantyTermsParams = z.object({ partnerId: TenantId });

/** Body of PUT /api/warrantyTerms/{partnerId}: a service partner's warranty terms, for requests raised from now on. */
export const WarrantyTermsInput = z
  .object({
    /** Hours to respond: take a request up, or answer in its thread. */
    responseHours: Hours('response hours'),
    /** Hours to resolve (or reject) a request. */
    resolutionHours: Hours('resolution hours'),
  })
  .strict()
  .refine((t) => t.responseHours <= t.resolutionHours, { message: 'a response comes no later than the resolution: at most the resolution hours', path: ['responseHours'] });
export type WarrantyTermsInput = z.input<typeof WarrantyTermsInput>;

/** A service partner's warranty terms. */
export const WarrantyTerms = z.object({
  partnerId: z.number().int(),
  partner: z.string(),
  responseHours: z.number().int(),
  resolutionHours: z.number().int(),
  /** True while the partner set no terms: the platform's default hours apply. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type WarrantyTerms = z.infer<typeof WarrantyTerms>;
