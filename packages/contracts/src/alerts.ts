import { z } from 'zod';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { PERIODS } from '@enviro/domain/period';
import { Id, Instant, TenantId, ZoneOrDefault, pageOf } from './common.ts';
import { QueryBoolean } from './entities.ts';

// ---------------------------------------------------------------------------------------------
// POST /api/tenants/{tenantId}/alertData
// ---------------------------------------------------------------------------------------------

/** Path of POST /api/tenants/{tenantId}/alertData. */
export const AlertDataParams = z.object({
  /** Tenant whose alerts to count. */
  tenantId: TenantId,
});

/** Query of POST /api/tenants/{tenantId}/alertData. */
export const AlertDataQuery = z.object({
  /** 'true': counts per parameter; 'false' (default): counts per interval bucket. */
  isGroupByParameter: QueryBoolean.default(false),
});

/** Bucket intervals alert counts can be grouped by. */
export const AlertInterval = z.enum(INTERVAL_NAMES).exclude(['instances']);

/** Alert count form (SPEC 3). Either startDate and endDate, or a calendar period (the current one). */
export const AlertCountRequest = z
  .object({
    /** Start of the range (inclusive, ISO 8601). */
    startDate: Instant.optional(),
    /** End of the range (exclusive, ISO 8601). */
    endDate: Instant.optional(),
    /** Without dates: the current day, month (default, SPEC 9) or year in `timezone`, up to now. */
    period: z.enum(PERIODS).default('month'),
    /** Bucket of the per-interval counts (SPEC 9 default day_1). */
    interval: AlertInterval.default('day_1'),
    /** Alert types to count (SPEC 9: SYSTEM). */
    types: z.array(z.string().min(1).max(32)).min(1).max(10).default(['SYSTEM']),
    /** Count only alerts of this node and its descendants. */
    nodeId: Id.optional(),
    /** Zone of the period and of bucket boundaries. */
    timezone: ZoneOrDefault,
  })
  .refine((r) => (r.startDate === undefined) === (r.endDate === undefined), {
    message: 'give both startDate and endDate, or neither',
    path: ['endDate'],
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });
export type AlertCountRequest = z.input<typeof AlertCountRequest>;

/** Alerts of one parameter. */
export const ParameterAlertCount = z.object({
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string(),
  /** Display label, e.g. 'PM'. */
  paramLabel: z.string(),
  /** Alerts in the range. */
  count: z.number().int().min(0),
});

/** Alerts in one bucket. */
export const IntervalAlertCount = z.object({
  /** Bucket start (ISO 8601). */
  time: Instant,
  /** Alerts in the bucket. */
  count: z.number().int().min(0),
});

const AlertCountsBase = {
  /** Start of the counted range (ISO 8601). */
  from: Instant,
  /** End of the counted range, exclusive (ISO 8601). */
  to: Instant,
  /** All alerts in the range. */
  total: z.number().int().min(0),
};

/** Answer of POST /api/tenants/{tenantId}/alertData. */
export const AlertCounts = z.discriminatedUnion('groupBy', [
  z.object({
    /** Counts per parameter (isGroupByParameter=true), parameters with alerts only, by label. */
    groupBy: z.literal('parameter'),
    ...AlertCountsBase,
    /** One entry per parameter with alerts, most alerts first. */
    groups: z.array(ParameterAlertCount),
  }),
  z.object({
    /** Counts per bucket of `interval`. */
    groupBy: z.literal('interval'),
    ...AlertCountsBase,
    /** Every bucket of the range in time order, zero counts included. */
    groups: z.array(IntervalAlertCount),
  }),
]);
export type AlertCounts = z.infer<typeof AlertCounts>;

// =============================================================================================
// Alert rules, alert episodes, lifecycle, escalation and notifications (issue 11).
// Route plan (SPEC 7 spelling): see each schema's TSDoc. The web app builds against these.
// =============================================================================================

/** Rule and alert severities, most severe first. */
export const ALERT_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING'] as const;
export const AlertSeverity = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof AlertSeverity>;

