import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useOutletContext, useParams } from 'react-router';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { getTenantQueryOptions } from '@/features/tenants';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { ParameterDashboard, TrendView } from '@/features/data';
import { IndustryView } from '@/features/public-portal';
import { NotFound } from '@/features/shell';
import { ApiError } from '@/lib/api-client';
import { APP_INDUSTRY_LINKS, DashboardLinksProvider } from '@/lib/dashboard-links';

/** The server's answers for a tenant that is not there or not the user's to read. */
const NOT_READABLE = new Set([403, 404]);

/**
 * /app/industries/{tenantId} and its trend and comparison pages: an industry a board, the CGWA, a
 * partner, a corporate's admin or site staff reads, shown with the portal's components but the
 * user's own calls (no TENANT-ID, so no manage mode). Its links stay under this path.
 */
export function IndustryLayout() {
  const id = Number(useParams().tenantId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const tenant = useQuery({ ...getTenantQueryOptions(id), enabled: valid });
  const dashboard = paths.app.dashboard.getHref();

  if (!valid || (tenant.error instanceof ApiError && NOT_READABLE.has(tenant.error.status))) {
    return (
      <NotFound title="Industry not found" homeHref={dashboard}>
        No industry you may read has this id. The dashboard lists the industries you can open.
      </NotFound>
    );
  }
  if (tenant.isError) return <LoadFailed what="The industry" onRetry={() => void tenant.refetch()} />;
  if (!tenant.data) return <Loading />;
  return (
    <DashboardLinksProvider value={APP_INDUSTRY_LINKS}>
      <Container size="xl" px={0}>
        <Outlet context={{ tenant: tenant.data } satisfies IndustryContext} />
      </Container>
    </DashboardLinksProvider>
  );
}

interface IndustryContext {
  tenant: TenantInfo;
}

const useIndustry = () => useOutletContext<IndustryContext>().tenant;

export function IndustryRoute() {
  const tenant = useIndustry();
  return <IndustryView tenant={tenant} backLink={{ to: paths.app.dashboard.getHref(), label: 'Back to the dashboard' }} />;
}

export function IndustryDetailsRoute() {
  return <TrendView tenantId={useIndustry().id} />;
}

export function IndustryParameterRoute() {
  const tenant = useIndustry();
  return <ParameterDashboard tenantId={tenant.id} tenantName={tenant.name} />;
}
