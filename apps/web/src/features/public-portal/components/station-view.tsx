import { Divider, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useAlertLimits } from '@/features/entities';
import { AqiPanel, LiveNote, useEntityMetric, useLiveValues, useRecentValues } from '@/features/data';
import { chartState } from '@/components/charts/chart-state';
import { answerWindow, isCutBucket } from '@/components/charts/from-trends';
import { StationQualityPanel } from '@/features/data-quality';
import { PUBLIC_DASHBOARD_LINKS, useDashboardLinks } from '@/lib/dashboard-links';
import { paths } from '@/config/paths';
import { currentLiveStatus, newestReading, useNow } from '@/lib/live';
import { latestValues, type Station } from '@/lib/stations';
import { useAlertCounts } from '../api/get-alert-counts';
import { CtoDocument } from './cto-document';
import { RawDataReportForm } from './raw-data-report-form';
import { StationParameters, type ParameterRow } from './station-parameters';
import { StationRecentChart } from './station-recent-chart';
import { StationSummary } from './station-summary';

const DAY_MS = 86_400_000;
/** SPEC 9: the station view's window, in 15-minute buckets. */
const RECENT_DURATION = '4h-ago';
/** How far back a parameter quiet for the whole window is looked for: the 31 days the API allows. */
const BACKSCAN_HOURS = 24 * 31;

interface StationViewProps {
  tenantId: number;
  station: Station;
  /** The board the industry page returns to, carried into trend links. */
  back: string | undefined;
}

/**
 * SPEC 2 portfolio station view: summary, parameters with their latest 15-minute values against
 * limits, the last 4 hours, SYSTEM alerts of the last 24 hours, the CTO document and raw data. A
 * parameter without a bucket in the last 4 hours (a delayed or offline station) shows its last
 * reading, coloured by its age.
 */
export function StationView({ tenantId, station, back }: StationViewProps) {
  // Fixed when the view opens (the parent keys it by station), so query keys stay stable.
  const links = useDashboardLinks();
  // Signed in, readings committed anywhere refresh the view at once (the portal keeps polling).
  const live = useLiveValues(station.id);
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const names = station.params.map((p) => p.name);
  const hasParams = names.length > 0;
  const params = names.map((name) => ({ name }));
  const hours = useEntityMetric({ entityIds: [station.id], params, duration: RECENT_DURATION, interval: 'minute_15' }, hasParams);
  const span = useMemo(() => answerWindow(hours.data), [hours.data]);
  const inWindow = useMemo(() => latestValues(hours.data ?? []), [hours.data]);
  const quiet = hours.isSuccess ? names.filter((name) => !inWindow.has(name)) : [];
  const readings = useRecentValues(
    { entityIds: [station.id], params: quiet.map((name) => ({ name })), backscan: BACKSCAN_HOURS },
    quiet.length > 0,
  );
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
    const latest = latestValues(hours.data ?? [], readings.data ?? [], (time) => isCutBucket(time, 'minute_15', span));
    const searched = hours.isSuccess && (quiet.length === 0 || readings.isSuccess);
    const counts = alerts.data?.groupBy === 'parameter' ? alerts.data.groups : undefined;
    return station.params.map((p) => ({
      ...p,
      latest: latest.get(p.name) ?? (searched ? null : undefined),
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
  }, [hours.data, hours.isSuccess, quiet.length, readings.data, readings.isSuccess, span, alerts.data, limits.data, station, tenantId, back, links]);

  // One decision for the badge and the live note: the newest reading known, the API's or the stream's.
  const clock = useNow();
  const lastReading = newestReading(station.lastDataAt, live.lastAt);
  const status = currentLiveStatus(clock, lastReading);

  return (
    <Paper withBorder p="md">
      <Stack gap="lg">
        <StationSummary station={station} status={status} lastReading={lastReading} />
        <LiveNote live={live} status={status} lastDataAt={station.lastDataAt} testId="live-values" />
        <Divider />
        <StationParameters stationName={station.name} rows={rows} />
        {hasParams && (
          <StationRecentChart params={station.params} trends={hours.data} window={span} state={chartState(hours)} limits={limits.data} />
        )}
        {hasParams && (
          <>
            <Divider />
            <StationQualityPanel stationId={station.id} evidenceHref={links === PUBLIC_DASHBOARD_LINKS ? undefined : paths.app.stationQuality.getHref(station.id)} />
          </>
        )}
        {station.type === 'caaqms' && (
          <>
            <Divider />
            <AqiPanel stationId={station.id} stationName={station.name} />
          </>
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
