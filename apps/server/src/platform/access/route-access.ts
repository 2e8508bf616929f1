import { ACCESS_RULES, allows, effectiveAccess, type AccessRuleName } from '@enviro/domain/access-model';
import { forbidden } from '../errors.ts';
import { assertSignedIn } from './access.ts';
import type { Auth } from './auth.ts';

/**
 * Who may call a route, beside the access rules of SPEC 6: `apiKey` admits an outside client
 * holding a tenant's API key, which only ever reads.
 */
export type Audience = AccessRuleName | 'apiKey';

/**
 * The access a route declares in `config.access`:
 * - an access rule (or several, any of which admits): who the rule admits, see {@link canCall};
 * - `signedIn`: any signed-in user, whatever the type and role (their own session and profile);
 * - `device`: the route authenticates a device on its own (telemetry access token);
 * - `none`: open to everyone (health, sign-in, documentation, the web app's files).
 */
export type RouteAccess = Audience | readonly Audience[] | 'signedIn' | 'device' | 'none';

/** Every rule that opens one of the signed-in apps (all but the public portal's). */
export const APP_RULES = (Object.keys(ACCESS_RULES) as AccessRuleName[]).filter((rule) => rule !== 'public');

/** Reads the public portal makes (SPEC 7): every app, the portal and API keys. */
export const PORTAL_READ: readonly Audience[] = ['public', 'apiKey', ...APP_RULES];

/** Reads of a tenant's data that the public portal does not make: every app and API keys. */
export const TENANT_READ: readonly Audience[] = ['apiKey', ...APP_RULES];

/**
 * Changes to a tenant's stations, devices and gateways (issue 13): site administrators and
 * operations staff, partners' administrators, the industry's administrators, and site or partner
 * staff acting as the industry (manage mode). An industry user only reads. The same rule as
 * access.ts `mayChangeFleet`, which the services apply to the tenant at hand.
 */
export const FLEET_WRITE: readonly Audience[] = ['siteFleet', 'partnerFleet', 'tenantAdmin', 'siteManaging', 'partnerManaging'];

/** SPEC 6: public routes use the tenant-user rule, in the public view. */
export const PUBLIC_CALLER_ACCESS = { ...effectiveAccess({ userType: 'tenant', role: 'user' }), view: 'public' } as const;

const SPECIAL = new Set(['signedIn', 'device', 'none']);

/** Whether `value` is a well-formed access declaration; the auth plugin refuses to start otherwise. */
export function isRouteAccess(value: unknown): value is RouteAccess {
  if (typeof value === 'string') return SPECIAL.has(value) || isAudience(value);
  return Array.isArray(value) && value.length > 0 && value.every(isAudience);
}

function isAudience(value: unknown): value is Audience {
  return value === 'apiKey' || (typeof value === 'string' && Object.hasOwn(ACCESS_RULES, value));
}

/** Whether the route authenticates the caller through the session, portal headers or API key. */
export function needsCaller(access: RouteAccess): boolean {
  return access !== 'none' && access !== 'device';
}

/**
 * The one decision on who may call a route. The public portal passes the rules its tenant-user
 * access passes (only `public`); an API key passes only where `apiKey` is listed; a signed-in
 * user passes any listed rule that admits the masks and view of the request (SPEC 6, manage mode
 * included). Tenant scoping is separate: services narrow every query to `auth.tenantIds`.
 */
export function canCall(auth: Auth, access: RouteAccess): boolean {
  if (access === 'none' || access === 'device') return true;
  if (access === 'signedIn') return auth.kind === 'user';
  const audiences: readonly Audience[] = typeof access === 'string' ? [access] : access;
  switch (auth.kind) {
    case 'apiKey':
      return audiences.includes('apiKey');
    case 'public':
      return audiences.some((a) => a !== 'apiKey' && allows(ACCESS_RULES[a], PUBLIC_CALLER_ACCESS));
    case 'user':
      return audiences.some((a) => a !== 'apiKey' && allows(ACCESS_RULES[a], auth.access));
  }
}

/**
 * Throws when `canCall` refuses: on a `signedIn` route, assertSignedIn's 401 (the web app then
 * sends them to sign in); 403 naming who was refused otherwise.
 */
export function assertCanCall(auth: Auth, access: RouteAccess): void {
  if (canCall(auth, access)) return;
  // Refused there, the caller is no signed-in user, so this throws.
  if (access === 'signedIn') assertSignedIn(auth);
  if (auth.kind === 'user') {
    throw forbidden(`a ${auth.userType} user with role ${auth.role} in the ${auth.access.view} view may not use this route`);
  }
  throw forbidden(auth.kind === 'public' ? 'the public portal may not use this route' : 'an API key may not use this route');
}
