const COMPLIANCE = ['compliance'] as const;

/** The compliance feature's query keys. */
export const complianceKeys = {
  all: COMPLIANCE,
  data: (query: object) => [...COMPLIANCE, 'data', query] as const,
  timeline: (query: object) => [...COMPLIANCE, 'timeline', query] as const,
  stats: (what: string) => [...COMPLIANCE, 'stats', what] as const,
  groundWater: (days: number) => [...COMPLIANCE, 'ground-water', days] as const,
};
