import { z } from 'zod';
import { parseLocalDate } from '@enviro/domain/time-zone';
import { Id, Instant, TenantId } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Consents (issue 33): a station's or industry's consent to operate (CTO) or no-objection
// certificate (NOC) with its validity and consented limits. POST /api/consents, GET /api/consents,
// DELETE /api/consents/{id}, POST /api/consents/{id}/alert-rules, GET /api/actionable-task/cto and
// /api/actionable-task/noc (SPEC 7 Other).
// ---------------------------------------------------------------------------------------------

/** A calendar day, 'YYYY-MM-DD', that exists. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((d) => parseLocalDate(d) !== undefined, 'not a date of the calendar');

export const ConsentKind = z.enum(['CTO', 'NOC']);
export type ConsentKind = z.infer<typeof ConsentKind>;

/** A limit the consent sets on a parameter, e.g. PM at most 50 mg/Nm³. */
export const ConsentLimit = z.object({
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string().trim().min(1).max(100),
  /** The consented maximum. */
  maxValue: z.number().finite().positive(),
  /** Its unit as the consent writes it, e.g. 'mg/Nm3'. */
  unit: z.string().trim().min(1).max(40),
});
export type ConsentLimit = z.infer<typeof ConsentLimit>;

/** Body of POST /api/consents. */
export const NewConsent = z
  .object({
    /** The industry; the caller's own when left out (or the station's). */
    tenantId: TenantId.optional(),
    /** The station it covers; null: the whole industry. */
    entityId: Id.nullable().default(null),
    kind: ConsentKind,
    /** The consent's number as the board issued it, e.g. 'RPCB/CTO/2026/1234'. */
    number: z.string().trim().min(1).max(100),
    /** The board that issued it, e.g. 'Rajasthan State Pollution Control Board'. */
    issuedBy: z.string().trim().min(1).max(200),
    issuedOn: Day,
    /** Last day it is valid. */
    expiresOn: Day,
    /** The uploaded document holding it (POST /api/add-document), if any. */
    documentId: Id.nullable().default(null),
    /** Consented limits per parameter; none when the consent sets none or they are not entered. */
    limits: z.array(ConsentLimit).max(50).default([]),
  })
  .refine((c) => c.expiresOn >= c.issuedOn, { message: 'must not be before the day it was issued', path: ['expiresOn'] })
  .refine((c) => new Set(c.limits.map((l) => l.paramName)).size === c.limits.length, { message: 'a parameter is given twice', path: ['limits'] });
export type NewConsent = z.input<typeof NewConsent>;

/** Where a consent stands today (India): expired, within 7, 30 or 60 days of its expiry, or valid beyond. */
export const ConsentStanding = z.enum(['EXPIRED', 'WITHIN_7', 'WITHIN_30', 'WITHIN_60', 'VALID']);

export const Consent = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  entityId: z.number().nullable(),
  entityName: z.string().nullable(),
  kind: ConsentKind,
  number: z.string(),
  issuedBy: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  /** Days from today (India) to the expiry day: 0 on it, negative after. */
  daysLeft: z.number().int(),
  standing: ConsentStanding,
  documentId: z.number().nullable(),
  limits: z.array(ConsentLimit),
  createdAt: Instant,
});
export type Consent = z.infer<typeof Consent>;

/** Query of GET /api/consents. */
export const ConsentListQuery = z.object({
  /** Whose consents; every industry the caller reads when left out. */
  tenantId: TenantId.optional(),
  entityId: Id.optional(),
  kind: ConsentKind.optional(),
});
export type ConsentListQuery = z.infer<typeof ConsentListQuery>;

export const ConsentList = z.object({ items: z.array(Consent) });

/** Path of the routes of one consent. */
export const ConsentIdParams = z.object({ id: Id });

/** Query of GET /api/actionable-task/cto and /noc. */
export const ConsentTaskQuery = z.object({ tenantId: TenantId.optional() });

/**
 * Answer of GET /api/actionable-task/cto and /noc: the consents of that kind expired or expiring
 * within 60 days, soonest first, and how many stand at each step. Only the newest consent of each
 * station (or industry) counts: one renewed in time is no task.
 */
export const ConsentTasks = z.object({
  expired: z.number().int(),
  within7: z.number().int(),
  within30: z.number().int(),
  within60: z.number().int(),
  items: z.array(Consent),
});
export type ConsentTasks = z.infer<typeof ConsentTasks>;

/** Answer of POST /api/consents/{id}/alert-rules: the alert rules made of its limits. */
export const ConsentAlertRules = z.object({
  /** Ids of the alert rules created, one per limit. */
  ruleIds: z.array(z.number()),
});

/**
 * Answer of GET /api/station/{stationId}/current-cto: the station's CTO in force while valid; once
 * the newest has expired, only the day it did (the portal then offers no expired consent as current).
 */
export const CurrentCto = z.object({
  consent: Consent.nullable(),
  /** The expiry day of the station's newest CTO when it has expired, else null. */
  expiredOn: z.string().nullable(),
});
export type CurrentCto = z.infer<typeof CurrentCto>;
