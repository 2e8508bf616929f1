import type { MetricsQuery, SecQuery } from './energy';

const ENERGY = ['energy'] as const;

/** Query keys of the energy app; a meter change invalidates them all. */
export const energyKeys = {
  all: ENERGY,
  facilities: (tenantId: number) => [...ENERGY, 'facilities', tenantId] as const,
  located: (facilityId: number) => [...ENERGY, 'located', facilityId] as const,
  metrics: (q: MetricsQuery) => [...ENERGY, 'metrics', q] as const,
  cost: (nodeId: number, month: string) => [...ENERGY, 'cost', nodeId, month] as const,
  budgets: (nodeId: number, day: string) => [...ENERGY, 'budgets', nodeId, day] as const,
  sec: (q: SecQuery) => [...ENERGY, 'sec', q] as const,
  emissions: (nodeId: number, fy: string) => [...ENERGY, 'emissions', nodeId, fy] as const,
  history: (nodeId: number) => [...ENERGY, 'history', nodeId] as const,
  tariffs: (entityId: number) => [...ENERGY, 'tariffs', entityId] as const,
  gridFactors: [...ENERGY, 'grid-factors'] as const,
};
