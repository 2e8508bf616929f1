import { effectiveAccess, type Role, type UserType } from '@enviro/domain/access-model';
import type { UserAuth } from '../src/platform/access/auth.ts';

/** A signed-in caller as the auth plugin resolves one, for calling a service directly (with a clock of the test's). */
export function userAuth(userId: number, tenantId: number, userType: UserType, role: Role, tenantIds: number[]): UserAuth {
  return { kind: 'user', userId, tenantId, homeTenantId: tenantId, userType, role, tenantIds, corporateId: null, manage: false, access: effectiveAccess({ userType, role }), sessionId: '' };
}
