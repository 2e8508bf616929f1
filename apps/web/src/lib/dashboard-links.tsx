import { createContext, useContext } from 'react';
import { paths, type ParameterQuery, type TrendQuery } from '@/config/paths';

/**
 * Where the industry, trend and parameter pages link to each other. The components are shared by
 * the public portal (/public/dashboard/...) and the signed-in app (/app/dashboard/...); each keeps
 * its visitors in its own pages. The portal's links are the default.
 */
export interface DashboardLinks {
  /** A board's industries list (the industry page's back link when `back` is set; the portal only). */
  industries: (boardId: string) => string;
  industry: (tenantId: number | string, query?: { back?: number | string | undefined; station?: number | string | undefined }) => string;
  /** The parameter trend of one station. */
  details: (tenantId: number | string, query: TrendQuery) => string;
  /** One parameter across stations. */
  parameter: (tenantId: number | string, query?: Partial<ParameterQuery>) => string;
}

export const PUBLIC_DASHBOARD_LINKS: DashboardLinks = {
  industries: (boardId) => paths.public.industries.getHref(boardId),
  industry: (tenantId, query = {}) => paths.public.industry.getHref(tenantId, query),
  details: (tenantId, query) => paths.public.details.getHref(tenantId, query),
  parameter: (tenantId, query = {}) => paths.public.parameter.getHref(tenantId, query),
};

/** The signed-in app: the tenant is the one acted for (never in the URL), and there is no board to go back to. */
export const APP_DASHBOARD_LINKS: DashboardLinks = {
  industries: () => paths.app.dashboard.getHref(),
  industry: (_tenantId, query = {}) => paths.app.dashboard.getHref({ station: query.station }),
  details: (_tenantId, { publicTenantId: _portal, back: _back, ...query }) => paths.app.details.getHref(query),
  parameter: (_tenantId, { back: _back, ...query } = {}) => paths.app.parameter.getHref(query),
};

/**
 * The signed-in app reading an industry it does not act for (a board's, a partner's, a
 * corporate's): the industry is in the URL, and its list is the dashboard.
 */
export const APP_INDUSTRY_LINKS: DashboardLinks = {
  industries: () => paths.app.dashboard.getHref(),
  industry: (tenantId, { station } = {}) => paths.app.industry.getHref(tenantId, { station }),
  details: (tenantId, { publicTenantId: _portal, back: _back, ...query }) => paths.app.industryDetails.getHref(tenantId, query),
  parameter: (tenantId, { back: _back, ...query } = {}) => paths.app.industryParameter.getHref(tenantId, query),
};

const DashboardLinksContext = createContext<DashboardLinks>(PUBLIC_DASHBOARD_LINKS);

export const DashboardLinksProvider = DashboardLinksContext.Provider;

export const useDashboardLinks = (): DashboardLinks => useContext(DashboardLinksContext);
