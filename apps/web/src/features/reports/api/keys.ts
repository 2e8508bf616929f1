/** Root of every reports query key. */
export const REPORTS_KEY = ['reports'] as const;

export const reportKeys = {
  catalogue: () => [...REPORTS_KEY, 'catalogue'] as const,
  job: (id: number) => [...REPORTS_KEY, 'job', id] as const,
  industries: (reportId: number) => [...REPORTS_KEY, 'industries', reportId] as const,
  params: (tenantId: number, entityIds: readonly number[]) => [...REPORTS_KEY, 'params', tenantId, [...entityIds]] as const,
  schedules: () => [...REPORTS_KEY, 'schedules'] as const,
  runs: (id: number) => [...REPORTS_KEY, 'schedules', id, 'runs'] as const,
};
