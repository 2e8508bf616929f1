import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts';
import { useTenantInfo } from '@/features/tenants';
import { ParameterDashboard, TrendView } from '@/features/data';
import { APP_DASHBOARD_LINKS, DashboardLinksProvider } from '@/lib/dashboard-links';

/**
 * /app/dashboard/details: a station's parameter trend for the tenant acted for, with signed-in
 * calls (the API client sends portal headers only on /public pages); its links stay in /app.
 */
export function DashboardDetailsRoute() {
  return <TenantPage>{(tenantId) => <TrendView tenantId={tenantId} />}</TenantPage>;
}

/** /app/dashboard/parameter: one parameter across the stations of the tenant acted for. */
export function DashboardParameterRoute() {
  return <TenantPage>{(tenantId) => <TenantParameterDashboard tenantId={tenantId} />}</TenantPage>;
}

function TenantParameterDashboard({ tenantId }: { tenantId: number }) {
  const tenant = useTenantInfo(String(tenantId));
  if (tenant.isError) return <LoadFailed what="The industry" onRetry={() => void tenant.refetch()} />;
  if (!tenant.data) return <Loading />;
  return <ParameterDashboard tenantId={tenant.data.id} tenantName={tenant.data.name} />;
}

/** These pages belong to the tenant app; other views (a board, a site not acting for an industry) go to their dashboard. */
function TenantPage({ children }: { children: (tenantId: number) => ReactNode }) {
  const me = useMe();
  if (!me.data) return <Loading />;
  if (me.data.view !== 'tenant') return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return (
    <DashboardLinksProvider value={APP_DASHBOARD_LINKS}>
      <Container size="xl" px={0}>
        {children(me.data.actingTenantId)}
      </Container>
    </DashboardLinksProvider>
  );
}
