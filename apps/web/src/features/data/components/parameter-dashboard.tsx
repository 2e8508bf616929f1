import { Anchor, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EntityType } from '@enviro/contracts/common';
import { formatIndian } from '@enviro/domain/format-number';
import { useEntityMetric } from '@/api/get-entity-metric';
import { useEntityTree } from '@/api/get-entity-tree';
import { chartState } from '@/components/charts/chart-state';
import { ChartSpinner } from '@/components/charts/chart-spinner';
import { ChartWidget } from '@/components/charts/chart-widget';
import { trendSeries } from '@/components/charts/from-trends';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { useDashboardLinks } from '@/lib/dashboard-links';
import { stationTypeLabel } from '@/lib/labels';
import { collectStations } from '@/lib/stations';
import { ParameterReportButton } from './parameter-report-button';
import { resolveSelection, statsByStation, type StationStatsRow } from './parameter-selection';
import { TrendControls } from './trend-controls';
import { resolveChoices, type Averaging } from './trend-options';

const fmt = (n: number | null) => formatIndian(n, 2);
const STAT_COLUMNS: DataTableColumn<StationStatsRow>[] = [
  { header: 'Station', value: (r) => r.name },
  { header: 'Latest', value: (r) => r.latest, align: 'right', render: (r) => fmt(r.latest) },
  { header: 'Min', value: (r) => r.min, align: 'right', render: (r) => fmt(r.min) },
  { header: 'Max', value: (r) => r.max, align: 'right', render: (r) => fmt(r.max) },
  { header: 'Avg', value: (r) => r.avg, align: 'right', render: (r) => fmt(r.avg) },
];

/**
 * SPEC 2 single-parameter dashboard: one parameter across stations of one type. Entity type,
 * stations, parameter, averaging and duration are all in the URL.
 */
export function ParameterDashboard({ tenantId, tenantName }: { tenantId: number; tenantName: string }) {
  const [search, setSearch] = useSearchParams();
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
  const trend = useEntityMetric(
    {
      entityIds: ids.length ? ids : [0],
      params: param ? (raw ? [{ name: param.name }] : (['avg', 'min', 'max'] as const).map((dsAgg) => ({ name: param.name, dsAgg }))) : [],
      duration: time,
      interval: averaging,
    },
    ids.length > 0 && param !== undefined,
  );

  const main = useMemo(() => (trend.data ?? []).filter((t) => t.dsAgg === 'avg' || t.dsAgg === null), [trend.data]);
  const data = useMemo(() => ({ series: trendSeries(main, (t) => t.entityName ?? '', averaging) }), [main, averaging]);
  const options = useMemo(() => ({ interval: averaging, yAxisName: param?.unit ?? '', decimals: 2 }), [averaging, param]);
  const rows = useMemo(() => statsByStation(picked, trend.data ?? []), [picked, trend.data]);

  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (p) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  const choose = (c: { time: string; averaging: Averaging }) => update({ time: c.time, avgDuration: c.averaging });

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
      <TrendControls time={time} averaging={averaging} onChange={choose} />
      <Paper withBorder p="md">
        <Text fw={600} component="h2" fz="md" m={0} mb="xs">
          {param ? `${param.label}${param.unit ? ` (${param.unit})` : ''}` : 'No parameter'}
        </Text>
        <ChartWidget kind="line" state={chartState(trend)} data={data} options={options} height={360} ariaLabel={`${param?.label ?? ''} by station`} />
      </Paper>
      <Paper withBorder p="md">
        <DataTable title={`${param?.label ?? ''} by station`} columns={STAT_COLUMNS} rows={rows} rowKey={(r) => r.id} />
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
