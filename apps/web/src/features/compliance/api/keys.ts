/** Root of every compliance query key. */
export const COMPLIANCE_KEY = ['compliance'] as const;

export const complianceKeys = {
  data: (query: object) => [...COMPLIANCE_KEY, 'data', query] as const,
  timeline: (query: object) => [...COMPLIANCE_KEY, 'timeline', query] as const,
  stats: (what: string) => [...COMPLIANCE_KEY, 'stats', what] as const,
};

/** An optional signal as the API client's option. */
export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
