import type { LimitRequest } from '@enviro/contracts/entities';

const ENTITY_TREE = ['entity-tree'] as const;
const LICENCE_USAGE = ['licence-usage'] as const;
const ALERT_LIMITS = ['alert-limits'] as const;

/** A tenant's entity tree: a station write refetches `all`, and so does auto-refresh. */
export const entityTreeKeys = {
  all: ENTITY_TREE,
  tenant: (tenantId: number) => [...ENTITY_TREE, tenantId] as const,
};

/** Stations in use against the licence: a station write refetches `all`. */
export const licenceUsageKeys = {
  all: LICENCE_USAGE,
  tenant: (tenantId: number) => [...LICENCE_USAGE, tenantId] as const,
};

/** The properties the station editor offers. */
export const entityPropKeys = {
  all: ['entity-props'] as const,
};

/** Alert limits of stations' parameters; auto-refresh refetches `all`. */
export const alertLimitKeys = {
  all: ALERT_LIMITS,
  request: (request: LimitRequest) => [...ALERT_LIMITS, request] as const,
};
