import { ACCESS_RULES, allows, effectiveAccess, type AccessRuleName } from '@enviro/domain/access-model';
import { useMe } from '@/features/accounts';

/** The rules the regulator routes declare (modules/regulator/regulator.routes.ts). */
const CONFIG_WRITE: readonly AccessRuleName[] = ['siteAdmin', 'siteManaging'];
const CONFIG_READ: readonly AccessRuleName[] = [...CONFIG_WRITE, 'tenantAdmin'];

/**
 * What the signed-in user may do on the regulator screens, by the same rules the API checks: list
 * and write connections (site administrators), read an industry's mapping and republish (also the
 * industry's administrators), change a mapping (site staff).
 */
export function useRegulatorAccess() {
  const user = useMe().data;
  const access = user
    ? effectiveAccess({ userType: user.userType, role: user.role, managingFrom: user.manage ? { originalTenantType: user.tenant.type } : null })
    : null;
  const any = (rules: readonly AccessRuleName[]) => access !== null && rules.some((r) => allows(ACCESS_RULES[r], access));
  return {
    user,
    connections: any(['siteAdmin']),
    readMapping: any(CONFIG_READ),
    writeMapping: any(CONFIG_WRITE),
    republish: any(CONFIG_READ),
  };
}
