import { describe, expect, it } from 'vitest';
import { effectiveAccess, type AccessInput } from './access-model.ts';
import { APP_MODULES, activeModule, isActive, MODULE_KEYS, modulesFor, type AppModule } from './app-modules.ts';

const keysFor = (input: AccessInput) => modulesFor(effectiveAccess(input)).map((m) => m.key);

describe('modulesFor: the menu of each view', () => {
  it.each<[string, AccessInput, string[]]>([
    ['tenant user', { userType: 'tenant', role: 'user' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'documents', 'energy', 'compliance', 'changeRequests', 'warrantyRequests', 'reports', 'scheduledReports', 'subscriptions', 'settings', 'account']],
    ['tenant admin', { userType: 'tenant', role: 'admin' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'alertRules', 'escalations', 'regulator', 'devices', 'cameras', 'calibration', 'documents', 'energy', 'compliance', 'changeRequests', 'warrantyRequests', 'reports', 'scheduledReports', 'subscriptions', 'users', 'auditLog', 'settings', 'account']],
    ['site admin', { userType: 'site', role: 'admin' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'compliance', 'changeRequests', 'warrantyRequests', 'statistics', 'reports', 'scheduledReports', 'subscriptions', 'tenants', 'corporates', 'users', 'auditLog', 'regulatorConnections', 'gridFactors', 'account']],
    ['site role site', { userType: 'site', role: 'site' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'compliance', 'changeRequests', 'warrantyRequests', 'statistics', 'reports', 'scheduledReports', 'subscriptions', 'tenants', 'corporates', 'users', 'auditLog', 'regulatorConnections', 'gridFactors', 'account']],
    ['site support', { userType: 'site', role: 'support' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'compliance', 'changeRequests', 'warrantyRequests', 'statistics', 'reports', 'scheduledReports', 'account']],
    ['partner admin', { userType: 'partner', role: 'admin' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'devices', 'cameras', 'calibration', 'compliance', 'warrantyRequests', 'reports', 'scheduledReports', 'users', 'account']],
    ['partner user', { userType: 'partner', role: 'user' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'devices', 'cameras', 'calibration', 'compliance', 'warrantyRequests', 'reports', 'scheduledReports', 'account']],
    ['statutory admin', { userType: 'statutory', role: 'admin' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'compliance', 'changeRequests', 'reports', 'scheduledReports', 'users', 'account']],
    ['statutory user', { userType: 'statutory', role: 'user' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'compliance', 'changeRequests', 'reports', 'scheduledReports', 'account']],
    ['cgwa', { userType: 'cgwa', role: 'cgwa' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'devices', 'cameras', 'calibration', 'compliance', 'reports', 'scheduledReports', 'account']],
    ['corporate admin', { userType: 'corporate_admin', role: 'admin' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'devices', 'cameras', 'calibration', 'compliance', 'reports', 'scheduledReports', 'users', 'account']],
    ['corporate user', { userType: 'corporate_admin', role: 'user' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'devices', 'cameras', 'calibration', 'compliance', 'reports', 'scheduledReports', 'account']],
    ['investor', { userType: 'investor', role: 'investor' }, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'devices', 'cameras', 'calibration', 'compliance', 'reports', 'scheduledReports', 'account']],
    ['no type, no role (default)', {}, ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'devices', 'cameras', 'calibration', 'compliance', 'reports', 'scheduledReports', 'account']],
    ['tenant user with a role no rule admits', { userType: 'tenant', role: 'support' }, []],
    [
      'site admin managing a tenant (tenant app)',
      { userType: 'site', role: 'admin', managingFrom: { originalTenantType: 'site' } },
      ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'alertRules', 'escalations', 'regulator', 'devices', 'cameras', 'calibration', 'documents', 'energy', 'compliance', 'changeRequests', 'warrantyRequests', 'reports', 'scheduledReports', 'subscriptions', 'users', 'settings', 'account'],
    ],
    [
      'partner managing a tenant',
      { userType: 'partner', role: 'user', managingFrom: { originalTenantType: 'partner' } },
      ['dashboard', 'dashboards', 'airQuality', 'dataQuality', 'alerts', 'regulator', 'devices', 'cameras', 'calibration', 'documents', 'energy', 'compliance', 'changeRequests', 'warrantyRequests', 'reports', 'scheduledReports', 'settings', 'account'],
    ],
  ])('%s sees %j', (_who, input, keys) => {
    expect(keysFor(input)).toEqual(keys);
  });

  it('lists every module key once, each under /app', () => {
    expect(APP_MODULES.map((m) => m.key)).toEqual([...MODULE_KEYS]);
    for (const m of APP_MODULES) expect(m.path.startsWith('/app/')).toBe(true);
  });

  it('opens the paths GET /api/users/{id}/modules answers', () => {
    expect(APP_MODULES.map((m) => [m.key, m.path])).toEqual([
      ['dashboard', '/app/dashboard'],
      ['dashboards', '/app/boards'],
      ['airQuality', '/app/air-quality'],
      ['dataQuality', '/app/data-quality'],
      ['alerts', '/app/alerts'],
      ['alertRules', '/app/admin/alert-rules'],
      ['escalations', '/app/admin/escalations'],
      ['regulator', '/app/regulator'],
      ['devices', '/app/devices'],
      ['cameras', '/app/cameras'],
      ['calibration', '/app/calibration'],
      ['documents', '/app/documents'],
      ['energy', '/app/energy'],
      ['compliance', '/app/compliance'],
      ['changeRequests', '/app/change-requests'],
      ['warrantyRequests', '/app/warranty-requests'],
      ['statistics', '/app/statistics'],
      ['reports', '/app/reports'],
      ['scheduledReports', '/app/reports/scheduled'],
      ['subscriptions', '/app/subscriptions'],
      ['tenants', '/app/admin/tenants'],
      ['corporates', '/app/admin/corporates'],
      ['users', '/app/admin/users'],
      ['auditLog', '/app/admin/audit-log'],
      ['regulatorConnections', '/app/admin/regulator-connections'],
      ['gridFactors', '/app/admin/grid-factors'],
      ['settings', '/app/settings'],
      ['account', '/app/account'],
    ]);
  });
});

