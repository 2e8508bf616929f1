/**
 * The modules (menu items) of the signed-in app and who may see each: the menu of a view is the
 * modules whose access rules admit the caller (SPEC 6), so the menu never offers what the API
 * behind it would refuse. The server's `GET /api/users/{id}/modules` and the web menu both read
 * this list. Only screens that exist are listed: no dead links.
 */
import { ACCESS_RULES, allows, type AccessRuleName, type EffectiveAccess } from './access-model.ts';
import { APP_PATHS } from './app-paths.ts';

/**
 * SPEC 2 active-item rule: `contains` (the current path contains the module's path), `absolute`
 * (the current path ends with it), or a list of paths, any of which the current path contains.
 */
export type ModuleMatch = 'contains' | 'absolute' | { readonly paths: readonly string[] };

export interface AppModule {
  /** Stable key (also what `GET /api/users/{id}/modules` returns). */
  key: ModuleKey;
  /** Menu label. */
  label: string;
  /** Web path the menu item opens (app-paths.ts). */
  path: string;
  /** Access rules (access-model.ts) of which the caller must pass one; the same rules the module's API routes declare. */
  access: readonly AccessRuleName[];
  match: ModuleMatch;
}

/** Every rule of an app (all but the public portal's). */
export const APP_RULES = [
  'site', 'siteAdmin', 'statutory', 'cgwa', 'partner', 'tenant', 'corporateAdmin', 'quasiRegulator',
  'quasiRegulatorInTenantView', 'default', 'investor', 'tenantView', 'tenantAdmin',
] as const satisfies readonly AccessRuleName[];

/** The rules of the tenant app (a tenant's own users and those acting for a tenant). */
const TENANT_APP_RULES = ['tenant', 'tenantView', 'quasiRegulatorInTenantView'] as const satisfies readonly AccessRuleName[];

/** Who reads alerts: the tenant app, and the oversight apps (boards, CGWA, corporates, quasi-regulators, site and partner staff). */
const ALERT_READERS = [
  'site', 'statutory', 'cgwa', 'partner', 'tenant', 'corporateAdmin', 'quasiRegulator', 'quasiRegulatorInTenantView', 'tenantView',
] as const satisfies readonly AccessRuleName[];

/**
 * Who administers an industry's alert rules and escalations in the tenant app: its administrators and
 * site staff acting for it (the alert configuration writes also admit site administrators outside
 * the tenant app, who have no screen for it yet).
 */
const ALERT_ADMINS = ['tenantAdmin', 'siteManaging'] as const satisfies readonly AccessRuleName[];

