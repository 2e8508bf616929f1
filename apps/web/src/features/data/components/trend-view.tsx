import { Anchor, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { TrendResult } from '@enviro/contracts/data/trend';
import type { Aggregation } from '@enviro/domain/aggregation';
import { isPublicPath } from '@/lib/api-client';
import { formatInstant } from '@/lib/dates';
import { formatIndian, roundValue } from '@enviro/domain/format-number';
import { LabResultsPanel, useLabResultMarkers } from '@/features/documents';
import { useAlertLimits } from '@/features/entities';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { answerWindow, correctedPeriods, flaggedPeriods, isCutBucket, limitLines, suppressedPeriods, trendSeries, valueAxisName } from '@/components/charts/from-trends';
import { IncompleteNote } from '@/components/charts/incomplete-note';
import { CsvExportButton } from '@/components/table/csv-export-button';
import type { CsvColumn } from '@/lib/csv';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { useSearchChoices } from '@/lib/use-search-choices';
import { limitText } from '@/lib/limits';
import { useEntityMetric } from '../api/get-entity-metric';
import { useStdParams } from '../api/get-std-params';
import { StatTiles } from './stat-tiles';
import { TrendControls } from './trend-controls';
import { pickedAggregation, quotesReadings, resolveChoices, statsNote, trendStats, type Averaging } from './trend-options';

type Point = TrendResult['data'][number];
const CSV_COLUMNS: CsvColumn<Point>[] = [
  { header: 'Time', value: (p) => formatInstant(p.time) },
  { header: 'Value', value: (p) => roundValue(p.value) },
  { header: 'Corrected', value: (p) => (p.corrected ? 'yes' : '') },
];

/**
 * SPEC 2 parameter trend (public, and in the tenant app): one parameter of one station over the chosen duration and
 * averaging, with min, max and average, and the limit as a reference line. Each period combines its readings by the
 * parameter's catalogue aggregation unless the user picks another; the axis names it. Every choice is in the URL.
 */
export function TrendView({ tenantId }: { tenantId: number }) {
  const [params, update] = useSearchChoices();
  const links = useDashboardLinks();
  const { pathname } = useLocation();
  const entityId = Number(params.get('entityId'));
  const paramId = params.get('paramId') ?? '';
  const publicTenantId = params.get('publicTenantId') ?? String(tenantId);
  const { time, averaging } = resolveChoices(params.get('time'), params.get('avgDuration'));
  const valid = Number.isSafeInteger(entityId) && entityId > 0 && paramId !== '';
  // The readings as received instead of the corrected values (docs/CHANGE-REQUESTS.md, "The correction layer").
  const original = params.get('original') === '1';

  const raw = averaging === 'instances';
  const picked = pickedAggregation(params.get('aggregation'));
  const catalogue = useStdParams().data?.find((p) => p.name === paramId)?.metricDownsampleAgg;
  const trend = useEntityMetric(
    { entityIds: [entityId], params: [{ name: paramId, ...(picked && !raw ? { dsAgg: picked } : {}) }], duration: time, interval: averaging, ...(original ? { original } : {}) },
    valid,
  );
  const main = trend.data?.[0];
  // The catalogue says before the answer comes, so the readings' extremes are asked for alongside.
  const aggregation = raw ? null : (picked ?? catalogue ?? main?.dsAgg);
  const readings = useEntityMetric(
    { entityIds: [entityId], params: (['min', 'max'] as const).map((dsAgg) => ({ name: paramId, dsAgg })), duration: time, interval: averaging, ...(original ? { original } : {}) },
    valid && quotesReadings(aggregation),
  );
  const limits = useAlertLimits({ entityIds: [entityId], params: [paramId] }, valid);
  const limit = limits.data?.[0];

  const span = useMemo(() => answerWindow(trend.data), [trend.data]);
  // Lab results are the industry's, not the public portal's: drawn over the line within its window.
  const inApp = !isPublicPath(pathname);
  const labResults = useLabResultMarkers(valid && inApp ? entityId : null, paramId, span, main?.unit);
  const stats = useMemo(
    () => trendStats(main, quotesReadings(aggregation) ? (readings.data ?? []) : [], (t) => isCutBucket(t, averaging, span)),
    [main, aggregation, readings.data, averaging, span],
  );
  const data = useMemo(
    () => ({
      series: trendSeries(main ? [main] : [], (t) => t.paramLabel, averaging, span),
      referenceLines: limitLines(limit),
      shadedPeriods: [...suppressedPeriods(main ? [main] : [], span?.end ?? Date.now()), ...flaggedPeriods(main ? [main] : []), ...correctedPeriods(main ? [main] : [], original)],
      extremes: [stats.min, stats.max].filter((v) => v !== null),
      markers: labResults,
    }),
    [main, limit, averaging, span, stats, labResults, original],
  );
  const corrected = (main?.corrected?.length ?? 0) > 0;
  const options = useMemo(
    () => ({ interval: averaging, yAxisName: valueAxisName(main?.unit ?? '', aggregation, averaging), decimals: 2 }),
    [averaging, main, aggregation],
  );

  const choose = (choice: { time: string; averaging: Averaging }) => update({ time: choice.time, avgDuration: choice.averaging });
  // The catalogue's own aggregation is the default, which the URL leaves unsaid.
  const chooseAggregation = (a: Aggregation) => update({ aggregation: a === catalogue ? null : a });

  const label = main?.paramLabel ?? paramId;
  const station = main?.entityName ?? `Station ${entityId}`;
  const back = params.get('back') ?? undefined;

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={links.industry(publicTenantId, { back, station: valid ? entityId : undefined })}
        size="sm"
      >
        ← Back to the industry
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {label} trend
        </Title>
        <Text c="dimmed">{station}</Text>
      </div>
      {!valid ? (
        <Text role="alert">This link does not name a station and a parameter.</Text>
      ) : (
        <>
          <TrendControls
            time={time}
            averaging={averaging}
            onChange={choose}
            aggregation={{ value: picked, catalogue, onChange: chooseAggregation }}
          />
          <div>
            <StatTiles
              unit={main?.unit ?? limit?.unit ?? ''}
              tiles={[
                { label: 'Min', value: stats.min },
                { label: 'Max', value: stats.max },
                { label: 'Avg', value: stats.avg },
                { label: 'Limit', value: null, text: limitText(limit, (n) => formatIndian(n, 2)) },
              ]}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {statsNote(aggregation, averaging)}
            </Text>
          </div>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600} component="h2" fz="md" m={0}>
                {label}
                {main?.unit ? ` (${main.unit})` : ''}
              </Text>
              <CsvExportButton title={`${label} ${station}`} columns={CSV_COLUMNS} rows={main?.data ?? []} />
            </Group>
            <ChartWidget kind="line" state={chartState(trend)} data={data} options={options} height={360} ariaLabel={`${label} at ${station}`} />
            <IncompleteNote series={data.series} />
            {(corrected || original) && (
              <Group justify="space-between" mt="xs" wrap="wrap" gap="xs">
                <Text size="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
                  {original
                    ? 'Shown: the readings as received. The shaded periods were corrected by their board; every figure and report uses the corrected values.'
                    : 'The shaded periods hold values an approved correction changed; every figure and report uses them. The readings as received are kept.'}
                </Text>
                <Switch label="Show original values" checked={original} onChange={(e) => update({ original: e.currentTarget.checked ? '1' : null })} />
              </Group>
            )}
          </Paper>
          {inApp && <LabResultsPanel entityId={entityId} paramName={paramId} paramLabel={label} />}
        </>
      )}
    </Stack>
  );
}