describe('isActive: SPEC 2 active menu item', () => {
  const contains = { path: '/app/admin/tenants', match: 'contains' } as const;
  const absolute = { path: '/app/settings', match: 'absolute' } as const;
  const list = { path: '/app/dashboard', match: { paths: ['/app/dashboard', '/app/station'] } } as const;

  it.each<[string, Pick<AppModule, 'path' | 'match'>, string, boolean]>([
    ['contains: itself', contains, '/app/admin/tenants', true],
    ['contains: a child page', contains, '/app/admin/tenants/12', true],
    ['contains: trailing slash', contains, '/app/admin/tenants/', true],
    ['contains: another page', contains, '/app/admin/users', false],
    ['contains: a page whose name only begins the same', contains, '/app/admin/tenants-archive', false],
    ['absolute: itself', absolute, '/app/settings', true],
    ['absolute: trailing slash', absolute, '/app/settings/', true],
    ['absolute: a child page is not it', absolute, '/app/settings/mail', false],
    ['list: first path', list, '/app/dashboard', true],
    ['list: second path, nested', list, '/app/station/4', true],
    ['list: none', list, '/app/account', false],
  ])('%s', (_case, module, pathname, expected) => {
    expect(isActive(pathname, module)).toBe(expected);
  });
});

describe('activeModule', () => {
  const nested: AppModule[] = [
    { key: 'dashboard', label: 'A', path: '/app/admin', access: ['siteAdmin'], match: 'contains' },
    { key: 'tenants', label: 'B', path: '/app/admin/tenants', access: ['siteAdmin'], match: 'contains' },
  ];

  it.each<[string, string | undefined]>([
    ['/app/admin/tenants/3', 'tenants'],
    ['/app/admin/users', 'dashboard'],
    ['/app/account', undefined],
  ])('%s → %s (longest matching path wins)', (pathname, key) => {
    expect(activeModule(pathname, nested)?.key).toBe(key);
  });

  it('finds the agreed modules by path', () => {
    expect(activeModule('/app/admin/audit-log', APP_MODULES)?.key).toBe('auditLog');
    expect(activeModule('/app/boards/12', APP_MODULES)?.key).toBe('dashboards');
    expect(activeModule('/app/dashboard', APP_MODULES)?.key).toBe('dashboard');
    // An industry opened from the dashboard's table, its trends and comparison.
    expect(activeModule('/app/industries/12', APP_MODULES)?.key).toBe('dashboard');
    expect(activeModule('/app/industries/12/details', APP_MODULES)?.key).toBe('dashboard');
    expect(activeModule('/app', APP_MODULES)).toBeUndefined();
    expect(activeModule('/app/alerts', APP_MODULES)?.key).toBe('alerts');
    // An alert's page is part of the alerts list's module.
    expect(activeModule('/app/alerts/42', APP_MODULES)?.key).toBe('alerts');
    expect(activeModule('/app/admin/alert-rules', APP_MODULES)?.key).toBe('alertRules');
    expect(activeModule('/app/nothing-here', APP_MODULES)).toBeUndefined();
  });
});
