/** Root of every reports query key. */
export const REPORTS_KEY = ['reports'] as const;

export const reportKeys = {
  catalogue: () => [...REPORTS_KEY, 'catalogue'] as const,
  job: (id: number) => [...REPORTS_KEY, 'job', id] as const,
  schedules: () => [...REPORTS_KEY, 'schedules'] as const,
  runs: (id: number) => [...REPORTS_KEY, 'schedules', id, 'runs'] as const,
};
