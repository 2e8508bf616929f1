import { Anchor, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { EntityType } from '@enviro/contracts/common';
import type { Aggregation } from '@enviro/domain/aggregation';
import { formatIndian, roundValue } from '@enviro/domain/format-number';
import { useEntityTree } from '@/features/entities';
import { chartState } from '@/components/charts/chart-state';
import { ChartSpinner } from '@/components/charts/chart-spinner';
import { ChartWidget } from '@/components/charts/chart-widget';
import { answerWindow, isCutBucket, trendSeries, valueAxisName } from '@/components/charts/from-trends';
import { IncompleteNote } from '@/components/charts/incomplete-note';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { useSearchChoices } from '@/lib/use-search-choices';
import { stationTypeLabel } from '@/lib/labels';
import { collectStations } from '@/lib/stations';
import { useEntityMetric } from '../api/get-entity-metric';
import { ParameterReportButton } from './parameter-report-button';
import { resolveSelection, statsByStation, type StationStatsRow } from './parameter-selection';
import { TrendControls } from './trend-controls';
import { pickedAggregation, quotesReadings, resolveChoices, statsNote, type Averaging } from './trend-options';

const fmt = (n: number | null) => formatIndian(n, 2);
const stat = (header: string, value: (r: StationStatsRow) => number | null): DataTableColumn<StationStatsRow> => ({
  header,
  value: (r) => roundValue(value(r)),
  align: 'right',
  render: (r) => fmt(value(r)),
});
const STAT_COLUMNS: DataTableColumn<StationStatsRow>[] = [
  { header: 'Station', value: (r) => r.name },
  stat('Latest', (r) => r.latest),
  stat('Min', (r) => r.min),
  stat('Max', (r) => r.max),
  stat('Avg', (r) => r.avg),
];

/**
 * SPEC 2 single-parameter dashboard: one parameter across stations of one type. Entity type,
 * stations, parameter, averaging and duration are all in the URL.
 */
export function ParameterDashboard({ tenantId, tenantName }: { tenantId: number; tenantName: string }) {
  const [search, update] = useSearchChoices();
  const links = useDashboardLinks();
  const tree = useEntityTree(tenantId);
  const stations = useMemo(() => collectStations(tree.data ?? []), [tree.data]);
  const selection = useMemo(
    () =>
      resolveSelection(stations, {
        entityType: search.get('entityType'),
        stations: search.get('stations'),
        paramId: search.get('paramId'),
      }),
    [stations, search],
  );
  const { time, averaging } = resolveChoices(search.get('time'), search.get('avgDuration'));
  const { type, picked, param } = selection;
  const raw = averaging === 'instances';
  const ids = picked.map((s) => s.id);
  const chosen = pickedAggregation(search.get('aggregation'));
  const aggregation = raw ? null : (chosen ?? param?.aggregation);
  const ready = ids.length > 0 && param !== undefined;
  const request = { entityIds: ids.length ? ids : [0], duration: time, interval: averaging };
  const trend = useEntityMetric({ ...request, params: param ? [{ name: param.name, ...(aggregation ? { dsAgg: aggregation } : {}) }] : [] }, ready);
  const readings = useEntityMetric(
    { ...request, params: param ? (['min', 'max'] as const).map((dsAgg) => ({ name: param.name, dsAgg })) : [] },
    ready && quotesReadings(aggregation),
  );

  const span = useMemo(() => answerWindow(trend.data), [trend.data]);
  const data = useMemo(() => ({ series: trendSeries(trend.data ?? [], (t) => t.entityName ?? '', averaging, span) }), [trend.data, averaging, span]);
  const options = useMemo(
    () => ({ interval: averaging, yAxisName: valueAxisName(param?.unit ?? '', aggregation, averaging), decimals: 2 }),
    [averaging, param, aggregation],
  );
  const rows = useMemo(
    () => statsByStation(picked, trend.data ?? [], quotesReadings(aggregation) ? (readings.data ?? []) : [], (t) => isCutBucket(t, averaging, span)),
    [picked, trend.data, aggregation, readings.data, averaging, span],
  );

  const choose = (c: { time: string; averaging: Averaging }) => update({ time: c.time, avgDuration: c.averaging });
  // The catalogue's own aggregation is the default, which the URL leaves unsaid.
  const chooseAggregation = (a: Aggregation) => update({ aggregation: a === param?.aggregation ? null : a });

  const header = (
    <div>
      <Anchor component={Link} to={links.industry(tenantId, { back: search.get('back') ?? undefined })} size="sm">
        ← Back to the industry
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 30 }} mt="xs">
        Compare stations
      </Title>
      <Text c="dimmed">{tenantName}</Text>
    </div>
  );
  if (tree.isPending) return <Stack>{header}<ChartSpinner label="Loading stations" /></Stack>;
  if (stations.length === 0) return <Stack>{header}<Text>This industry has no stations yet.</Text></Stack>;

  return (
    <Stack gap="lg">
      {header}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Station type"
          data={selection.types.map((t) => ({ value: t, label: stationTypeLabel(t) }))}
          value={type ?? null}
          onChange={(t) => update({ entityType: t, stations: null })}
          allowDeselect={false}
        />
        <MultiSelect
          label="Stations"
          data={selection.ofType.map((s) => ({ value: String(s.id), label: s.name }))}
          value={picked.map((s) => String(s.id))}
          onChange={(v) => update({ stations: v.join(',') || null })}
        />
        <Select
          label="Parameter"
          data={selection.params.map((p) => ({ value: p.name, label: p.label }))}
          value={param?.name ?? null}
          onChange={(p) => update({ paramId: p })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <TrendControls
        time={time}
        averaging={averaging}
        onChange={choose}
        aggregation={{ value: chosen, catalogue: param?.aggregation, onChange: chooseAggregation }}
      />
      <Paper withBorder p="md">
        <Text fw={600} component="h2" fz="md" m={0} mb="xs">
          {param ? `${param.label}${param.unit ? ` (${param.unit})` : ''}` : 'No parameter'}
        </Text>
        <ChartWidget kind="line" state={chartState(trend)} data={data} options={options} height={360} ariaLabel={`${param?.label ?? ''} by station`} tableTitle={`${param?.label ?? ''} trend by station`} />
        <IncompleteNote series={data.series} />
      </Paper>
      <Paper withBorder p="md">
        <DataTable title={`${param?.label ?? ''} by station`} columns={STAT_COLUMNS} rows={rows} rowKey={(r) => r.id} />
        <Text size="xs" c="dimmed" mt={4}>
          {statsNote(aggregation, averaging)}
        </Text>
      </Paper>
      <ParameterReportButton
        tenantId={tenantId}
        request={
          type && param && ids.length
            ? { entityType: type as EntityType, paramName: param.name, entityIds: ids, duration: time, interval: averaging }
            : undefined
        }
      />
    </Stack>
  );
}
