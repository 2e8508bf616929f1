import { ACCESS_RULES, isSiteAdministrator, type AccessRuleName, type Role, type UserType } from './access-model.ts';

/**
 * Which roles a user of each type may hold, and who may grant them (user administration). The
 * roles of a type are those of the access rule opening its own app (SPEC 6: site has site, admin,
 * user, support, operations; statutory, cgwa and partner their own role plus admin and user;
 * tenant, corporate admin and quasi regulator admin and user; default and investor their own).
 */
export const APP_RULE_OF_USER_TYPE = {
  site: 'site',
  partner: 'partner',
  statutory: 'statutory',
  cgwa: 'cgwa',
  default: 'default',
  investor: 'investor',
  tenant: 'tenant',
  corporate_admin: 'corporateAdmin',
  quasi_regulator: 'quasiRegulator',
} as const satisfies Record<UserType, AccessRuleName>;

/** The roles a user of this type may be given. */
export function rolesForUserType(userType: UserType): readonly Role[] {
  return ACCESS_RULES[APP_RULE_OF_USER_TYPE[userType]].roles;
}

/**
 * Rank of a role inside its tenant: the type's own role (site, partner, statutory, cgwa) above
 * admin, admin above support and operations, those above plain users.
 */
export function roleRank(role: Role): number {
  switch (role) {
    case 'site':
    case 'partner':
    case 'statutory':
    case 'cgwa':
      return 3;
    case 'admin':
      return 2;
    case 'support':
    case 'operations':
      return 1;
    default:
      return 0;
  }
}

/** Why a user of `userType` may not belong to a tenant of `tenantType`, or null when they may. */
export function userTypeProblem(tenantType: string, userType: string): string | null {
  return tenantType === userType
    ? null
    : `must be the tenant's type (${tenantType}): a user acts with the type of the tenant it belongs to`;
}

/** An administrator granting roles: their type, role and own tenant. */
export interface Granter {
  userType: UserType;
  role: Role;
  homeTenantId: number;
}

/**
 * Why `granter` may not give `role` to a user of `userType` in tenant `tenantId`, or null. The role
 * must be one of the type's; inside their own tenant nobody grants a role above their own, while
 * site administrators (site or admin role) stand above every other tenant and grant any of its roles.
 */
export function grantProblem(granter: Granter, target: { tenantId: number; userType: UserType; role: Role }): string | null {
  const allowed = rolesForUserType(target.userType);
  if (!allowed.includes(target.role)) return `a ${target.userType} user may have the roles ${allowed.join(', ')}`;
  const siteAdmin = isSiteAdministrator(granter.userType, granter.role);
  if (siteAdmin && target.tenantId !== granter.homeTenantId) return null;
  if (roleRank(target.role) > roleRank(granter.role)) return `you may not grant a role above your own (${granter.role})`;
  return null;
}
