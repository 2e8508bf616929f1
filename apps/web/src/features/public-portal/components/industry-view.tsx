import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TenantInfo } from '@enviro/contracts/tenants';
import { useEntityTree } from '@/features/entities';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { collectStations } from '@/lib/stations';
import { StationView } from './station-view';
import { TenantAlertsChart } from './tenant-alerts-chart';
import { TenantSummaryPanel } from './tenant-summary-panel';

/** Where an industry page leads back to when its URL names no board (?back). */
export interface BackLink {
  to: string;
  label: string;
}

/**
 * SPEC 2 industry page (public, and the tenant app's dashboard; links follow `useDashboardLinks`). The picked station lives in the query (?station=) and changes
 * without reloading; `back` names the board whose industries list the back link returns to, else `backLink` leads back.
 */
export function IndustryView({ tenant, backLink }: { tenant: TenantInfo; backLink?: BackLink | undefined }) {
  const [params, setParams] = useSearchParams();
  const links = useDashboardLinks();
  const back = params.get('back') ?? undefined;
  const stationParam = Number(params.get('station'));
  const tree = useEntityTree(tenant.id);
  const stations = useMemo(() => collectStations(tree.data ?? []), [tree.data]);
  const station = stations.find((s) => s.id === stationParam) ?? stations[0];
  const stationBox = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);

  const selectStation = (id: number) => {
    scrollPending.current = true;
    setParams(
      (p) => {
        p.set('station', String(id));
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    stationBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [station?.id]);

  const backTo = back ? { to: links.industries(back), label: 'Back to industries' } : backLink;
  const facts = [tenant.industryCategory, tenant.city, tenant.state, tenant.displayId].filter(Boolean).join(' · ');
  return (
    <Stack gap="lg">
      {backTo && (
        <Anchor component={Link} to={backTo.to} size="sm">
          ← {backTo.label}
        </Anchor>
      )}
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tenant.name}
        </Title>
        <Text c="dimmed">{facts}</Text>
        <Anchor component={Link} to={links.parameter(tenant.id, { back })} size="sm">
          Compare a parameter across stations
        </Anchor>
      </div>
      <TenantSummaryPanel
        tenantId={tenant.id}
        selectedStationId={station?.id}
        onSelectStation={selectStation}
      />
      <Box ref={stationBox} id="station-view" style={{ scrollMarginTop: 16 }}>
        {station && <StationView key={station.id} tenantId={tenant.id} station={station} back={back} />}
      </Box>
      {station && (
        <Paper withBorder p="md">
          <TenantAlertsChart key={station.id} tenantId={tenant.id} station={{ id: station.id, name: station.name }} />
        </Paper>
      )}
    </Stack>
  );
}
