const REGULATOR = ['regulator'] as const;

/** The regulator feature's query keys; every one starts with `all`, which a connection or mapping write refetches. */
export const regulatorKeys = {
  all: REGULATOR,
  connections: () => [...REGULATOR, 'connections'] as const,
  notConnected: () => [...REGULATOR, 'not-connected'] as const,
  mappings: (tenantId: number) => [...REGULATOR, 'mappings', tenantId] as const,
  status: (tenantId: number) => [...REGULATOR, 'status', tenantId] as const,
  board: (boardId: number) => [...REGULATOR, 'board', boardId] as const,
  /** One push-log route's answer (`route`: files, day, attempts, errors, success) for a query. */
  log: (tenantId: number, route: string, query: object) => [...REGULATOR, 'logs', tenantId, route, query] as const,
  republish: (tenantId: number) => [...REGULATOR, 'republish', tenantId] as const,
};
