import { describe, expect, it } from 'vitest';
import { USER_TYPES } from './access-model.ts';
import { grantProblem, rolesForUserType, userTypeProblem } from './user-roles.ts';

describe('user roles', () => {
  it.each([
    ['site', ['site', 'admin', 'user', 'support', 'operations']],
    ['statutory', ['statutory', 'admin', 'user']],
    ['partner', ['partner', 'admin', 'user']],
    ['tenant', ['user', 'admin']],
    ['corporate_admin', ['admin', 'user']],
    ['default', ['default']],
    ['investor', ['investor']],
  ] as const)('a %s user may have %j', (type, roles) => {
    expect([...rolesForUserType(type)].sort()).toEqual([...roles].sort());
  });

  it('gives every user type at least one role', () => {
    for (const type of USER_TYPES) expect(rolesForUserType(type).length).toBeGreaterThan(0);
  });

  it('keeps users to their tenant type', () => {
    expect(userTypeProblem('tenant', 'tenant')).toBeNull();
    expect(userTypeProblem('tenant', 'site')).toMatch(/tenant's type \(tenant\)/);
  });

  const siteAdmin = { userType: 'site', role: 'admin', homeTenantId: 1 } as const;
  const siteOwner = { userType: 'site', role: 'site', homeTenantId: 1 } as const;
  const tenantAdmin = { userType: 'tenant', role: 'admin', homeTenantId: 5 } as const;
  const statutoryAdmin = { userType: 'statutory', role: 'admin', homeTenantId: 7 } as const;

  it.each([
    ['tenant admin grants user', tenantAdmin, { tenantId: 5, userType: 'tenant', role: 'user' }, null],
    ['tenant admin grants admin', tenantAdmin, { tenantId: 5, userType: 'tenant', role: 'admin' }, null],
    ['tenant admin grants site', tenantAdmin, { tenantId: 5, userType: 'tenant', role: 'site' }, /roles user, admin/],
    ['statutory admin grants statutory', statutoryAdmin, { tenantId: 7, userType: 'statutory', role: 'statutory' }, /above your own/],
    ['site admin grants site at home', siteAdmin, { tenantId: 1, userType: 'site', role: 'site' }, /above your own/],
    ['site owner grants site at home', siteOwner, { tenantId: 1, userType: 'site', role: 'site' }, null],
    ['site admin grants statutory elsewhere', siteAdmin, { tenantId: 7, userType: 'statutory', role: 'statutory' }, null],
    ['site admin grants a type role that does not fit', siteAdmin, { tenantId: 5, userType: 'tenant', role: 'support' }, /roles user, admin/],
  ] as const)('%s', (_, granter, target, expected) => {
    const problem = grantProblem(granter, target);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