export const MODULE_KEYS = ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'alertRules', 'escalations', 'regulator', 'devices', 'cameras', 'calibration', 'documents', 'energy', 'compliance', 'changeRequests', 'warrantyRequests', 'statistics', 'reports', 'scheduledReports', 'subscriptions', 'tenants', 'corporates', 'users', 'auditLog', 'regulatorConnections', 'gridFactors', 'settings', 'account'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** The modules in menu order. */
export const APP_MODULES: readonly AppModule[] = [
  // The industries opened from the dashboard's table are part of it.
  { key: 'dashboard', label: 'Dashboard', path: APP_PATHS.app.dashboard, access: APP_RULES, match: { paths: [APP_PATHS.app.dashboard, APP_PATHS.app.industries] } },
  // GET /api/dashboards declares signedIn: every app's users have their own dashboards.
  { key: 'dashboards', label: 'Dashboards', path: APP_PATHS.app.dashboards, access: APP_RULES, match: 'contains' },
  // GET /api/air-quality declares TENANT_READ: every app reads the ambient air stations of its tenants.
  { key: 'airQuality', label: 'Air quality', path: APP_PATHS.app.airQuality, access: APP_RULES, match: 'contains' },
  // GET /api/data-quality/* declare TENANT_READ: every app reads the data quality of its tenants' stations.
  { key: 'dataQuality', label: 'Data quality', path: APP_PATHS.app.dataQuality, access: APP_RULES, match: 'contains' },
  // Alerts of every industry the caller reads (POST /api/alerts scopes them); an alert's page is part of it.
  { key: 'alerts', label: 'Alerts', path: APP_PATHS.app.alerts, access: ALERT_READERS, match: 'contains' },
  // Rules and escalation policies are a tenant's settings: its administrators, or site staff acting for it.
  { key: 'alertRules', label: 'Alert rules', path: APP_PATHS.admin.alertRules, access: ALERT_ADMINS, match: 'contains' },
  { key: 'escalations', label: 'Escalations', path: APP_PATHS.admin.escalations, access: ALERT_ADMINS, match: 'contains' },
  // SPEC 4 regulator sync: site staff and boards see every industry they read, the tenant app its
  // own; the status, log and republish routes of modules/regulator declare the same rules.
  { key: 'regulator', label: 'Regulator sync', path: APP_PATHS.app.regulator, access: ['site', 'statutory', ...TENANT_APP_RULES], match: 'contains' },
  // Device reads are every app's (TENANT_READ); its change buttons show only to those FLEET_WRITE admits.
  { key: 'devices', label: 'Devices', path: APP_PATHS.app.devices, access: APP_RULES, match: 'contains' },
  // Camera reads are every signed-in app's (APP_RULES in modules/cameras): a board watches its industries' cameras.
  { key: 'cameras', label: 'Cameras', path: APP_PATHS.app.cameras, access: APP_RULES, match: 'contains' },
  // Calibration reads are every app's (TENANT_READ); its writes are refused by the service to readers.
  { key: 'calibration', label: 'Calibration', path: APP_PATHS.app.calibration, access: APP_RULES, match: 'contains' },
  // An industry's documents and consents (GET /api/documents, /api/consents declare TENANT_READ): the tenant app's.
  { key: 'documents', label: 'Documents', path: APP_PATHS.app.documents, access: TENANT_APP_RULES, match: 'contains' },
  // The energy app (issue 31; GET /api/energy/* declare TENANT_READ or PORTAL_READ): an industry's meters, consumption, cost and budgets.
  { key: 'energy', label: 'Energy', path: APP_PATHS.app.energy, access: TENANT_APP_RULES, match: 'contains' },
  // Compliance and uptime reads are every app's (TENANT_READ in modules/compliance); statistics the site's.
  { key: 'compliance', label: 'Compliance', path: APP_PATHS.app.compliance, access: APP_RULES, match: 'contains' },
  // Change requests: the industry raises, its board decides, site staff read all (modules/change-requests declares the same rules).
  { key: 'changeRequests', label: 'Change requests', path: APP_PATHS.app.changeRequests, access: ['site', 'statutory', 'tenant', 'siteManaging', 'partnerManaging'], match: 'contains' },
  // Warranty requests: the industry raises, its service partner handles, site staff read (modules/warranty-requests declares the same rules).
  { key: 'warrantyRequests', label: 'Warranty', path: APP_PATHS.app.warrantyRequests, access: ['site', 'partner', 'tenant', 'siteManaging', 'partnerManaging'], match: 'contains' },
  { key: 'statistics', label: 'Statistics', path: APP_PATHS.app.statistics, access: ['site'], match: 'contains' },
  // Report runs and jobs are every app's (TENANT_READ/APP_RULES in modules/reports); schedules are listed to every app and changed by administrators.
  { key: 'reports', label: 'Reports', path: APP_PATHS.app.reports, access: APP_RULES, match: 'absolute' },
  { key: 'scheduledReports', label: 'Scheduled reports', path: APP_PATHS.app.scheduledReports, access: APP_RULES, match: 'contains' },
  // Billing (modules/subscriptions): the tenant app's plan and invoices, the site administrators' subscriptions, receivables, plans and coupons.
  { key: 'subscriptions', label: 'Billing', path: APP_PATHS.app.subscriptions, access: ['tenant', 'siteAdmin', 'siteManaging'], match: 'contains' },
  // Tenant and corporate writes declare siteAdmin; the list screens exist to manage them.
  { key: 'tenants', label: 'Tenants', path: APP_PATHS.admin.tenants, access: ['siteAdmin'], match: 'contains' },
  { key: 'corporates', label: 'Corporates', path: APP_PATHS.admin.corporates, access: ['siteAdmin'], match: 'contains' },
  // User administration: every app's administrators, and site staff acting for an industry (the
  // rules the user writes declare; the service keeps each to the users they may manage).
  { key: 'users', label: 'Users', path: APP_PATHS.admin.users, access: ['siteAdmin', 'userAdmin', 'siteManaging'], match: 'contains' },
  // GET /api/auditLogs declares ['siteAdmin', 'tenantAdmin'].
  { key: 'auditLog', label: 'Audit log', path: APP_PATHS.admin.auditLog, access: ['siteAdmin', 'tenantAdmin'], match: 'contains' },
  // SPEC 1 regulator configuration: the connection routes declare siteAdmin.
  { key: 'regulatorConnections', label: 'Regulator connections', path: APP_PATHS.admin.regulatorConnections, access: ['siteAdmin'], match: 'contains' },
  // The energy app's Scope 2 factor table (issue 31): PUT /api/energy/grid-factors declares siteAdmin.
  { key: 'gridFactors', label: 'Grid emission factors', path: APP_PATHS.admin.gridFactors, access: ['siteAdmin'], match: 'contains' },
  // Preferences (auto-refresh of the dashboard) only act in the tenant app (SPEC 4).
  { key: 'settings', label: 'Settings', path: APP_PATHS.settings, access: TENANT_APP_RULES, match: 'absolute' },
  { key: 'account', label: 'My account', path: APP_PATHS.app.account, access: APP_RULES, match: 'contains' },
];

