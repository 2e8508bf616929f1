import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { canManage, effectiveAccess } from '@enviro/domain/access-model';
import { mayUse, moduleOfPath, modulesFor } from '@enviro/domain/app-modules';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useLogout, useMe } from '@/features/accounts';
import { AppFrame, NoAccess, useAutoRefresh } from '@/features/shell';
import { useOwnTenantLogoSrc } from '@/features/tenants';
import { setActingTenant, useActingTenant } from '@/lib/acting-tenant';
import { ApiError } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';

/**
 * /app: the signed-in app. GET /api/users/me decides who is here (a 401 goes to /login through
 * the API client); the menu is the modules of the user's view, and a module the view lacks,
 * opened by URL, shows "no access" instead of the page.
 */
export function AppLayout() {
  const me = useMe();
  const acting = useActingTenant();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const user = me.data;

  const actFor = (tenant: TenantInfo | null) => {
    setActingTenant(tenant && { id: tenant.id, name: tenant.name, type: tenant.type, corporateId: tenant.corporateId });
    // Every cached answer was for the other tenant: fetch again with the new TENANT-ID.
    void queryClient.resetQueries();
    void navigate(paths.app.dashboard.getHref());
    notifyInfo(tenant ? `Now acting for ${tenant.name}` : 'Back in your own app');
  };

  // A tenant remembered in this tab that the server no longer lets the user act for: back to their own app.
  const refused = acting !== null && me.error instanceof ApiError && me.error.status === 403;
  useEffect(() => {
    if (refused) actFor(null);
    // Once per refusal: actFor refetches, which ends it.
  }, [refused]);

  const tenantType = user ? (user.manage ? (acting?.type ?? null) : user.tenant.type) : null;
  const refreshMs = useAutoRefresh(user?.view === 'tenant' ? tenantType : null);
  // The user's own tenant's logo, shown while the app shows the own tenant (not while acting for another).
  const ownLogoSrc = useOwnTenantLogoSrc(user ? user.tenant.id : null);

  if (!user) {
    const error = me.error instanceof ApiError ? me.error : null;
    if (me.isError && error?.status !== 401 && !refused) return <LoadFailed what="Your session" onRetry={() => void me.refetch()} h="60vh" />;
    return <Loading h="60vh" />;
  }

  const access = effectiveAccess({
    userType: user.userType,
    role: user.role,
    managingFrom: user.manage ? { originalTenantType: user.tenant.type } : null,
  });
  const modules = modulesFor(access);
  const module = moduleOfPath(pathname);
  const allowed = module === undefined || mayUse(module, access);

  return (
    <AppFrame
      user={user}
      modules={modules}
      tenantName={user.manage && acting ? acting.name : user.tenant.name}
      tenantLogoSrc={user.manage ? null : ownLogoSrc}
      manage={canManage(user.userType) ? { actingTenantId: user.manage ? user.actingTenantId : null, onSelect: actFor, onLeave: () => actFor(null) } : null}
      refreshMinutes={refreshMs === null ? null : refreshMs / 60_000}
      homeHref={paths.app.dashboard.getHref()}
      accountHref={paths.app.account.getHref()}
      onSignOut={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.login.getHref(), { replace: true }) })}
    >
      {allowed ? <Outlet /> : <NoAccess homeHref={paths.app.dashboard.getHref()} />}
      <ScrollRestoration />
    </AppFrame>
  );
}
