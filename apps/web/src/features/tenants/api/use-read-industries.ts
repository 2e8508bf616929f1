import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@enviro/contracts/accounts';
import { getTenantsLiveStatusQueryOptions } from './get-tenants-live-status';

/**
 * The industries a user outside the tenant app reads (a board's, a partner's, a corporate's, a
 * quasi-regulator's; site staff's), by name: the same tenants the dashboard lists, which the
 * alerts, air-quality and dashboards screens let them pick from. `reads` is false in the tenant
 * app, where those screens show the tenant's own; `industries` is null until known (or there).
 */
export function useReadIndustries(me: SessionUser | undefined) {
  const reads = me !== undefined && me.view !== 'tenant';
  const live = useQuery({ ...getTenantsLiveStatusQueryOptions(), enabled: reads });
  const industries =
    reads && live.data
      ? live.data
          .filter((r) => r.tenantId !== me.tenant.id)
          .map((r) => ({ id: r.tenantId, name: r.name }))
          .sort((a, b) => a.name.localeCompare(b.name))
      : null;
  return { reads, live, industries };
}
