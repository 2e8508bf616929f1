/** Root of every regulator query key: a write invalidates what it changes under it. */
export const REGULATOR_KEY = ['regulator'] as const;

export const regulatorKeys = {
  connections: () => [...REGULATOR_KEY, 'connections'] as const,
  mappings: (tenantId: number) => [...REGULATOR_KEY, 'mappings', tenantId] as const,
  status: (tenantId: number) => [...REGULATOR_KEY, 'status', tenantId] as const,
  board: (boardId: number) => [...REGULATOR_KEY, 'board', boardId] as const,
  logs: (tenantId: number) => [...REGULATOR_KEY, 'logs', tenantId] as const,
  republish: (tenantId: number) => [...REGULATOR_KEY, 'republish', tenantId] as const,
};

/** An optional signal as the API client's option. */
export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
