/** Query keys of the documents feature: a tenant's documents, one document's versions, consents. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (tenantId: number, page: number) => ['documents', 'list', tenantId, page] as const,
  detail: (id: number) => ['documents', 'detail', id] as const,
};

export const consentKeys = {
  all: ['consents'] as const,
  list: (tenantId: number) => ['consents', 'list', tenantId] as const,
};

export const measurementKeys = {
  all: ['measurements'] as const,
  templates: (tenantId: number) => ['measurements', 'templates', tenantId] as const,
  station: (entityId: number) => ['measurements', 'station', entityId] as const,
};
