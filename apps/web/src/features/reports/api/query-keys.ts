const REPORTS = ['reports'] as const;

/** The reports feature's query keys. */
export const reportKeys = {
  all: REPORTS,
  catalogue: () => [...REPORTS, 'catalogue'] as const,
  job: (id: number) => [...REPORTS, 'job', id] as const,
  industries: (reportId: number) => [...REPORTS, 'industries', reportId] as const,
  params: (tenantId: number, entityIds: readonly number[]) => [...REPORTS, 'params', tenantId, [...entityIds]] as const,
  schedules: () => [...REPORTS, 'schedules'] as const,
  runs: (id: number) => [...REPORTS, 'schedules', id, 'runs'] as const,
};
