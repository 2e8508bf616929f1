import { z } from 'zod';
import { MAX_PAISE } from '@enviro/domain/subscriptions/money';
import { COUPON_CODE } from '@enviro/domain/subscriptions/coupons';
import { parseLocalDate } from '@enviro/domain/time-zone';
import { Id, Instant, TenantId, TenantStatus } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Subscriptions and billing (issue 34; docs/SUBSCRIPTIONS.md). SPEC 7 Subscriptions:
// GET /api/payment/subscription/{tenantId}, POST /api/tenant/{id}/renewSubscription,
// POST /api/{type}/{id}/applyCoupon (planCode, couponCode), POST /api/cancelSubscription/{id}
// (action); SPEC 7 Other: actionable tasks subscription, grace-period, tenant-in-grace, POST
// /api/placeRequest. Beyond SPEC 7: plans, coupons, every tenant's subscriptions, receivables,
// invoices and their PDFs, a plan change, the payment gateway's webhook. Money is whole paise.
// ---------------------------------------------------------------------------------------------

/** A calendar day, 'YYYY-MM-DD', that exists. */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((d) => parseLocalDate(d) !== undefined, 'not a date of the calendar');

/** An amount in paise (₹1 = 100): a whole number, never negative. */
export const Paise = z.number().int('whole paise').min(0, 'must not be negative').max(MAX_PAISE);

/** A plan's code, e.g. 'STANDARD'. */
export const PlanCode = z.string().trim().regex(/^[A-Z0-9_-]{2,32}$/, '2 to 32 capital letters, digits, - or _');

/** A coupon's code, e.g. 'WELCOME10'. */
export const CouponCode = z.string().trim().toUpperCase().regex(COUPON_CODE, '3 to 32 letters, digits, - or _');

export const Term = z.enum(['MONTHLY', 'ANNUAL']);
export type Term = z.infer<typeof Term>;

/** A plan version as sold: its prices from a day on. */
export const PlanVersion = z.object({
  version: z.number().int(),
  /** First day it is sold at (India). */
  effectiveFrom: z.string(),
  /** Base price of a month and of a year, paise. */
  monthly: Paise,
  annual: Paise,
  /** Stations the base plan covers. */
  includedStations: z.number().int(),
  /** Per add-on station and camera, per month, paise. */
  stationAddOnMonthly: Paise,
  cameraAddOnMonthly: Paise,
  /** SAC on invoices. */
  sac: z.string(),
});
export type PlanVersion = z.infer<typeof PlanVersion>;

export const Plan = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  /** Every version, newest first. */
  versions: z.array(PlanVersion),
  /** The version sold today (null before the first takes effect). */
  current: z.number().int().nullable(),
});
export type Plan = z.infer<typeof Plan>;
export const PlanList = z.object({ items: z.array(Plan) });

/** Body of POST /api/subscription-plans: a new plan, or a new version (new prices from a day) of one. */
export const NewPlanVersion = z.object({
  code: PlanCode,
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  /** First day the prices apply; not in the past. */
  effectiveFrom: Day,
  monthly: Paise,
  annual: Paise,
  includedStations: z.number().int().min(0).max(10_000),
  stationAddOnMonthly: Paise,
  cameraAddOnMonthly: Paise,
  sac: z.string().regex(/^[0-9]{6}$/, 'a SAC is 6 digits').default('997331'),
});
export type NewPlanVersion = z.input<typeof NewPlanVersion>;

export const CouponKind = z.enum(['PERCENT', 'FIXED']);
export const CouponDuration = z.enum(['ONCE', 'RECURRING']);

/** Body of POST /api/coupons. */
export const NewCoupon = z
  .object({
    code: CouponCode,
    kind: CouponKind,
    /** Basis points off for PERCENT (1000 = 10 %), paise off for FIXED. */
    value: z.number().int().positive('must be more than 0').max(MAX_PAISE),
    /** Last day it can be applied; null: no end. */
    validUntil: Day.nullable().default(null),
    /** How many subscribers may redeem it; null: no limit. */
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
    /** ONCE: one invoice; RECURRING: every invoice while the plan is kept. */
    duration: CouponDuration,
    /** Plans it is for; empty: all. */
    planCodes: z.array(PlanCode).max(50).default([]),
  })
  .refine((c) => c.kind !== 'PERCENT' || c.value <= 10_000, { message: 'a percentage is at most 10000 basis points (100 %)', path: ['value'] });
export type NewCoupon = z.input<typeof NewCoupon>;

