import { describe, expect, it } from 'vitest';
import {
  ACCESS_RULES,
  allows,
  effectiveAccess,
  ROLE_MASKS,
  ROLES,
  USER_TYPE_MASKS,
  USER_TYPES,
  VIEWS,
  type AccessInput,
  type AccessRuleName,
} from './access-model.ts';

describe('routing configuration masks', () => {
  it.each([
    ['user type', USER_TYPES, USER_TYPE_MASKS],
    ['role', ROLES, ROLE_MASKS],
  ] as const)('gives every %s its own bit', (_what, keys, masks) => {
    const values = keys.map((k) => (masks as Record<string, number>)[k]!);
    expect(new Set(values).size).toBe(keys.length);
    for (const v of values) expect(Math.log2(v) % 1).toBe(0);
  });

  it.each([
    ['site', 1],
    ['partner', 2],
    ['statutory', 4],
    ['tenant', 64],
    ['quasi_regulator', 256],
  ] as const)('user type %s has mask %d', (type, mask) => {
    expect(USER_TYPE_MASKS[type]).toBe(mask);
  });

  it.each([
    ['user', 1],
    ['admin', 2],
    ['default', 64],
    ['operations', 512],
  ] as const)('role %s has mask %d', (role, mask) => {
    expect(ROLE_MASKS[role]).toBe(mask);
  });

  it('every rule names only known views', () => {
    for (const rule of Object.values(ACCESS_RULES)) for (const v of rule.views) expect(VIEWS).toContain(v);
  });
});

describe('effectiveAccess', () => {
  it.each<[string, AccessInput, { typeMask: number; roleMask: number; view: string }]>([
    ['own type and role', { userType: 'statutory', role: 'admin' }, { typeMask: 4, roleMask: 2, view: 'statutory' }],
    ['tenant user', { userType: 'tenant', role: 'user' }, { typeMask: 64, roleMask: 1, view: 'tenant' }],
    ['missing type and role', {}, { typeMask: 16, roleMask: 64, view: 'default' }],
    ['unknown type and role', { userType: 'root', role: 'god' }, { typeMask: 16, roleMask: 64, view: 'default' }],
    ['missing role only', { userType: 'site', role: null }, { typeMask: 1, roleMask: 64, view: 'site' }],
    [
      'site user managing a tenant',
      { userType: 'site', role: 'operations', managingFrom: { originalTenantType: 'site' } },
      { typeMask: 1, roleMask: 4, view: 'tenant' },
    ],
    [
      'partner user managing a tenant',
      { userType: 'partner', role: 'user', managingFrom: { originalTenantType: 'partner' } },
      { typeMask: 2, roleMask: 8, view: 'tenant' },
    ],
    [
      'original tenant type that is no role',
      { userType: 'site', role: 'admin', managingFrom: { originalTenantType: 'tenant' } },
      { typeMask: 64, roleMask: 64, view: 'tenant' },
    ],
  ])('%s', (_case, input, expected) => {
    expect(effectiveAccess(input)).toEqual(expected);
  });
});

const site = (role: string): AccessInput => ({ userType: 'site', role });
const managing = (type: string): AccessInput => ({ userType: type, role: 'admin', managingFrom: { originalTenantType: type } });

describe('allows', () => {
  it.each<[AccessRuleName, AccessInput, boolean]>([
    ['site', site('site'), true],
    ['site', site('admin'), true],
    ['site', site('user'), true],
    ['site', site('support'), true],
    ['site', site('operations'), true],
    ['site', site('statutory'), false],
    ['site', { userType: 'partner', role: 'admin' }, false],
    ['siteAdmin', site('admin'), true],
    ['siteAdmin', site('site'), true],
    ['siteAdmin', site('support'), false],
    ['siteAdmin', site('user'), false],
    ['siteAdmin', managing('site'), false],
    ['statutory', { userType: 'statutory', role: 'statutory' }, true],
    ['statutory', { userType: 'statutory', role: 'user' }, true],
    ['statutory', { userType: 'statutory', role: 'support' }, false],
    ['statutory', { userType: 'cgwa', role: 'admin' }, false],
    ['cgwa', { userType: 'cgwa', role: 'cgwa' }, true],
    ['cgwa', { userType: 'cgwa', role: 'operations' }, false],
    ['partner', { userType: 'partner', role: 'partner' }, true],
    ['partner', { userType: 'partner', role: 'admin' }, true],
    ['partner', { userType: 'partner', role: 'investor' }, false],
    ['tenant', { userType: 'tenant', role: 'user' }, true],
    ['tenant', { userType: 'tenant', role: 'admin' }, true],
    ['tenant', { userType: 'tenant', role: 'support' }, false],
    ['tenant', managing('site'), false],
    ['tenantAdmin', { userType: 'tenant', role: 'admin' }, true],
    ['tenantAdmin', { userType: 'tenant', role: 'user' }, false],
    ['tenantAdmin', { userType: 'statutory', role: 'admin' }, false],
    ['tenantAdmin', managing('site'), false],
    ['corporateAdmin', { userType: 'corporate_admin', role: 'admin' }, true],
    ['corporateAdmin', { userType: 'corporate_admin', role: 'user' }, true],
    ['corporateAdmin', { userType: 'corporate_admin', role: 'site' }, false],
    ['quasiRegulator', { userType: 'quasi_regulator', role: 'user' }, true],
    ['quasiRegulator', { userType: 'quasi_regulator', role: 'admin' }, true],
    ['default', {}, true],
    ['default', { userType: 'tenant', role: 'user' }, false],
    ['investor', { userType: 'investor', role: 'investor' }, true],
    ['investor', { userType: 'investor', role: 'admin' }, false],
    ['tenantView', { userType: 'tenant', role: 'user' }, true],
    ['tenantView', managing('site'), true],
    ['tenantView', managing('partner'), true],
    ['tenantView', managing('investor'), false],
    ['tenantView', site('site'), false],
    ['public', { userType: 'tenant', role: 'user' }, false],
  ])('%s rule, %j -> %s', (rule, input, expected) => {
    expect(allows(ACCESS_RULES[rule], effectiveAccess(input))).toBe(expected);
  });

  it.each([
    ['admin', true],
    ['user', false],
  ])('tenant view lets a quasi regulator %s in', (role, expected) => {
    const access = { ...effectiveAccess({ userType: 'quasi_regulator', role }), view: 'tenant' as const };
    expect(allows(ACCESS_RULES.quasiRegulatorInTenantView, access)).toBe(expected);
  });

  it.each([
    ['user', true],
    ['admin', true],
    ['support', false],
  ])('public view follows the tenant-user rule: tenant %s -> %s', (role, expected) => {
    const access = { ...effectiveAccess({ userType: 'tenant', role }), view: 'public' as const };
    expect(allows(ACCESS_RULES.public, access)).toBe(expected);
  });
});
