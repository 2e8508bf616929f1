import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { formatDateTime24 } from '@enviro/domain/format-date';
import { formatIndian } from '@enviro/domain/format-number';
import { useAlertLimits } from '@/api/get-alert-limits';
import { useEntityMetric } from '@/api/get-entity-metric';
import { chartState } from '@/components/charts/chart-state';
import { ChartWidget } from '@/components/charts/chart-widget';
import { limitLines, trendSeries } from '@/components/charts/from-trends';
import { CsvExportButton } from '@/components/table/csv-export-button';
import type { CsvColumn } from '@/lib/csv';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { limitText } from '@/lib/limits';
import { StatTiles } from './stat-tiles';
import { TrendControls } from './trend-controls';
import { resolveChoices, trendStats, type Averaging } from './trend-options';

type Point = TrendResult['data'][number];
const CSV_COLUMNS: CsvColumn<Point>[] = [
  { header: 'Time', value: (p) => formatDateTime24(p.time) },
  { header: 'Value', value: (p) => p.value },
];

/**
 * SPEC 2 parameter trend (public, and in the tenant app): one parameter of one station over the chosen duration and
 * averaging, with min, max and average, and the limit as a reference line. Every choice is in the URL.
 */
export function TrendView({ tenantId }: { tenantId: number }) {
  const [params, setParams] = useSearchParams();
  const links = useDashboardLinks();
  const entityId = Number(params.get('entityId'));
  const paramId = params.get('paramId') ?? '';
  const publicTenantId = params.get('publicTenantId') ?? String(tenantId);
  const { time, averaging } = resolveChoices(params.get('time'), params.get('avgDuration'));
  const valid = Number.isSafeInteger(entityId) && entityId > 0 && paramId !== '';

  const raw = averaging === 'instances';
  const trend = useEntityMetric(
    {
      entityIds: [entityId],
      params: raw ? [{ name: paramId }] : (['avg', 'min', 'max'] as const).map((dsAgg) => ({ name: paramId, dsAgg })),
      duration: time,
      interval: averaging,
    },
    valid,
  );
  const limits = useAlertLimits({ entityIds: [entityId], params: [paramId] }, valid);
  const limit = limits.data?.[0];

  const main = trend.data?.find((t) => t.dsAgg === 'avg' || t.dsAgg === null);
  const stats = useMemo(() => trendStats(trend.data ?? []), [trend.data]);
  const data = useMemo(
    () => ({ series: trendSeries(main ? [main] : [], (t) => t.paramLabel, averaging), referenceLines: limitLines(limit) }),
    [main, limit, averaging],
  );
  const options = useMemo(() => ({ interval: averaging, yAxisName: main?.unit ?? '', decimals: 2 }), [averaging, main]);

  const choose = (choice: { time: string; averaging: Averaging }) =>
    setParams(
      (p) => {
        p.set('time', choice.time);
        p.set('avgDuration', choice.averaging);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

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
          <TrendControls time={time} averaging={averaging} onChange={choose} />
          <StatTiles
            unit={main?.unit ?? limit?.unit ?? ''}
            tiles={[
              { label: 'Min', value: stats.min },
              { label: 'Max', value: stats.max },
              { label: 'Avg', value: stats.avg },
              { label: 'Limit', value: null, text: limitText(limit, (n) => formatIndian(n, 2)) },
            ]}
          />
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600} component="h2" fz="md" m={0}>
                {label} ({main?.unit || 'no unit'})
              </Text>
              <CsvExportButton title={`${label} ${station}`} columns={CSV_COLUMNS} rows={main?.data ?? []} />
            </Group>
            <ChartWidget kind="line" state={chartState(trend)} data={data} options={options} height={360} ariaLabel={`${label} at ${station}`} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