export const Coupon = z.object({
  code: z.string(),
  kind: CouponKind,
  value: z.number(),
  validUntil: z.string().nullable(),
  maxRedemptions: z.number().nullable(),
  redeemed: z.number(),
  duration: CouponDuration,
  planCodes: z.array(z.string()),
  active: z.boolean(),
});
export type Coupon = z.infer<typeof Coupon>;
export const CouponList = z.object({ items: z.array(Coupon) });

/** A priced line of an order or invoice. */
export const PriceLine = z.object({
  description: z.string(),
  sac: z.string(),
  quantity: z.number(),
  /** Price of one for the period, paise. */
  unit: Paise,
  amount: Paise,
});

export const OrderPurpose = z.enum(['NEW', 'RENEWAL', 'UPGRADE', 'ADD_ON']);

/** An amount to collect and what it buys. */
export const Order = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  purpose: OrderPurpose,
  /** The period it pays for, [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  planCode: z.string(),
  planVersion: z.number(),
  term: Term,
  addOnStations: z.number(),
  addOnCameras: z.number(),
  lines: z.array(PriceLine),
  subtotal: Paise,
  discount: Paise,
  couponCode: z.string().nullable(),
  taxable: Paise,
  tax: Paise,
  total: Paise,
  status: z.enum(['OPEN', 'PAID', 'CANCELLED']),
  /** MANDATE: debited on the e-mandate; PAYMENT_LINK: paid at `paymentUrl`. */
  channel: z.enum(['PAYMENT_LINK', 'MANDATE']),
  paymentUrl: z.string().nullable(),
  invoiceId: z.number().nullable(),
  createdAt: Instant,
  paidAt: Instant.nullable(),
  /** Days since it was raised (receivables' age). */
  ageDays: z.number(),
});
export type Order = z.infer<typeof Order>;

