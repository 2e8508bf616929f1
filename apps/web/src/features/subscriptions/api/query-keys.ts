const ROOT = ['subscriptions'] as const;

/** Billing's queries: any write refetches all of them. */
export const subscriptionKeys = {
  all: ROOT,
  view: (tenantId: number) => [...ROOT, 'view', tenantId] as const,
  plans: [...ROOT, 'plans'] as const,
  coupons: [...ROOT, 'coupons'] as const,
  list: (status: string | null) => [...ROOT, 'list', status] as const,
  receivables: [...ROOT, 'receivables'] as const,
  eInvoiceQueue: [...ROOT, 'e-invoice-queue'] as const,
};
