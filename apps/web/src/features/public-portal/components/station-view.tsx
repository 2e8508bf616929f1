import { Divider, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useAlertLimits } from '@/api/get-alert-limits';
import { useEntityMetric } from '@/api/get-entity-metric';
import { chartState } from '@/components/charts/chart-state';
import { useAlertCounts } from '../api/get-alert-counts';
import { CtoDocument } from './cto-document';
import { RawDataReportForm } from './raw-data-report-form';
import { StationParameters, type ParameterRow } from './station-parameters';
import { StationRecentChart } from './station-recent-chart';
import { StationSummary } from './station-summary';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { latestValues, type Station } from '@/lib/stations';

const DAY_MS = 86_400_000;

interface StationViewProps {
  tenantId: number;
  station: Station;
  /** The board the industry page returns to, carried into trend links. */
  back: string | undefined;
}

/**
 * SPEC 2 portfolio station view: summary, parameters with their latest 15-minute values against
 * limits, the last 4 hours, SYSTEM alerts of the last 24 hours, the CTO document and raw data.
 */
export function StationView({ tenantId, station, back }: StationViewProps) {
  // Fixed when the view opens (the parent keys it by station), so query keys stay stable.
  const links = useDashboardLinks();
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const names = station.params.map((p) => p.name);
  const hasParams = names.length > 0;
  const params = names.map((name) => ({ name }));
  const recent = useEntityMetric({ entityIds: [station.id], params, duration: '15m-ago', interval: 'minute_15' }, hasParams);
  const hours = useEntityMetric({ entityIds: [station.id], params, duration: '4h-ago', interval: 'minute_15' }, hasParams);
  const limits = useAlertLimits({ entityIds: [station.id], params: names }, hasParams);
  const alerts = useAlertCounts({
    tenantId,
    byParameter: true,
    request: {
      startDate: new Date(now - DAY_MS).toISOString(),
      endDate: new Date(now).toISOString(),
      types: ['SYSTEM'],
      nodeId: station.id,
    },
  });

  const rows = useMemo<ParameterRow[]>(() => {
    const latest = latestValues(recent.data ?? []);
    const counts = alerts.data?.groupBy === 'parameter' ? alerts.data.groups : undefined;
    return station.params.map((p) => ({
      ...p,
      latest: latest.get(p.name),
      limit: limits.data?.find((l) => l.paramName === p.name),
      alerts24h: counts ? (counts.find((c) => c.paramName === p.name)?.count ?? 0) : undefined,
      trendHref: links.details(tenantId, {
        entityType: station.type,
        entityId: station.id,
        paramId: p.name,
        time: '15d-ago',
        avgDuration: 'minute_15',
        publicTenantId: tenantId,
        back,
      }),
    }));
  }, [recent.data, alerts.data, limits.data, station, tenantId, back, links]);

  return (
    <Paper withBorder p="md">
      <Stack gap="lg">
        <StationSummary station={station} />
        <Divider />
        <StationParameters stationName={station.name} rows={rows} />
        {hasParams && (
          <StationRecentChart params={station.params} trends={hours.data} state={chartState(hours)} limits={limits.data} />
        )}
        <Divider />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <RawDataReportForm station={station} />
          <Stack gap="sm">
            <CtoDocument station={station} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
