/**
 * The access model of SPEC 6 as data: user types, roles, views, the rules pairing them, and the
 * numeric masks of the routing configuration. A route (server) or screen (web) names the rule it
 * needs; `allows(rule, effectiveAccess(...))` decides.
 */

/** User types (also the types of tenants), in the order of their mask bits. */
export const USER_TYPES = [
  'site', 'partner', 'statutory', 'cgwa', 'default', 'investor', 'tenant', 'corporate_admin', 'quasi_regulator',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Roles, in the order of their mask bits. */
export const ROLES = [
  'user', 'admin', 'site', 'partner', 'statutory', 'cgwa', 'default', 'investor', 'support', 'operations',
] as const;
export type Role = (typeof ROLES)[number];

/** The apps a user can be in; each has its menu. */
export const VIEWS = [
  'public', 'partner', 'site', 'statutory', 'tenant', 'corporate', 'cgwa', 'default', 'investor', 'corporate_admin',
  'quasi_regulator',
] as const;
export type View = (typeof VIEWS)[number];

/** Routing configuration: one bit per user type. */
export const USER_TYPE_MASKS = bits(USER_TYPES);
/** Routing configuration: one bit per role. */
export const ROLE_MASKS = bits(ROLES);

/** Who may use a part of the product: callers in one of `views` with a listed type and role. */
export interface AccessRule {
  views: readonly View[];
  userTypes: readonly UserType[];
  roles: readonly Role[];
}

const TENANT_RULE: AccessRule = { views: ['tenant'], userTypes: ['tenant'], roles: ['user', 'admin'] };

/**
 * The rules of SPEC 6. Where the spec is loose the reading taken is: "tenantView open to several
 * user types" means the types whose own role it also lists (site, partner, statutory, cgwa) plus
 * tenant users; the corporate admin rule covers both corporate views.
 */
export const ACCESS_RULES = {
  site: { views: ['site'], userTypes: ['site'], roles: ['site', 'admin', 'user', 'support', 'operations'] },
  // Platform administration (creating and closing tenants, licences, statutory links): the site
  // app's administrators only, not its support and operations staff.
  siteAdmin: { views: ['site'], userTypes: ['site'], roles: ['site', 'admin'] },
  statutory: { views: ['statutory'], userTypes: ['statutory'], roles: ['statutory', 'admin', 'user'] },
  cgwa: { views: ['cgwa'], userTypes: ['cgwa'], roles: ['cgwa', 'admin', 'user'] },
  partner: { views: ['partner'], userTypes: ['partner'], roles: ['partner', 'admin', 'user'] },
  tenant: TENANT_RULE,
  corporateAdmin: { views: ['corporate', 'corporate_admin'], userTypes: ['corporate_admin'], roles: ['admin', 'user'] },
  quasiRegulator: { views: ['quasi_regulator'], userTypes: ['quasi_regulator'], roles: ['admin', 'user'] },
  quasiRegulatorInTenantView: { views: ['tenant'], userTypes: ['quasi_regulator'], roles: ['admin'] },
  default: { views: ['default'], userTypes: ['default'], roles: ['default'] },
  investor: { views: ['investor'], userTypes: ['investor'], roles: ['investor'] },
  tenantView: {
    views: ['tenant'],
    userTypes: ['tenant', 'site', 'partner', 'statutory', 'cgwa'],
    roles: ['user', 'admin', 'site', 'partner', 'statutory', 'cgwa'],
  },
  // Public routes use the tenant-user rule.
  public: { ...TENANT_RULE, views: ['public'] },
  // A tenant's own administration (its audit log): the tenant app's administrators only.
  tenantAdmin: { views: ['tenant'], userTypes: ['tenant'], roles: ['admin'] },
  // User administration: every app's administrators (role admin) in their own app; the service
  // keeps each to their own tenant's users (site administrators to any tenant's). Each pair it
  // admits is already admitted by the type's own app rule, so it opens no reads to anyone new.
  userAdmin: {
    views: ['site', 'partner', 'statutory', 'cgwa', 'tenant', 'corporate', 'corporate_admin', 'quasi_regulator'],
    userTypes: ['site', 'partner', 'statutory', 'cgwa', 'tenant', 'corporate_admin', 'quasi_regulator'],
    roles: ['admin'],
  },
  // Site staff acting as an industry (manage mode judges them by the site type for both masks, so
  // whatever their role): user administration of that industry, where the service lets only site
  // administrators write.
  siteManaging: { views: ['tenant'], userTypes: ['site'], roles: ['site'] },
  // Stations, devices and gateways (issue 13): site administrators and operations staff, partners'
  // administrators, and (with tenantAdmin, siteManaging, partnerManaging) the industry's own
  // administrators and the site or partner staff acting as it. An industry user only reads.
  siteFleet: { views: ['site'], userTypes: ['site'], roles: ['site', 'admin', 'operations'] },
  partnerFleet: { views: ['partner'], userTypes: ['partner'], roles: ['partner', 'admin'] },
  // Partner staff acting as a linked industry (manage mode judges them by the partner type for both masks).
  partnerManaging: { views: ['tenant'], userTypes: ['partner'], roles: ['partner'] },
} as const satisfies Record<string, AccessRule>;
export type AccessRuleName = keyof typeof ACCESS_RULES;

/** User types that may act as another tenant (manage mode). */
export const MANAGING_USER_TYPES: readonly UserType[] = ['site', 'partner'];

/** The masks and view a request is judged by. */
export interface EffectiveAccess {
  typeMask: number;
  roleMask: number;
  view: View;
}

export interface AccessInput {
  userType?: string | null | undefined;
  role?: string | null | undefined;
  /**
   * Set in manage mode (acting as a tenant): the type of the user's own, original tenant, which
   * then gives both masks while the view is the tenant app.
   */
  managingFrom?: { originalTenantType: string } | null | undefined;
}

/** SPEC 6: in manage mode the original tenant's type for both masks and the tenant view; otherwise own type and role, default when missing. */
export function effectiveAccess(input: AccessInput): EffectiveAccess {
  if (input.managingFrom) {
    const type = input.managingFrom.originalTenantType;
    return { typeMask: userTypeMask(type), roleMask: roleMask(type), view: 'tenant' };
  }
  const userType = isUserType(input.userType) ? input.userType : 'default';
  return { typeMask: userTypeMask(userType), roleMask: roleMask(input.role), view: homeView(userType) };
}

/** Whether a caller judged by `access` passes `rule`. */
export function allows(rule: AccessRule, access: EffectiveAccess): boolean {
  return (
    rule.views.includes(access.view) &&
    (maskOf(rule.userTypes, USER_TYPE_MASKS) & access.typeMask) !== 0 &&
    (maskOf(rule.roles, ROLE_MASKS) & access.roleMask) !== 0
  );
}

/** The app a user lands in: the view named like the user type. */
export function homeView(userType: UserType): View {
  return userType;
}

/** The bit of a user type; unknown or missing types count as default. */
export function userTypeMask(userType: string | null | undefined): number {
  return isUserType(userType) ? USER_TYPE_MASKS[userType] : USER_TYPE_MASKS.default;
}

/** The bit of a role; unknown or missing roles (and tenant types that are no role) count as default. */
export function roleMask(role: string | null | undefined): number {
  return isRole(role) ? ROLE_MASKS[role] : ROLE_MASKS.default;
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A site user with a role of the siteAdmin rule (site or admin): the one who manages every tenant. */
export function isSiteAdministrator(userType: string, role: string): boolean {
  const rule = ACCESS_RULES.siteAdmin;
  return (rule.userTypes as readonly string[]).includes(userType) && (rule.roles as readonly string[]).includes(role);
}

/** Whether a user of this type may act as other tenants. */
export function canManage(userType: string): boolean {
  return (MANAGING_USER_TYPES as readonly string[]).includes(userType);
}

function maskOf<K extends string>(keys: readonly K[], masks: Record<K, number>): number {
  return keys.reduce((mask, key) => mask | masks[key], 0);
}

function bits<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key, i) => [key, 1 << i])) as Record<K, number>;
}
