import type { CorporatePageParams } from './get-corporate-page';

const CORPORATES = ['corporates'] as const;

/** The corporates feature's query keys; every one starts with `all`, which corporate writes refetch. */
export const corporateKeys = {
  all: CORPORATES,
  /** Every corporate the caller may see (pickers and filters). */
  choices: () => [...CORPORATES, 'all'] as const,
  page: (params: CorporatePageParams) => [...CORPORATES, 'page', params] as const,
  tenants: (corporateId: number) => [...CORPORATES, 'tenants', corporateId] as const,
};
