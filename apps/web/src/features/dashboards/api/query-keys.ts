import type { EntityType } from '@enviro/contracts/common';
import type { OversightParams } from './get-oversight';

const DASHBOARDS = ['dashboards'] as const;
const OVERSIGHT = ['oversight'] as const;

/** Dashboards: a save or copy refetches `all`, a delete the lists. */
export const dashboardKeys = {
  all: DASHBOARDS,
  lists: () => [...DASHBOARDS, 'list'] as const,
  list: (entityType: EntityType | undefined, industry?: number) => [...DASHBOARDS, 'list', entityType ?? null, industry ?? null] as const,
  detail: (id: number, industry?: number) => [...DASHBOARDS, 'one', id, industry ?? null] as const,
};

/** The board overview of the caller's industries. */
export const oversightKeys = {
  all: OVERSIGHT,
  page: (params: OversightParams) => [...OVERSIGHT, params] as const,
};
