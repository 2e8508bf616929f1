import { ACCESS_RULES, allows, effectiveAccess } from '@enviro/domain/access-model';
import { useMe } from '@/features/accounts';

/**
 * The signed-in user (already loaded by the /app layout) and whether they are a site
 * administrator, the only ones the server lets write tenants, corporates and licences.
 */
export function useAdminAccess() {
  const user = useMe().data;
  const access = user
    ? effectiveAccess({ userType: user.userType, role: user.role, managingFrom: user.manage ? { originalTenantType: user.tenant.type } : null })
    : null;
  return { user, siteAdmin: access !== null && allows(ACCESS_RULES.siteAdmin, access) };
}