/**
 * Rule conditions, which are also the alert `type`s of the alerts they open:
 * - `AVG_15M`: a closed 15-minute slot's average breaks the limit (CPCB default; "exceeded for more than 15 minutes");
 * - `SUSTAINED`: every raw reading breaks the limit for `durationMinutes`;
 * - `INSTANT`: one raw reading breaks the limit;
 * - `DATA_LOSS`: no reading from the device for `durationMinutes` (station DELAYED/OFFLINE);
 * - `DATA_FILL`: a gap of `DATA_LOSS` later back-filled;
 * - `DEVICE_DIAGNOSTIC`: a `device_*` parameter's 15-minute average out of range;
 * - `ENERGY_BUDGET`: a node's energy reached 50, 75 or 100 % of its budget (raised by the energy module, docs/ENERGY.md);
 * - `CAMERA_OFFLINE`: a camera sent no picture for 15 minutes, a system alert (raised by the cameras module, docs/CAMERAS.md);
 *   resolved when it sends pictures again. It has no device: its `deviceName` is the camera's name.
 * Older rows of the instant-breach table have type `SYSTEM` (counted by alertData, never an episode).
 */
export const ALERT_CONDITIONS = ['AVG_15M', 'SUSTAINED', 'INSTANT', 'DATA_LOSS', 'DATA_FILL', 'DEVICE_DIAGNOSTIC', 'ENERGY_BUDGET', 'CAMERA_OFFLINE'] as const;
export const AlertCondition = z.enum(ALERT_CONDITIONS);
export type AlertCondition = z.infer<typeof AlertCondition>;

/** Which side of the threshold breaks it. */
export const AlertComparison = z.enum(['ABOVE', 'BELOW', 'OUTSIDE']);
export type AlertComparison = z.infer<typeof AlertComparison>;

/** Rule status (SPEC 3 "Alert rule".status). */
export const AlertRuleStatus = z.enum(['ENABLED', 'DISABLED']);
export type AlertRuleStatus = z.infer<typeof AlertRuleStatus>;

/** Alert lifecycle: OPEN → ACKNOWLEDGED → RESOLVED (condition cleared) or CLOSED (by a person, with a reason). */
export const ALERT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'CLOSED'] as const;
export const AlertStatus = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatus>;

/**
 * Device alert state is numeric (SPEC 4): 0 no alert, 1 OPEN, 2 ACKNOWLEDGED, 3 RESOLVED, 4 CLOSED.
 * Every alert carries its code as `state`; a device's own state (no route shows it yet) is that of its
 * most severe active alert, else 0.
 */
export const ALERT_STATE_CODES: Record<AlertStatus, number> = { OPEN: 1, ACKNOWLEDGED: 2, RESOLVED: 3, CLOSED: 4 };

