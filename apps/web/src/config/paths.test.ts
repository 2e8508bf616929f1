import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths: links the helpers build', () => {
  it.each([
    ['login', paths.login.getHref(), '/login'],
    ['login, back to a page', paths.login.getHref({ next: '/app/admin/users?page=2' }), '/login?next=%2Fapp%2Fadmin%2Fusers%3Fpage%3D2'],
    ['login, email filled in', paths.login.getHref({ userName: 'ana+ops@example.com' }), '/login?userName=ana%2Bops%40example.com'],
    ['invite', paths.invite.getHref('k3y_-x'), '/invite/k3y_-x'],
    ['a tenant', paths.admin.tenant.getHref(12), '/app/admin/tenants/12'],
    ['audit log of one row', paths.admin.auditLog.getHref({ entity: 'tenant:12' }), '/app/admin/audit-log?entity=tenant%3A12'],
    ['a board', paths.public.industries.getHref('3'), '/public/dashboard/industries/3'],
    ['alerts, filtered', paths.app.alerts.getHref({ status: 'OPEN,ACKNOWLEDGED', tenantId: 7 }), '/app/alerts?status=OPEN%2CACKNOWLEDGED&tenantId=7'],
    ['an alert', paths.app.alert.getHref(42), '/app/alerts/42'],
  ])('%s', (_case, href, expected) => {
    expect(href).toBe(expected);
  });
});