/** Where an invoice's e-invoice registration with the IRP stands. */
export const EInvoiceStatus = z.enum(['PENDING', 'REGISTERED', 'FAILED']);
/** A GST invoice or credit note, as listed. */
export const InvoiceSummary = z.object({
  id: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  series: z.enum(['INVOICE', 'CREDIT_NOTE']),
  /** 'EVI/2627/000001' (invoice) or 'EVC/2627/000001' (credit note). */
  number: z.string(),
  issuedOn: z.string(),
  placeOfSupply: z.string(),
  taxable: Paise,
  cgst: Paise,
  sgst: Paise,
  igst: Paise,
  total: Paise,
  /** The Invoice Reference Number of the e-invoice, when registered. */
  irn: z.string().nullable(),
  /**
   * The e-invoice registration with the IRP (B2B invoices while e-invoicing is on; null otherwise):
   * REGISTERED, PENDING (a try failed or is due: the attempts so far, the IRP's last error and the
   * next try) or FAILED (no try is left: an operator registers it).
   */
  eInvoice: z
    .object({
      status: EInvoiceStatus,
      attempts: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  orderId: z.number().nullable(),
  /** The invoice a credit note reverses. */
  originalInvoiceId: z.number().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;
export const InvoiceList = z.object({ items: z.array(InvoiceSummary) });
export const InvoiceListQuery = z.object({
  tenantId: TenantId.optional(),
  /** Only invoices whose e-invoice registration is in this state (the operators' queue of FAILED ones). */
  eInvoice: EInvoiceStatus.optional(),
});
export const InvoiceParams = z.object({ id: Id });

/** A tenant's subscription (GET /api/payment/subscription/{tenantId}). */
export const SubscriptionView = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  /** The tenant's status (SPEC 3): TRIAL, ENABLED, GRACE, EXPIRED, AWAITED, … */
  status: TenantStatus,
  /** Null while the tenant has bought nothing (trial, awaited). */
  subscription: z
    .object({
      planCode: z.string(),
      planName: z.string(),
      /** The version bought: its prices hold until the renewal. */
      planVersion: z.number(),
      term: Term,
      addOnStations: z.number(),
      addOnCameras: z.number(),
      /** Stations covered: the plan's and the add-ons. */
      stations: z.number(),
      termStart: z.string(),
      /** The day after the paid term's last day. */
      paidUntil: z.string(),
      graceDays: z.number(),
      /** The day a subscription in grace expires (null when not in grace). */
      graceEndsOn: z.string().nullable(),
      cancelAtTermEnd: z.boolean(),
      couponCode: z.string().nullable(),
      /** Paid for the current term, before tax. */
      paid: Paise,
      /** The plan was changed in this term (a second change waits for the renewal). */
      changedThisTerm: z.boolean(),
      /** Renewals are debited on an e-mandate (within RBI's limit) or sent as a payment link. */
      hasMandate: z.boolean(),
    })
    .nullable(),
  openOrders: z.array(Order),
  invoices: z.array(InvoiceSummary),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const TenantIdParams = z.object({ tenantId: TenantId });
export const IdParams = z.object({ id: TenantId });

/** Body of POST /api/tenant/{id}/renewSubscription. */
export const RenewBody = z.object({
  /** Renew for another term length; the current one when left out. */
  term: Term.optional(),
});

/** Body of POST /api/tenant/{id}/changePlan: buy a plan (none yet, or expired) or upgrade mid-term. */
export const ChangePlanBody = z.object({
  planCode: PlanCode,
  term: Term,
  addOnStations: z.number().int().min(0).max(10_000).default(0),
  addOnCameras: z.number().int().min(0).max(10_000).default(0),
  couponCode: CouponCode.optional(),
});
export type ChangePlanBody = z.input<typeof ChangePlanBody>;

/** Params of POST /api/{type}/{id}/applyCoupon: only tenants hold subscriptions. */
export const ApplyCouponParams = z.object({ type: z.enum(['tenant']), id: TenantId });

/** Body of POST /api/{type}/{id}/applyCoupon (SPEC 7: planCode, couponCode). */
export const ApplyCouponBody = z.object({ planCode: PlanCode, couponCode: CouponCode });

/** What a coupon takes off the plan's next term, and whether it is now held by the subscription. */
export const CouponQuote = z.object({
  couponCode: z.string(),
  planCode: z.string(),
  duration: CouponDuration,
  subtotal: Paise,
  discount: Paise,
  taxable: Paise,
  /** The subscription holds it for its next invoice (false: quote only, for a plan it does not have). */
  held: z.boolean(),
});

/** Body of POST /api/cancelSubscription/{id}. */
export const CancelBody = z.object({
  /** AT_TERM_END: runs to the term's end; IMMEDIATE: ends today (the refund rule applies); UNDO: withdraws a cancellation at term end. */
  action: z.enum(['AT_TERM_END', 'IMMEDIATE', 'UNDO']),
});

export const CancelResult = z.object({
  status: TenantStatus,
  cancelAtTermEnd: z.boolean(),
  /** Refunded before tax by the credit note, paise (0 when the rule refunds nothing). */
  refund: Paise,
  creditNote: InvoiceSummary.nullable(),
});

/** Body of POST /api/placeRequest: more add-on stations or cameras for the rest of the term. */
export const PlaceRequestBody = z
  .object({
    /** The industry; the caller's own when left out. */
    tenantId: TenantId.optional(),
    addOnStations: z.number().int().min(0).max(1000).default(0),
    addOnCameras: z.number().int().min(0).max(1000).default(0),
  })
  .refine((b) => b.addOnStations + b.addOnCameras > 0, { message: 'ask for at least one station or camera', path: ['addOnStations'] });

/** A row of the site's list of every tenant's subscription. */
export const SubscriptionRow = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  status: TenantStatus,
  planCode: z.string().nullable(),
  planVersion: z.number().nullable(),
  term: Term.nullable(),
  paidUntil: z.string().nullable(),
  graceEndsOn: z.string().nullable(),
  stations: z.number().nullable(),
  cancelAtTermEnd: z.boolean(),
  /** Owed on open orders, paise. */
  open: Paise,
});
export const SubscriptionList = z.object({ items: z.array(SubscriptionRow) });
export const SubscriptionListQuery = z.object({ status: TenantStatus.optional() });

/** GET /api/receivables: open orders, oldest first, and their sum. */
export const Receivables = z.object({ total: Paise, items: z.array(Order) });

/** An actionable task of billing: a term ending soon, an order unpaid, a grace running out. */
export const BillingTask = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  status: TenantStatus,
  paidUntil: z.string().nullable(),
  /** Days to the term's end (subscription) or to expiry (grace). */
  daysLeft: z.number(),
  graceEndsOn: z.string().nullable(),
  /** The open order to pay, if any. */
  orderId: z.number().nullable(),
  total: Paise.nullable(),
});
export const BillingTasks = z.object({ items: z.array(BillingTask) });
export const BillingTaskQuery = z.object({ tenantId: TenantId.optional() });

/** What the webhook did with an event. */
export const WebhookAnswer = z.object({
  outcome: z.enum(['SETTLED', 'DUPLICATE', 'EXCESS', 'MISMATCH', 'IGNORED']),
});
