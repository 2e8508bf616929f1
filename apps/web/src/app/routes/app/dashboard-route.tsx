import { Container, Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '@enviro/contracts/accounts';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { OpenAlertsPanel } from '@/features/alerts';
import { GroundWaterView } from '@/features/compliance';
import { useTenantInfo, useTenantsLiveStatus } from '@/features/tenants';
import { OversightView, TenantsOverview } from '@/features/dashboards';
import { QualityWatch } from '@/features/data-quality';
import { IndustryView } from '@/features/public-portal';
import { APP_DASHBOARD_LINKS, DashboardLinksProvider } from '@/lib/dashboard-links';

/**
 * /app/dashboard, the home of each view: in the tenant app (own tenant or one acted for) the
 * industry's summary and stations; for boards, corporates and investors the oversight of their
 * industries, worst first; for the CGWA its ground-water stations' flow meters first, for
 * quasi-regulators the open alerts across their industries first, then that oversight too; for site
 * and partner users the tenants they look after with their stations by live status.
 */
export function DashboardRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      {me.data.view === 'tenant' ? <TenantDashboard tenantId={me.data.actingTenantId} /> : <TenantsDashboard user={me.data} />}
    </Container>
  );
}

function TenantDashboard({ tenantId }: { tenantId: number }) {
  const tenant = useTenantInfo(String(tenantId));
  if (tenant.isError) return <LoadFailed what="The industry" onRetry={() => void tenant.refetch()} />;
  if (!tenant.data) return <Loading />;
  // Its trend and compare links open /app/dashboard/details and /parameter, not the public portal.
  return (
    <DashboardLinksProvider value={APP_DASHBOARD_LINKS}>
      <IndustryView tenant={tenant.data} />
    </DashboardLinksProvider>
  );
}

function TenantsDashboard({ user }: { user: SessionUser }) {
  // Site and partner staff look after tenants; everyone else oversees industries.
  if (user.view !== 'site' && user.view !== 'partner') return <OversightDashboard user={user} />;
  return <ServicedTenants user={user} />;
}

/**
 * Boards, the CGWA, quasi-regulators, corporates and investors: their industries worst first, after
 * what their kind looks at first (the CGWA: ground-water stations; a quasi-regulator: open alerts).
 */
function OversightDashboard({ user }: { user: SessionUser }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Dashboard
        </Title>
        <Text c="dimmed">{subtitle(user)}</Text>
      </div>
      {user.view === 'cgwa' && <GroundWaterView />}
      {user.view === 'quasi_regulator' && <OpenAlertsPanel />}
      {user.view === 'cgwa' && (
        <Title order={2} fz="lg">
          Industries
        </Title>
      )}
      <QualityWatch />
      <OversightView />
    </Stack>
  );
}

function ServicedTenants({ user }: { user: SessionUser }) {
  const live = useTenantsLiveStatus();
  if (live.isError) return <LoadFailed what="The tenants" onRetry={() => void live.refetch()} />;
  if (!live.data) return <Loading />;
  // The server lists the tenants looked after (not the user's own organisation), as Statistics counts them.
  const rows = live.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Dashboard
        </Title>
        <Text c="dimmed">{subtitle(user)}</Text>
      </div>
      <TenantsOverview title="Tenants by live status" rows={rows} />
    </Stack>
  );
}

function subtitle(user: SessionUser): string {
  if (user.view === 'site' || user.view === 'partner') return `Every tenant ${user.tenant.name} looks after, with the live status of its stations`;
  if (user.corporate) return `Industries of ${user.corporate.name}`;
  if (user.view === 'investor') return `Industries ${user.tenant.name} invests in`;
  if (user.view === 'quasi_regulator') return `Industries ${user.tenant.name} watches: their open alerts, then each industry worst first`;
  if (user.view === 'cgwa') return `Ground-water stations and industries reporting to ${user.tenant.name}`;
  return `Industries reporting to ${user.tenant.name}`;
}