/** Whether a caller judged by `access` may use `module`. */
export function mayUse(module: AppModule, access: EffectiveAccess): boolean {
  return module.access.some((name) => allows(ACCESS_RULES[name], access));
}

/** The menu of the caller's view: the modules it may use, in menu order. */
export function modulesFor(access: EffectiveAccess, modules: readonly AppModule[] = APP_MODULES): AppModule[] {
  return modules.filter((m) => mayUse(m, access));
}

/** SPEC 2: whether `pathname` makes `module` the active menu item. */
export function isActive(pathname: string, module: Pick<AppModule, 'path' | 'match'>): boolean {
  const path = trimSlash(pathname);
  if (module.match === 'absolute') return path.endsWith(trimSlash(module.path));
  const candidates = module.match === 'contains' ? [module.path] : module.match.paths;
  return candidates.some((p) => containsSegments(path, trimSlash(p)));
}

/** Whether `path` holds `part` as whole segments: '/app/energy' is in '/app/energy/2', not in '/app/energy-meters'. */
function containsSegments(path: string, part: string): boolean {
  for (let i = path.indexOf(part); i >= 0; i = path.indexOf(part, i + 1)) {
    const after = path[i + part.length];
    if (after === undefined || after === '/' || part.endsWith('/')) return true;
  }
  return false;
}

/**
 * The active module of `pathname`, or undefined. When several match (a path containing another's),
 * the longest path wins, so a nested module beats its parent.
 */
export function activeModule(pathname: string, modules: readonly AppModule[]): AppModule | undefined {
  let best: AppModule | undefined;
  for (const m of modules) {
    if (isActive(pathname, m) && (!best || m.path.length > best.path.length)) best = m;
  }
  return best;
}

/** The module a path belongs to among all modules (used to tell "no access" from "no such page"). */
export function moduleOfPath(pathname: string): AppModule | undefined {
  return activeModule(pathname, APP_MODULES);
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
