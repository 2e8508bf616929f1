import { generatePath } from 'react-router';
import { APP_PATHS } from '@enviro/domain/app-paths';

/**
 * Every route of the app, with helpers that build links to it. The patterns are those of
 * `packages/domain/src/app-paths.ts` (the menu modules, which the server answers too, share them);
 * the router, menus, links and redirects read them here.
 */
export const paths = {
  home: { path: APP_PATHS.home, getHref: () => APP_PATHS.home },
  error: { path: APP_PATHS.error, getHref: () => APP_PATHS.error },
  login: {
    path: APP_PATHS.login,
    /** `next`: where to go after signing in (a path of this app); `userName`: the email to fill in. */
    getHref: (query: { next?: string; userName?: string } = {}) => withQuery(APP_PATHS.login, query),
  },
  /** The page of an invite's mailed link. */
  invite: { path: APP_PATHS.invite, getHref: (token: string) => generatePath(APP_PATHS.invite, { token }) },
  developers: { path: APP_PATHS.developers, getHref: () => APP_PATHS.developers },
  developersConfirm: { path: APP_PATHS.developersConfirm, getHref: (token: string) => withQuery(APP_PATHS.developersConfirm, { token }) },
  app: {
    root: { path: APP_PATHS.app.root, getHref: () => APP_PATHS.app.root },
    /** `station`: the station the tenant dashboard opens on. */
    dashboard: {
      path: APP_PATHS.app.dashboard,
      getHref: (query: { station?: number | string | undefined } = {}) => withQuery(APP_PATHS.app.dashboard, query),
    },
    /** The signed-in parameter trend of the tenant acted for (the public page's query, without the portal's tenant and back). */
    details: {
      path: APP_PATHS.app.details,
      getHref: (query: Omit<TrendQuery, 'publicTenantId' | 'back'>) => withQuery(APP_PATHS.app.details, query),
    },
    /** The signed-in single-parameter dashboard of the tenant acted for. */
    parameter: {
      path: APP_PATHS.app.parameter,
      getHref: (query: Partial<Omit<ParameterQuery, 'back'>> = {}) => withQuery(APP_PATHS.app.parameter, query),
    },
    /** Not a page: its industries are listed on the dashboard, where it leads. */
    industries: { path: APP_PATHS.app.industries, getHref: () => APP_PATHS.app.industries },
    /** An industry the user reads, opened without acting for it; `station`: the station it opens on. */
    industry: {
      path: APP_PATHS.app.industry,
      getHref: (tenantId: number | string, query: { station?: number | string | undefined } = {}) =>
        withQuery(generatePath(APP_PATHS.app.industry, { tenantId: String(tenantId) }), query),
    },
    /** A station's parameter trend in that industry. */
    industryDetails: {
      path: APP_PATHS.app.industryDetails,
      getHref: (tenantId: number | string, query: Omit<TrendQuery, 'publicTenantId' | 'back'>) =>
        withQuery(generatePath(APP_PATHS.app.industryDetails, { tenantId: String(tenantId) }), query),
    },
    /** One parameter across that industry's stations. */
    industryParameter: {
      path: APP_PATHS.app.industryParameter,
      getHref: (tenantId: number | string, query: Partial<Omit<ParameterQuery, 'back'>> = {}) =>
        withQuery(generatePath(APP_PATHS.app.industryParameter, { tenantId: String(tenantId) }), query),
    },
    account: { path: APP_PATHS.app.account, getHref: () => APP_PATHS.app.account },
    /** Regulator sync of a board's industries; `board`: the board a site user looks at. */
    regulator: {
      path: APP_PATHS.app.regulator,
      getHref: (query: { board?: number | string | undefined } = {}) => withQuery(APP_PATHS.app.regulator, query),
    },
    /** One industry's regulator page; `tab`: status, mapping, logs or republish (with its own filters). */
    regulatorIndustry: {
      path: APP_PATHS.app.regulatorIndustry,
      getHref: (tenantId: number | string, query: Record<string, string | number | undefined> = {}) =>
        withQuery(generatePath(APP_PATHS.app.regulatorIndustry, { tenantId: String(tenantId) }), query),
    },
    /** Compliance of the industries the user reads (`period`, `sort`), or redirects the tenant app to its own. */
    compliance: {
      path: APP_PATHS.app.compliance,
      getHref: (query: { period?: string | undefined; sort?: string | undefined } = {}) => withQuery(APP_PATHS.app.compliance, query),
    },
    /** One industry's compliance scorecard and timeline; `period`: 'YYYY-MM' or 'YYYY-Qn', `station`: the timeline's station. */
    complianceIndustry: {
      path: APP_PATHS.app.complianceIndustry,
      getHref: (tenantId: number | string, query: { period?: string | undefined; station?: number | string | undefined } = {}) =>
        withQuery(generatePath(APP_PATHS.app.complianceIndustry, { tenantId: String(tenantId) }), query),
    },
    statistics: { path: APP_PATHS.app.statistics, getHref: () => APP_PATHS.app.statistics },
    /** Reports: `report` id, `from`/`to` IST days, `format`, `job` being built. */
    reports: {
      path: APP_PATHS.app.reports,
      getHref: (query: { report?: number | undefined; from?: string | undefined; to?: string | undefined; format?: string | undefined; job?: number | undefined } = {}) =>
        withQuery(APP_PATHS.app.reports, query),
    },
    /** Scheduled reports; `schedule`: the one whose run history shows. */
    scheduledReports: {
      path: APP_PATHS.app.scheduledReports,
      getHref: (query: { schedule?: number | undefined } = {}) => withQuery(APP_PATHS.app.scheduledReports, query),
    },
    /** Alerts of the industries the user reads; `query`: the list's filters (see AlertsQuery). */
    alerts: {
      path: APP_PATHS.app.alerts,
      getHref: (query: Partial<AlertsQuery> = {}) => withQuery(APP_PATHS.app.alerts, query),
    },
    /** Change requests (maintenance windows, data corrections): filters, sort and page in the query. */
    changeRequests: { path: APP_PATHS.app.changeRequests, getHref: () => APP_PATHS.app.changeRequests },
    /** One change request. */
    changeRequest: { path: APP_PATHS.app.changeRequest, getHref: (id: number | string) => generatePath(APP_PATHS.app.changeRequest, { id: String(id) }) },
    /** Warranty requests: filters and page in the query. */
    warrantyRequests: { path: APP_PATHS.app.warrantyRequests, getHref: () => APP_PATHS.app.warrantyRequests },
    cameras: { path: APP_PATHS.app.cameras, getHref: () => APP_PATHS.app.cameras },
    cameraWall: { path: APP_PATHS.app.cameraWall, getHref: (playlist?: number) => withQuery(APP_PATHS.app.cameraWall, { playlist }) },
    camera: { path: APP_PATHS.app.camera, getHref: (id: number | string) => generatePath(APP_PATHS.app.camera, { id: String(id) }) },
    /** One warranty request. */
    warrantyRequest: { path: APP_PATHS.app.warrantyRequest, getHref: (id: number | string) => generatePath(APP_PATHS.app.warrantyRequest, { id: String(id) }) },
    /** Billing: the tenant app's plan and invoices, the site's subscriptions, receivables, plans and coupons. */
    subscriptions: { path: APP_PATHS.app.subscriptions, getHref: (query: { tab?: string } = {}) => withQuery(APP_PATHS.app.subscriptions, query) },
    /** One alert. */
    alert: { path: APP_PATHS.app.alert, getHref: (id: number | string) => generatePath(APP_PATHS.app.alert, { id: String(id) }) },
    /** Calibration; `device`: the device it opens on. */
    calibration: {
      path: APP_PATHS.app.calibration,
      getHref: (query: { device?: number | string | undefined } = {}) => withQuery(APP_PATHS.app.calibration, query),
    },
    devices: { path: APP_PATHS.app.devices, getHref: () => APP_PATHS.app.devices },
    device: { path: APP_PATHS.app.device, getHref: (id: number | string) => generatePath(APP_PATHS.app.device, { id: String(id) }) },
    /** One device's diagnostics over time. */
    deviceDiagnostics: { path: APP_PATHS.app.deviceDiagnostics, getHref: (id: number | string) => generatePath(APP_PATHS.app.deviceDiagnostics, { id: String(id) }) },
    /** The NAQI of the CAAQMS stations the user reads; `industry`: one of them, `sort`: 'name' (worst first otherwise). */
    airQuality: {
      path: APP_PATHS.app.airQuality,
      getHref: (query: { industry?: number | undefined; sort?: string | undefined } = {}) => withQuery(APP_PATHS.app.airQuality, query),
    },
    /** Data quality of the stations the user reads, worst first; `industry`: one of them, `days`: whole days scored. */
    dataQuality: {
      path: APP_PATHS.app.dataQuality,
      getHref: (query: { industry?: number | undefined; days?: number | undefined } = {}) => withQuery(APP_PATHS.app.dataQuality, query),
    },
    /** A station's data quality: daily scores and the flagged slots; `from`/`to`: IST days, `state`: only slots in it. */
    stationQuality: {
      path: APP_PATHS.app.stationQuality,
      getHref: (id: number | string, query: { from?: string | undefined; to?: string | undefined; state?: string | undefined } = {}) =>
        withQuery(generatePath(APP_PATHS.app.stationQuality, { id: String(id) }), query),
    },
    /** The documents, consents and lab results of the industry acted for; `tab`: 'consents' or 'measurements' (with `station`). */
    documents: {
      path: APP_PATHS.app.documents,
      getHref: (query: { tab?: 'consents' | 'measurements' | undefined; station?: number | undefined } = {}) => withQuery(APP_PATHS.app.documents, query),
    },
    /** The energy app: `facility`, the node picked in its tree (`node`), the month 'YYYY-MM' (`month`). */
    energy: {
      path: APP_PATHS.app.energy,
      getHref: (query: { facility?: number | undefined; node?: number | undefined; month?: string | undefined } = {}) => withQuery(APP_PATHS.app.energy, query),
    },
    /** Dashboards of the tenant acted for; `type`: only those of a station type; `industry`: an industry the user reads (read-only). */
    dashboards: {
      path: APP_PATHS.app.dashboards,
      getHref: (query: { type?: string | undefined; industry?: number | undefined } = {}) => withQuery(APP_PATHS.app.dashboards, query),
    },
    /** One dashboard; `edit`: open its grid for editing; `industry`: one of an industry the user reads, read-only. */
    board: {
      path: APP_PATHS.app.board,
      getHref: (id: number | string, query: { edit?: boolean; industry?: number | undefined } = {}) =>
        withQuery(generatePath(APP_PATHS.app.board, { id: String(id) }), { ...(query.edit ? { edit: '1' } : {}), ...(query.industry ? { industry: query.industry } : {}) }),
    },
  },
  /** Administration screens (children of the signed-in layout at /app). */
  admin: {
    tenants: { path: APP_PATHS.admin.tenants, getHref: () => APP_PATHS.admin.tenants },
    tenant: { path: APP_PATHS.admin.tenant, getHref: (id: number | string) => generatePath(APP_PATHS.admin.tenant, { id: String(id) }) },
    corporates: { path: APP_PATHS.admin.corporates, getHref: () => APP_PATHS.admin.corporates },
    users: { path: APP_PATHS.admin.users, getHref: () => APP_PATHS.admin.users },
    auditLog: {
      path: APP_PATHS.admin.auditLog,
      /** `entity`: only the changes of one row, e.g. 'tenant:12'. */
      getHref: (query: { entity?: string } = {}) => withQuery(APP_PATHS.admin.auditLog, query),
    },
    regulatorConnections: { path: APP_PATHS.admin.regulatorConnections, getHref: () => APP_PATHS.admin.regulatorConnections },
    gridFactors: { path: APP_PATHS.admin.gridFactors, getHref: () => APP_PATHS.admin.gridFactors },
    alertRules: { path: APP_PATHS.admin.alertRules, getHref: () => APP_PATHS.admin.alertRules },
    escalations: { path: APP_PATHS.admin.escalations, getHref: () => APP_PATHS.admin.escalations },
  },
  /** SPEC 2: the pages without the header. */
  billing: {
    selectPlan: { path: APP_PATHS.billing.selectPlan, getHref: (tenantId: number) => generatePath(APP_PATHS.billing.selectPlan, { tenantId: String(tenantId) }) },
    checkout: {
      path: APP_PATHS.billing.checkout,
      getHref: (tenantId: number, orderId: number) => generatePath(APP_PATHS.billing.checkout, { tenantId: String(tenantId), orderId: String(orderId) }),
    },
  },
  settings: { path: APP_PATHS.settings, getHref: () => APP_PATHS.settings },
  public: {
    /** The layout of the portal's pages; not a page itself. */
    root: { path: APP_PATHS.public.root },
    industries: {
      path: APP_PATHS.public.industries,
      getHref: (tenantId: number | string) => generatePath(APP_PATHS.public.industries, { tenantId: String(tenantId) }),
    },
    industry: {
      path: APP_PATHS.public.industry,
      /** `back`: the tenant whose industries list the back action returns to. */
      getHref: (tenantId: number | string, query: { back?: number | string; station?: number | string } = {}) =>
        withQuery(generatePath(APP_PATHS.public.industry, { tenantId: String(tenantId) }), query),
    },
    details: {
      path: APP_PATHS.public.details,
      getHref: (tenantId: number | string, query: TrendQuery) =>
        withQuery(generatePath(APP_PATHS.public.details, { tenantId: String(tenantId) }), query),
    },
    parameter: {
      path: APP_PATHS.public.parameter,
      getHref: (tenantId: number | string, query: Partial<ParameterQuery> = {}) =>
        withQuery(generatePath(APP_PATHS.public.parameter, { tenantId: String(tenantId) }), query),
    },
  },
} as const;

/** URL query of the parameter trend (SPEC 2). */
export interface TrendQuery {
  entityType: string;
  entityId: number | string;
  paramId: string;
  /** Duration, e.g. '15d-ago'. */
  time?: string;
  /** Averaging interval, e.g. 'minute_15'. */
  avgDuration?: string;
  publicTenantId: number | string;
  /** The board whose industries list the industry page's back action returns to. */
  back?: number | string | undefined;
}

/** URL query of the alerts list: its filters (ids and names as the API takes them); page and sort join them. */
export interface AlertsQuery {
  tenantId: number | string;
  stationId: number | string;
  paramName: string;
  status: string;
  severity: string;
  type: string;
  /** Duration, e.g. '7d-ago'. */
  time: string;
}

/** URL query of the single-parameter dashboard (SPEC 2). */
export interface ParameterQuery {
  entityType: string;
  paramId: string;
  avgDuration: string;
  time: string;
  /** Station ids, comma separated. */
  stations: string;
  /** The board the industry page's back action returns to, kept across pages. */
  back: string | undefined;
}

function withQuery(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
