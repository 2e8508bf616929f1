const GATEWAYS = ['gateways'] as const;

/** Gateways: the list is `all`, which a gateway action refetches with the counts under it. */
export const gatewayKeys = {
  all: GATEWAYS,
  count: (partnerId: number | undefined) => [...GATEWAYS, 'count', partnerId ?? null] as const,
};
