import { AlertAcknowledge, AlertBulkAcknowledge, AlertBulkAcknowledgeResult, AlertClose, AlertCountSummary, AlertDataByTenant, AlertDataByTenantRequest, AlertDataParams, AlertDetail, AlertFillLoss, AlertIdParams, AlertListRequest, AlertNotificationDetails, AlertPage, AlertRangeQuery, AlertRule, AlertRuleConditionChange, AlertRuleInput, AlertRulePage, AlertRulePatch, AlertRuleQuery, Escalation, EscalationInput, EscalationList, EscalationQuery, NotificationList, NotificationPreferences, NotificationQuery, NotificationRead } from '@enviro/contracts/alerts';
import { ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AlertsModule } from './alerts.module.ts';
import { APP_RULES, TENANT_READ, type Audience } from '../../platform/access/route-access.ts';

const TAGS = ['alerts'];

/** Who administers rules and escalations: site administrators, an industry's administrators, site staff acting as it. */
const ALERT_ADMIN: readonly Audience[] = ['siteAdmin', 'tenantAdmin', 'siteManaging'];

/** Alert configuration, alerts and their lifecycle, counts, escalations, in-app notifications (SPEC 7 Alerts). */
export const alertRoutes: FastifyPluginAsyncZod<AlertsModule> = async (app, { rules, episodes: alerts, notifications }) => {

  // --- rules ---
  app.get(
    '/api/alertConfiguration',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: 'Alert rules of the tenants the caller reads, filtered and paged', querystring: AlertRuleQuery, response: { 200: AlertRulePage, ...ERROR_RESPONSES } } },
    async (request) => rules.list(request.auth, request.query),
  );
  app.post(
    '/api/alertConfiguration',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: 'Create an alert rule; audited', body: AlertRuleInput, response: { 201: AlertRule, ...ERROR_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await rules.create(request.auth, request.body)),
  );
  app.put(
    '/api/alertConfiguration/:id',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: 'Replace an alert rule; audited', params: AlertIdParams, body: AlertRuleInput, response: { 200: AlertRule, ...ERROR_RESPONSES } } },
    async (request) => rules.update(request.auth, request.params.id, request.body),
  );
  app.patch(
    '/api/alertConfiguration/:id',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: 'Set status, severity, name or escalation of a rule (SPEC 4 SET operations); audited', params: AlertIdParams, body: AlertRulePatch, response: { 200: AlertRule, ...ERROR_RESPONSES } } },
    async (request) => rules.patch(request.auth, request.params.id, request.body),
  );
  app.put(
    '/api/alertRules/change-condition/:id',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: "Change a rule's condition and thresholds; the change and its comment go to the audit log", params: AlertIdParams, body: AlertRuleConditionChange, response: { 200: AlertRule, ...ERROR_RESPONSES } } },
    async (request) => rules.changeCondition(request.auth, request.params.id, request.body),
  );

  // --- alerts ---
  app.post(
    '/api/alerts',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Alerts of the tenants the caller reads, filtered and paged, newest first', body: AlertListRequest, response: { 200: AlertPage, ...ERROR_RESPONSES } } },
    async (request) => alerts.list(request.auth, request.body),
  );
  app.post(
    '/api/quasi-alerts',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Alerts of the industries the caller (a quasi-regulator) reads', body: AlertListRequest, response: { 200: AlertPage, ...ERROR_RESPONSES } } },
    async (request) => alerts.quasiAlerts(request.auth, request.body),
  );
  app.post(
    '/api/corp-alerts',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: "Alerts of a corporate's tenants the caller reads", body: AlertListRequest, response: { 200: AlertPage, ...ERROR_RESPONSES } } },
    async (request) => alerts.corpAlerts(request.auth, request.body),
  );
  app.get(
    '/api/alert/:id',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'One alert with its transitions', params: AlertIdParams, response: { 200: AlertDetail, ...ERROR_RESPONSES } } },
    async (request) => alerts.detail(request.auth, request.params.id),
  );
  app.get(
    '/api/alertNotificationDetails/:id',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Every notification sent (or being retried) for an alert', params: AlertIdParams, response: { 200: AlertNotificationDetails, ...ERROR_RESPONSES } } },
    async (request) => alerts.notificationDetails(request.auth, request.params.id),
  );
  app.post(
    '/api/alert/:id/acknowledge',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: 'Acknowledge an OPEN alert (stops its escalation)', params: AlertIdParams, body: AlertAcknowledge, response: { 200: AlertDetail, ...ERROR_RESPONSES } } },
    async (request) => alerts.acknowledge(request.auth, request.params.id, request.body.comment),
  );
  app.post(
    '/api/alert/:id/close',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: 'Close an alert with a reason', params: AlertIdParams, body: AlertClose, response: { 200: AlertDetail, ...ERROR_RESPONSES } } },
    async (request) => alerts.close(request.auth, request.params.id, request.body.reason),
  );
  app.post(
    '/api/alerts/acknowledge',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: 'Acknowledge several alerts (those not OPEN are skipped)', body: AlertBulkAcknowledge, response: { 200: AlertBulkAcknowledgeResult, ...ERROR_RESPONSES } } },
    async (request) => alerts.acknowledgeMany(request.auth, request.body.ids, request.body.comment),
  );
  app.post(
    '/api/tenants/:tenantId/alertDataByTenant',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Alerts by status of the tenant and of every industry it reads', params: AlertDataParams, body: AlertDataByTenantRequest, response: { 200: AlertDataByTenant, ...ERROR_RESPONSES } } },
    async (request) => alerts.dataByTenant(request.auth, request.params.tenantId, request.body),
  );
  app.get(
    '/api/alertCounts',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Alerts that started in a range by status, severity and type, and those active now', querystring: AlertRangeQuery, response: { 200: AlertCountSummary, ...ERROR_RESPONSES } } },
    async (request) => alerts.counts(request.auth, request.query),
  );
  app.get(
    '/api/alertFillLoss',
    { config: { access: TENANT_READ }, schema: { tags: TAGS, summary: 'Data loss and data fill alerts of a range (SPEC 7 alert fill/loss)', querystring: AlertRangeQuery, response: { 200: AlertFillLoss, ...ERROR_RESPONSES } } },
    async (request) => alerts.fillLoss(request.auth, request.query),
  );

  // --- escalations ---
  app.get(
    '/api/escalations',
    { config: { access: APP_RULES }, schema: { tags: TAGS, summary: 'Escalation policies of the tenants the caller reads', querystring: EscalationQuery, response: { 200: EscalationList, ...ERROR_RESPONSES } } },
    async (request) => rules.escalations(request.auth, request.query.tenantId),
  );
  app.post(
    '/api/escalations',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: 'Create an escalation policy; audited', body: EscalationInput, response: { 201: Escalation, ...ERROR_RESPONSES } } },
    async (request, reply) => reply.code(201).send(await rules.createEscalation(request.auth, request.body)),
  );
  app.put(
    '/api/escalations/:id',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: 'Replace an escalation policy; audited', params: AlertIdParams, body: EscalationInput, response: { 200: Escalation, ...ERROR_RESPONSES } } },
    async (request) => rules.updateEscalation(request.auth, request.params.id, request.body),
  );
  app.delete(
    '/api/escalations/:id',
    { config: { access: ALERT_ADMIN }, schema: { tags: TAGS, summary: "Delete an escalation policy (its rules fall back to the default); audited. Answers the tenant's remaining policies", params: AlertIdParams, response: { 200: EscalationList, ...ERROR_RESPONSES } } },
    async (request) => rules.deleteEscalation(request.auth, request.params.id),
  );

  // --- in-app notifications and preferences ---
  app.get(
    '/api/notifications',
    { config: { access: 'signedIn' }, schema: { tags: TAGS, summary: "The caller's newest in-app notifications and unread count", querystring: NotificationQuery, response: { 200: NotificationList, ...ERROR_RESPONSES } } },
    async (request) => notifications.list(request.auth, request.query.limit),
  );
  app.post(
    '/api/notifications/read',
    { config: { access: 'signedIn' }, schema: { tags: TAGS, summary: 'Mark notifications read (ids or all); answers the unread count', body: NotificationRead, response: { 200: NotificationList, ...ERROR_RESPONSES } } },
    async (request) => notifications.read(request.auth, request.body),
  );
  app.get(
    '/api/notificationPreferences',
    { config: { access: 'signedIn' }, schema: { tags: TAGS, summary: "The caller's channels per severity", response: { 200: NotificationPreferences, ...ERROR_RESPONSES } } },
    async (request) => notifications.preferences(request.auth),
  );
  app.put(
    '/api/notificationPreferences',
    { config: { access: 'signedIn' }, schema: { tags: TAGS, summary: "Set the caller's channels per severity", body: NotificationPreferences, response: { 200: NotificationPreferences, ...ERROR_RESPONSES } } },
    async (request) => notifications.putPreferences(request.auth, request.body),
  );
};
