import type { AlertListRequest } from '@enviro/contracts/alerts';
import type { AlertRuleQuery } from './get-alert-rules';

const ALERTS = ['alerts'] as const;
const ALERT_RULES = ['alert-rules'] as const;
const ESCALATIONS = ['escalations'] as const;

/** Alerts (list, page, notifications sent): acknowledging or closing one refetches `all`. */
export const alertKeys = {
  all: ALERTS,
  list: (request: AlertListRequest) => [...ALERTS, 'list', request] as const,
  detail: (id: number) => [...ALERTS, 'detail', id] as const,
  notifications: (id: number) => [...ALERTS, 'notifications', id] as const,
};

/** Alert rules: a rule write refetches `all`. */
export const alertRuleKeys = {
  all: ALERT_RULES,
  list: (query: AlertRuleQuery) => [...ALERT_RULES, query] as const,
};

/** Escalation policies: a write refetches `all`. */
export const escalationKeys = {
  all: ESCALATIONS,
  tenant: (tenantId: number | undefined) => [...ESCALATIONS, tenantId ?? null] as const,
};

/** The caller's notification channels per severity: a save writes the answer under `all`. */
export const notificationPreferenceKeys = {
  all: ['notification-preferences'] as const,
};
