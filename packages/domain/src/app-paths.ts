/**
 * Every path of the web app, written once: route patterns (`:name` for a segment). The web's
 * `config/paths.ts` gives each a `getHref` helper and the router reads them there; the menu
 * modules (app-modules.ts) take theirs from here, so the server's `GET /api/users/{id}/modules`
 * answers the very paths the router serves.
 */
export const APP_PATHS = {
  home: '/',
  error: '/error',
  login: '/login',
  /** The invited user's page of the mailed link. */
  invite: '/invite/:token',
  /** The open data API's page for developers: keys, examples, licence. */
  developers: '/developers',
  /** The page of a developer's mailed link (`?token=`): shows the key once. */
  developersConfirm: '/developers/confirm',
  /** The signed-in app. */
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    /** The parameter trend of the tenant acted for. */
    details: '/app/dashboard/details',
    /** One parameter across the stations of the tenant acted for. */
    parameter: '/app/dashboard/parameter',
    /** Industries a board, CGWA, partner, corporate or site user reads, opened without acting for them. */
    industries: '/app/industries',
    industry: '/app/industries/:tenantId',
    /** A parameter trend of a station of that industry. */
    industryDetails: '/app/industries/:tenantId/details',
    /** One parameter across that industry's stations. */
    industryParameter: '/app/industries/:tenantId/parameter',
    account: '/app/account',
    /** Regulator sync: a board's industries (site users pick the board), or the tenant acted for's own page. */
    regulator: '/app/regulator',
    /** One industry's regulator connections: sync per station, mapping, push logs, republish. */
    regulatorIndustry: '/app/regulator/:tenantId',
    /** Compliance: a board's industries worst first, or the tenant acted for's own scorecard (`?period=`). */
    compliance: '/app/compliance',
    /** One industry's compliance scorecard per station and parameter for a month or quarter, and its timeline. */
    complianceIndustry: '/app/compliance/:tenantId',
    /** Site statistics: tenants, stations and devices by status, this month's compliance. */
    statistics: '/app/statistics',
    /** Reports: the catalogue for the user's type, parameters, run with progress, download, e-mail (`?report=&from=&to=&format=&job=`). */
    reports: '/app/reports',
    /** Scheduled e-mail reports and their run history (`?schedule=`). */
    scheduledReports: '/app/reports/scheduled',
    /** Alerts of the industries the user reads (filters in the query). */
    alerts: '/app/alerts',
    /** One alert: its facts, the trend around the breach, transitions and notifications. */
    alert: '/app/alerts/:id',
    /** Calibration of the devices the user reads: what is due, and `?device=` one device's. */
    calibration: '/app/calibration',
    /** The fleet: devices (`?search=&status=&removed=`), gateways and makes (`?tab=`). */
    devices: '/app/devices',
    /** One device: parameters, limits, token, mount history, availability, CSV upload. */
    device: '/app/devices/:id',
    /** One device's diagnostic (device_) parameters over a picked range, and a spectral analyser's wavelengths. */
    deviceDiagnostics: '/app/devices/:id/diagnostics',
    /** Cameras of the industries the user reads, with their health (`?status=&station=`). */
    cameras: '/app/cameras',
    /** The wall: a playlist's cameras tiled 1, 4, 9 or 16 at a time, turning every interval (`?playlist=`). */
    cameraWall: '/app/cameras/wall',
    /** One camera: live view, pan, tilt, zoom and presets, snapshots. */
    camera: '/app/cameras/:id',
    /** The NAQI of every CAAQMS station the user reads, now and for 30 days (`?industry=&sort=`). */
    airQuality: '/app/air-quality',
    /** Data quality of the stations the user reads, worst first (`?industry=&days=`). */
    dataQuality: '/app/data-quality',
    /** One station's daily data-quality scores and its flagged slots (`?from=&to=&state=`). */
    stationQuality: '/app/data-quality/stations/:id',
    /** An industry's documents, consents and manual measurements (`?tab=`). */
    documents: '/app/documents',
    /** The energy app (issue 31): a facility's tree, consumption, cost, budgets, SEC, emissions and meters (`?facility=&node=&month=`). */
    energy: '/app/energy',
    /** Dashboards the user sees in the tenant acted for (SPEC 1 dashboard management). */
    dashboards: '/app/boards',
    /** One dashboard; `?edit=1` edits its grid. */
    board: '/app/boards/:id',
    /** Change requests (maintenance windows, data corrections) the user reads (`?crType=&status=&sort=`). */
    changeRequests: '/app/change-requests',
    /** One change request: its details, history and the moves the user may make. */
    changeRequest: '/app/change-requests/:id',
    /** Warranty requests of faulty devices, with their service partner (`?status=&overdue=`). */
    warrantyRequests: '/app/warranty-requests',
    /** One warranty request: its facts, SLA, comment thread and the moves the user may make. */
    warrantyRequest: '/app/warranty-requests/:id',
    /** Billing: the tenant app's plan, invoices, renewal and coupon; the site's subscriptions, receivables, plans and coupons (`?tab=`). */
    subscriptions: '/app/subscriptions',
  },
  /** SPEC 2: pages without the header (their paths contain selectplan or checkout), for a signed-in administrator of the industry. */
  billing: {
    /** Choose a plan, its term and add-ons, with a coupon. */
    selectPlan: '/billing/selectplan/:tenantId',
    /** Pay an order of the industry: its lines, GST and total, and the gateway's payment link. */
    checkout: '/billing/checkout/:tenantId/:orderId',
  },
  /** Administration screens of the signed-in app. */
  admin: {
    tenants: '/app/admin/tenants',
    tenant: '/app/admin/tenants/:id',
    corporates: '/app/admin/corporates',
    users: '/app/admin/users',
    auditLog: '/app/admin/audit-log',
    /** Regulator endpoints per statutory body (site administrators). */
    regulatorConnections: '/app/admin/regulator-connections',
    /** CEA's grid emission factors by financial year, shared by every industry (site administrators). */
    gridFactors: '/app/admin/grid-factors',
    /** Alert rules of the tenant (SPEC 7 alert configuration). */
    alertRules: '/app/admin/alert-rules',
    /** Escalation policies (SPEC 1 escalation management). */
    escalations: '/app/admin/escalations',
  },
  settings: '/app/settings',
  /** The public portal: every page names the tenant it shows. */
  public: {
    root: '/public/dashboard',
    industries: '/public/dashboard/industries/:tenantId',
    industry: '/public/dashboard/industry/:tenantId',
    details: '/public/dashboard/details/:tenantId',
    parameter: '/public/dashboard/parameter/:tenantId',
  },
} as const;