/** Notification channels a user can choose per severity; WEBHOOK is configured on escalation levels only. */
export const NotificationChannel = z.enum(['EMAIL', 'SMS', 'IN_APP', 'WEBHOOK']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

const Page = {
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(20),
};

/** A path `{id}` of an alert, rule or escalation. */
export const AlertIdParams = z.object({
  /** The row's id. */
  id: Id,
});

// ---------------------------------------------------------------------------------------------
// Rules: GET/POST /api/alertConfiguration, PUT/PATCH /api/alertConfiguration/{id},
// PUT /api/alertRules/change-condition/{id}
// ---------------------------------------------------------------------------------------------

/** The condition part of a rule: what breaks it and when it clears. */
export const AlertRuleCondition = z.object({
  /** The condition; see {@link AlertCondition}. */
  type: AlertCondition,
  /** Side of the threshold that breaks it (ignored by DATA_LOSS/DATA_FILL). */
  comparison: AlertComparison.default('ABOVE'),
  /** Lower threshold; null: the parameter's own limit (`param_limit.min_value`). */
  thresholdMin: z.number().finite().nullable().default(null),
  /** Upper threshold; null: the parameter's own limit (`param_limit.max_value`). */
  thresholdMax: z.number().finite().nullable().default(null),
  /** SUSTAINED: minutes of breach; DATA_LOSS: minutes without a reading. Ignored otherwise. */
  durationMinutes: z.number().int().min(1).max(10_080).nullable().default(null),
  /** Consecutive slots back within limits that resolve the alert (default 1). */
  clearSlots: z.number().int().min(1).max(96).default(1),
});
export type AlertRuleCondition = z.input<typeof AlertRuleCondition>;

/** Body of POST /api/alertConfiguration and PUT /api/alertConfiguration/{id}. */
export const AlertRuleInput = z.object({
  /** The industry (tenant) the rule belongs to (SPEC 3 industryId). */
  industryId: TenantId,
  /** Display name, e.g. 'PM 15-minute average above limit'. */
  name: z.string().trim().min(1).max(200),
  /** The station the rule applies to (SPEC 3 nodeId); null: every station of `categoryId` in the tenant. */
  nodeId: Id.nullable().default(null),
  /** Station type the rule applies to when nodeId is null, e.g. 'cems' (SPEC 3 categoryId); null with nodeId null: every station. */
  categoryId: z.string().min(1).max(40).nullable().default(null),
  /** Standard parameter names the rule narrows to, e.g. ['pm']; empty: every parameter with a limit. */
  paramNames: z.array(z.string().min(1).max(100)).max(100).default([]),
  /** Devices the rule narrows to; empty: every device of the station(s). */
  deviceIds: z.array(Id).max(100).default([]),
  /** ENABLED or DISABLED (SPEC 3 status). */
  status: AlertRuleStatus.default('ENABLED'),
  /** Severity of the alerts it opens. */
  severity: AlertSeverity.default('MAJOR'),
  /** Escalation policy; null: the tenant's default policy. */
  escalationId: Id.nullable().default(null),
  ...AlertRuleCondition.shape,
});
export type AlertRuleInput = z.input<typeof AlertRuleInput>;

/** An alert rule (SPEC 3 "Alert rule": id, nodeId, status, type, industryId, categoryId). */
export const AlertRule = z.object({
  id: z.number().int().positive(),
  industryId: z.number().int().positive(),
  /** The industry's name. */
  industryName: z.string(),
  name: z.string(),
  nodeId: z.number().int().positive().nullable(),
  /** The station's name, null without nodeId. */
  nodeName: z.string().nullable(),
  categoryId: z.string().nullable(),
  paramNames: z.array(z.string()),
  deviceIds: z.array(z.number().int().positive()),
  status: AlertRuleStatus,
  severity: AlertSeverity,
  escalationId: z.number().int().positive().nullable(),
  type: AlertCondition,
  comparison: AlertComparison,
  thresholdMin: z.number().nullable(),
  thresholdMax: z.number().nullable(),
  durationMinutes: z.number().int().nullable(),
  clearSlots: z.number().int(),
  /** Created by the CPCB defaults (one per parameter with a limit). */
  isDefault: z.boolean(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type AlertRule = z.infer<typeof AlertRule>;

/** Query of GET /api/alertConfiguration. */
export const AlertRuleQuery = z.object({
  /** Only this industry's rules; omitted: every tenant the caller reads. */
  tenantId: TenantId.optional(),
  /** Only rules of this station. */
  nodeId: Id.optional(),
  /** Only rules with this condition. */
  type: AlertCondition.optional(),
  /** Only ENABLED or DISABLED rules. */
  status: AlertRuleStatus.optional(),
  ...Page,
});
export type AlertRuleQuery = z.input<typeof AlertRuleQuery>;

/** Answer of GET /api/alertConfiguration: by industry, station, name. */
export const AlertRulePage = pageOf(AlertRule);
export type AlertRulePage = z.infer<typeof AlertRulePage>;

/** One operation of PATCH /api/alertConfiguration/{id} (SPEC 4 patch format). */
export const AlertRulePatchOp = z.discriminatedUnion('att', [
  z.object({ op: z.literal('SET'), att: z.literal('status'), value: AlertRuleStatus }),
  z.object({ op: z.literal('SET'), att: z.literal('severity'), value: AlertSeverity }),
  z.object({ op: z.literal('SET'), att: z.literal('name'), value: z.string().trim().min(1).max(200) }),
  z.object({ op: z.literal('SET'), att: z.literal('escalationId'), value: Id.nullable() }),
]);
/** Body of PATCH /api/alertConfiguration/{id}: e.g. `[{op: "SET", att: "status", value: "DISABLED"}]`. */
export const AlertRulePatch = z.array(AlertRulePatchOp).min(1).max(10);
export type AlertRulePatch = z.input<typeof AlertRulePatch>;

/** Body of PUT /api/alertRules/change-condition/{id}; the change is written to the audit log. Answers the AlertRule. */
export const AlertRuleConditionChange = AlertRuleCondition.extend({
  /** Why the thresholds changed (kept in the audit log). */
  comment: z.string().trim().max(1000).optional(),
});
export type AlertRuleConditionChange = z.input<typeof AlertRuleConditionChange>;

// ---------------------------------------------------------------------------------------------
// Alerts: POST /api/alerts (list), GET /api/alert/{id}, acknowledge, close, bulk acknowledge;
// POST /api/quasi-alerts and /api/corp-alerts take the same body and answer the same page.
// ---------------------------------------------------------------------------------------------

/** Body of POST /api/alerts, /api/quasi-alerts and /api/corp-alerts: filters and a page. */
export const AlertListRequest = z
  .object({
    /** Only this industry's alerts; omitted: every tenant the caller reads (quasi-alerts: the quasi-regulator's industries; corp-alerts: the corporate's). */
    tenantId: TenantId.optional(),
    /** corp-alerts: the corporate; omitted: the caller's own. Ignored elsewhere. */
    corporateId: TenantId.optional(),
    /** Only alerts of this station (and its descendants). */
    stationId: Id.optional(),
    /** Only alerts of this standard parameter, e.g. 'pm'. */
    paramName: z.string().min(1).max(100).optional(),
    /** Only these statuses; default: every status. */
    status: z.array(AlertStatus).max(4).optional(),
    /** Only these severities. */
    severity: z.array(AlertSeverity).max(4).optional(),
    /** Only these types (rule conditions). */
    type: z.array(AlertCondition).max(ALERT_CONDITIONS.length).optional(),
    /** Alerts that started at or after this instant (ISO 8601). */
    startDate: Instant.optional(),
    /** Alerts that started before this instant (ISO 8601). */
    endDate: Instant.optional(),
    ...Page,
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });
export type AlertListRequest = z.input<typeof AlertListRequest>;

/** One alert: one episode of one rule on one series (device parameter), from its first breaching slot to its clearing. */
export const AlertItem = z.object({
  id: z.number().int().positive(),
  tenantId: z.number().int().positive(),
  tenantName: z.string(),
  ruleId: z.number().int().positive(),
  ruleName: z.string(),
  /** The station (entity) of the device, null for a device not placed. */
  stationId: z.number().int().positive().nullable(),
  stationName: z.string().nullable(),
  /** The device, null for an alert about a camera (`CAMERA_OFFLINE`): `deviceName` is then the camera's name. */
  deviceId: z.number().int().positive().nullable(),
  deviceName: z.string(),
  /** Standard parameter, null for DATA_LOSS/DATA_FILL (the whole device). */
  paramName: z.string().nullable(),
  paramLabel: z.string().nullable(),
  unit: z.string().nullable(),
  type: AlertCondition,
  severity: AlertSeverity,
  status: AlertStatus,
  /** Numeric device alert state (SPEC 4): see {@link ALERT_STATE_CODES}. */
  state: z.number().int(),
  /** Start of the first breaching slot (or reading), ISO 8601: when the breach happened, not when it was seen. */
  startedAt: z.string(),
  /** End of the last breaching slot once cleared; null while the breach lasts. */
  endedAt: z.string().nullable(),
  /** Worst value of the episode (highest above, lowest below). */
  peak: z.number().nullable(),
  limitMin: z.number().nullable(),
  limitMax: z.number().nullable(),
  /** Breaching 15-minute slots (or readings) in the episode. */
  slotCount: z.number().int().min(0),
  /** Human message, e.g. 'PM 15-minute average exceeded 50 mg/Nm3 for more than 15 minutes (peak 72.4)'. */
  message: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** When the alert was raised (ISO 8601). */
  createdAt: z.string(),
});
export type AlertItem = z.infer<typeof AlertItem>;

/** Answer of POST /api/alerts, /api/quasi-alerts, /api/corp-alerts: newest start first. */
export const AlertPage = pageOf(AlertItem);
export type AlertPage = z.infer<typeof AlertPage>;

/** One kept lifecycle transition. */
export const AlertTransition = z.object({
  /** Status before; null for the opening. */
  from: AlertStatus.nullable(),
  to: AlertStatus,
  /** ISO 8601. */
  at: z.string(),
  /** The user's name; null for the system (evaluation). */
  by: z.string().nullable(),
  /** Acknowledgement comment, close reason or system note. */
  comment: z.string().nullable(),
});
export type AlertTransition = z.infer<typeof AlertTransition>;

/** Answer of GET /api/alert/{id}, and of acknowledge and close. */
export const AlertDetail = AlertItem.extend({
  ackComment: z.string().nullable(),
  closedBy: z.string().nullable(),
  closeReason: z.string().nullable(),
  /**
   * The alert this one was joined to when late readings filled the clean slot between them (it is
   * RESOLVED, and the other carries the whole episode); null otherwise.
   */
  mergedInto: z.number().int().positive().nullable(),
  /** Oldest first. */
  transitions: z.array(AlertTransition),
});
export type AlertDetail = z.infer<typeof AlertDetail>;

/** Body of POST /api/alert/{id}/acknowledge. Acknowledging stops escalation. */
export const AlertAcknowledge = z.object({
  /** Optional comment. */
  comment: z.string().trim().max(1000).optional(),
});
export type AlertAcknowledge = z.input<typeof AlertAcknowledge>;

/** Body of POST /api/alert/{id}/close. */
export const AlertClose = z.object({
  /** Why it is closed (required). */
  reason: z.string().trim().min(1).max(1000),
});
export type AlertClose = z.input<typeof AlertClose>;

/** Body of POST /api/alerts/acknowledge (bulk). Alerts not OPEN are skipped; ids the caller cannot read answer 404. */
export const AlertBulkAcknowledge = z.object({
  ids: z.array(Id).min(1).max(500),
  comment: z.string().trim().max(1000).optional(),
});
export type AlertBulkAcknowledge = z.input<typeof AlertBulkAcknowledge>;

/** Answer of POST /api/alerts/acknowledge. */
export const AlertBulkAcknowledgeResult = z.object({
  /** Alerts moved from OPEN to ACKNOWLEDGED. */
  acknowledged: z.number().int().min(0),
});

// ---------------------------------------------------------------------------------------------
// GET /api/alertNotificationDetails/{id}
// ---------------------------------------------------------------------------------------------

/** One notification sent (or being sent) for an alert. */
export const AlertNotification = z.object({
  id: z.number().int().positive(),
  channel: NotificationChannel,
  /** Escalation level, from 1. */
  level: z.number().int().min(1),
  /** Recipient's name, or the address for a free address. */
  recipient: z.string(),
  /** E-mail, phone, URL, or 'in-app'. */
  address: z.string(),
  /** PENDING (not yet sent or to be retried), SENT, FAILED (gave up after retries). */
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  /** Attempts made. */
  attempts: z.number().int().min(0),
  /** Last delivery result: the gateway's answer or the error. */
  result: z.string().nullable(),
  /** When queued (ISO 8601). */
  createdAt: z.string(),
  /** When delivered, else null. */
  sentAt: z.string().nullable(),
  /** Next attempt when PENDING. */
  nextAttemptAt: z.string().nullable(),
});
export type AlertNotification = z.infer<typeof AlertNotification>;

/** Answer of GET /api/alertNotificationDetails/{id}: oldest first. */
export const AlertNotificationDetails = z.object({
  alertId: z.number().int().positive(),
  items: z.array(AlertNotification),
});
export type AlertNotificationDetails = z.infer<typeof AlertNotificationDetails>;

// ---------------------------------------------------------------------------------------------
// Counts: POST /api/tenants/{tenantId}/alertDataByTenant, GET /api/alertCounts, GET /api/alertFillLoss
// ---------------------------------------------------------------------------------------------

/** Body of POST /api/tenants/{tenantId}/alertDataByTenant: alerts of the tenant and of every industry it reads (a board's industries). */
export const AlertDataByTenantRequest = z
  .object({
    /** ISO 8601 start (inclusive); default 30 days before endDate. */
    startDate: Instant.optional(),
    /** ISO 8601 end (exclusive); default now. */
    endDate: Instant.optional(),
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });

/** Alerts counted by status. */
export const AlertStatusCounts = z.object({
  open: z.number().int().min(0),
  acknowledged: z.number().int().min(0),
  resolved: z.number().int().min(0),
  closed: z.number().int().min(0),
  total: z.number().int().min(0),
});

/** Answer of POST /api/tenants/{tenantId}/alertDataByTenant: one row per industry with alerts, most first. */
export const AlertDataByTenant = z.object({
  from: Instant,
  to: Instant,
  tenants: z.array(AlertStatusCounts.extend({ tenantId: z.number().int().positive(), tenantName: z.string() })),
});
export type AlertDataByTenant = z.infer<typeof AlertDataByTenant>;

/** Query of GET /api/alertCounts and GET /api/alertFillLoss. */
export const AlertRangeQuery = z
  .object({
    /** ISO 8601 start (inclusive); default 30 days before endDate. */
    startDate: Instant.optional(),
    /** ISO 8601 end (exclusive); default now. */
    endDate: Instant.optional(),
    /** Only this tenant; omitted: every tenant the caller reads. */
    tenantId: TenantId.optional(),
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'must be after startDate',
    path: ['endDate'],
  });
export type AlertRangeQuery = z.input<typeof AlertRangeQuery>;

/** Answer of GET /api/alertCounts: alerts that started in the range, by status, severity and type; `active` counts OPEN+ACKNOWLEDGED now, whatever their start. */
export const AlertCountSummary = AlertStatusCounts.extend({
  from: Instant,
  to: Instant,
  active: z.number().int().min(0),
  bySeverity: z.partialRecord(AlertSeverity, z.number().int().min(0)),
  byType: z.partialRecord(AlertCondition, z.number().int().min(0)),
});
export type AlertCountSummary = z.infer<typeof AlertCountSummary>;

/** Answer of GET /api/alertFillLoss (SPEC 7 alert fill/loss): data-loss and data-fill alerts of the range, newest first. */
export const AlertFillLoss = z.object({
  from: Instant,
  to: Instant,
  /** DATA_LOSS alerts (any status) in the range. */
  loss: z.number().int().min(0),
  /** DATA_FILL alerts in the range. */
  fill: z.number().int().min(0),
  items: z.array(AlertItem).max(500),
});
export type AlertFillLoss = z.infer<typeof AlertFillLoss>;

// ---------------------------------------------------------------------------------------------
// Escalations: GET/POST /api/escalations, PUT/DELETE /api/escalations/{id}
// ---------------------------------------------------------------------------------------------

/** Whom one escalation level tells. */
export const EscalationRecipients = z.object({
  /** Roles of the industry's users told, e.g. ['admin', 'user']. */
  industryRoles: z.array(z.string().min(1).max(32)).max(10).default([]),
  /** Roles of the users of the industry's corporate (corporate_admin users). */
  corporateRoles: z.array(z.string().min(1).max(32)).max(10).default([]),
  /** Roles of the users of the statutory bodies it reports to (its SPCB, `statutory_association`). */
  statutoryRoles: z.array(z.string().min(1).max(32)).max(10).default([]),
  /** Tell CPCB's users (statutory tenants named CPCB). */
  cpcb: z.boolean().default(false),
  /** Named users. */
  userIds: z.array(Id).max(50).default([]),
  /** Free e-mail addresses. */
  emails: z.array(z.email()).max(20).default([]),
  /** Free phone numbers (SMS), digits with an optional leading +. */
  phones: z.array(z.string().regex(/^\+?\d{6,15}$/, 'must be digits with an optional leading +')).max(20).default([]),
  /** Outgoing webhooks: each gets a JSON POST per alert. */
  webhooks: z.array(z.url()).max(5).default([]),
});
export type EscalationRecipients = z.input<typeof EscalationRecipients>;

/** One escalation level. */
export const EscalationLevel = z.object({
  /** Minutes after the alert opens before this level is first told. */
  delayMinutes: z.number().int().min(0).max(10_080),
  /** Minutes between repeats until acknowledged; null: told once. */
  repeatMinutes: z.number().int().min(1).max(10_080).nullable(),
  recipients: EscalationRecipients,
});
export type EscalationLevel = z.input<typeof EscalationLevel>;

/** Body of POST /api/escalations and PUT /api/escalations/{id}. */
export const EscalationInput = z.object({
  /** The industry whose alerts it escalates. */
  tenantId: TenantId,
  name: z.string().trim().min(1).max(200),
  /** The tenant's default (used by rules without an escalationId); one per tenant. */
  isDefault: z.boolean().default(false),
  levels: z.array(EscalationLevel).min(1).max(5),
});
export type EscalationInput = z.input<typeof EscalationInput>;

/** An escalation policy. */
export const Escalation = z.object({
  id: z.number().int().positive(),
  tenantId: z.number().int().positive(),
  name: z.string(),
  isDefault: z.boolean(),
  levels: z.array(
    z.object({
      delayMinutes: z.number().int(),
      repeatMinutes: z.number().int().nullable(),
      recipients: z.object({
        industryRoles: z.array(z.string()),
        corporateRoles: z.array(z.string()),
        statutoryRoles: z.array(z.string()),
        cpcb: z.boolean(),
        userIds: z.array(z.number().int()),
        emails: z.array(z.string()),
        phones: z.array(z.string()),
        webhooks: z.array(z.string()),
      }),
    }),
  ),
  updatedAt: z.string(),
});
export type Escalation = z.infer<typeof Escalation>;

/** Query of GET /api/escalations. */
export const EscalationQuery = z.object({
  /** Only this tenant's policies; omitted: every tenant the caller reads. */
  tenantId: TenantId.optional(),
});

/** Answer of GET /api/escalations. */
export const EscalationList = z.array(Escalation);
export type EscalationList = z.infer<typeof EscalationList>;

// ---------------------------------------------------------------------------------------------
// In-app notifications: GET /api/notifications, POST /api/notifications/read;
// GET/PUT /api/notificationPreferences
// ---------------------------------------------------------------------------------------------

/** Query of GET /api/notifications. */
export const NotificationQuery = z.object({
  /** Newest this many. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One in-app notification (one per recipient per minute: it lists what opened). */
export const InAppNotification = z.object({
  id: z.number().int().positive(),
  /** The alert; for a grouped notice, the first alert. */
  alertId: z.number().int().positive().nullable(),
  /** Every alert it lists. */
  alertIds: z.array(z.number().int().positive()),
  severity: AlertSeverity,
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InAppNotification = z.infer<typeof InAppNotification>;

/** Answer of GET /api/notifications (newest first) and, with `items` empty, of POST /api/notifications/read. */
export const NotificationList = z.object({
  /** The caller's unread notifications. */
  unread: z.number().int().min(0),
  items: z.array(InAppNotification),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** Body of POST /api/notifications/read: the ids, or all. */
export const NotificationRead = z
  .object({
    ids: z.array(Id).max(500).optional(),
    all: z.boolean().optional(),
  })
  .refine((r) => r.all === true || (r.ids?.length ?? 0) > 0, { message: 'give ids or all: true', path: ['ids'] });
export type NotificationRead = z.input<typeof NotificationRead>;

/** A channel a user chooses (WEBHOOK is a policy's, not a person's). */
export const UserNotificationChannel = NotificationChannel.exclude(['WEBHOOK']);
export type UserNotificationChannel = z.infer<typeof UserNotificationChannel>;

/**
 * How a user is told of an alert of a severity they never chose for (CPCB: SMS and e-mail when a
 * limit is exceeded for more than 15 minutes): e-mail, SMS and in-app, except early warnings
 * (WARNING), which are not exceedances and send no SMS. SMS go only to a confirmed phone.
 */
export function defaultNotificationChannels(severity: AlertSeverity): UserNotificationChannel[] {
  return severity === 'WARNING' ? ['EMAIL', 'IN_APP'] : ['EMAIL', 'SMS', 'IN_APP'];
}

/** Channels chosen for one severity. */
export const NotificationPreference = z.object({
  severity: AlertSeverity,
  /** EMAIL, SMS, IN_APP. Empty: not told. */
  channels: z.array(UserNotificationChannel).max(3),
});

/** Body of PUT and answer of GET /api/notificationPreferences: one entry per severity (missing severities keep the default, defaultNotificationChannels). */
export const NotificationPreferences = z.object({
  preferences: z.array(NotificationPreference).max(4),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
