/** Every route of the app, with helpers that build links to it. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  error: { path: '/error', getHref: () => '/error' },
  login: {
    path: '/login',
    /** `next`: where to go after signing in (a path of this app). */
    getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  app: {
    root: { path: '/app', getHref: () => '/app' },
    /** `station`: the station the tenant dashboard opens on. */
    dashboard: {
      path: '/app/dashboard',
      getHref: (query: { station?: number | string | undefined } = {}) => withQuery('/app/dashboard', query),
    },
    /** The signed-in parameter trend of the tenant acted for (the public page's query, without the portal's tenant and back). */
    details: {
      path: '/app/dashboard/details',
      getHref: (query: Omit<TrendQuery, 'publicTenantId' | 'back'>) => withQuery('/app/dashboard/details', query),
    },
    /** The signed-in single-parameter dashboard of the tenant acted for. */
    parameter: {
      path: '/app/dashboard/parameter',
      getHref: (query: Partial<Omit<ParameterQuery, 'back'>> = {}) => withQuery('/app/dashboard/parameter', query),
    },
    account: { path: '/app/account', getHref: () => '/app/account' },
  },
  /** Administration screens (children of the signed-in layout at /app). */
  admin: {
    tenants: { path: '/app/admin/tenants', getHref: () => '/app/admin/tenants' },
    tenant: { path: '/app/admin/tenants/:id', getHref: (id: number | string) => `/app/admin/tenants/${id}` },
    corporates: { path: '/app/admin/corporates', getHref: () => '/app/admin/corporates' },
    users: { path: '/app/admin/users', getHref: () => '/app/admin/users' },
    auditLog: {
      path: '/app/admin/audit-log',
      /** `entity`: only the changes of one row, e.g. 'tenant:12'. */
      getHref: (query: { entity?: string } = {}) => withQuery('/app/admin/audit-log', query),
    },
  },
  settings: { path: '/app/settings', getHref: () => '/app/settings' },
  public: {
    industries: {
      path: '/public/dashboard/industries/:tenantId',
      getHref: (tenantId: number | string) => `/public/dashboard/industries/${tenantId}`,
    },
    industry: {
      path: '/public/dashboard/industry/:tenantId',
      /** `back`: the tenant whose industries list the back action returns to. */
      getHref: (tenantId: number | string, query: { back?: number | string; station?: number | string } = {}) =>
        withQuery(`/public/dashboard/industry/${tenantId}`, query),
    },
    details: {
      path: '/public/dashboard/details/:tenantId',
      getHref: (tenantId: number | string, query: TrendQuery) =>
        withQuery(`/public/dashboard/details/${tenantId}`, query),
    },
    parameter: {
      path: '/public/dashboard/parameter/:tenantId',
      getHref: (tenantId: number | string, query: Partial<ParameterQuery> = {}) =>
        withQuery(`/public/dashboard/parameter/${tenantId}`, query),
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
