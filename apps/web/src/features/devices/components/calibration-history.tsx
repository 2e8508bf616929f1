import { Anchor, Badge, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Calibration } from '@enviro/contracts/devices/calibration';
import { formatInstant } from '@/lib/dates';
import { ChartWidget, type ChartState } from '@/components/charts/chart-widget';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { useCalibrationDeviations } from '../api/get-calibration-deviations';
import { useCalibrations } from '../api/get-calibrations';
import { formatDuration, STATUS_COLOUR, STATUS_LABEL, TYPE_LABEL } from './calibration-labels';

/** A device's calibrations, newest first (paged in the URL), and how far its zero and span points deviated over the year. */
export function CalibrationHistory({ deviceId }: { deviceId: number }) {
  const list = useListParams({ sort: 'startedAt', order: 'desc', size: 10 });
  const calibrations = useCalibrations({ deviceId, page: list.page, pageSize: list.size });
  const columns: PagedColumn<Calibration>[] = [
    { header: 'Started (IST)', cell: (c) => formatInstant(c.startedAt) },
    { header: 'Type', cell: (c) => TYPE_LABEL[c.type] },
    { header: 'Status', cell: (c) => <Badge style={{ minWidth: 'max-content' }} color={STATUS_COLOUR[c.status]} variant="light">{STATUS_LABEL[c.status]}</Badge> },
    { header: 'Duration', cell: (c) => formatDuration(c.durationSeconds) },
    {
      header: 'Deviation',
      cell: (c) =>
        c.params
          .flatMap((p) => p.points.filter((pt) => pt.deviationPercent !== null).map((pt) => `${p.label} ${pt.kind.toLowerCase()} ${pt.deviationPercent! > 0 ? '+' : ''}${pt.deviationPercent}%`))
          .join(', ') || '—',
    },
    { header: 'Verdict', cell: (c) => (c.verdict ? <Badge style={{ minWidth: 'max-content' }} color={c.verdict === 'DRIFT' ? 'red' : 'green'} variant="outline">{c.verdict === 'DRIFT' ? 'Drift' : 'Pass'}</Badge> : '—') },
    {
      header: 'Certificate',
      cell: (c) =>
        c.documentPath ? (
          <Anchor component="button" type="button" fz="sm" onClick={() => void api.download('/documentById', { body: { pathName: c.documentPath } }).then((d) => saveFile(d.blob, d.fileName ?? 'certificate'))}>
            Download
          </Anchor>
        ) : (
          '—'
        ),
    },
    { header: 'Remarks', cell: (c) => c.abortReason || c.remarks || '' },
  ];
  return (
    <Stack>
      <Title order={4}>Deviation over the year</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DeviationChart deviceId={deviceId} type="ZERO" />
        <DeviationChart deviceId={deviceId} type="SPAN" />
      </SimpleGrid>
      <PagedTable list={list} caption="Calibrations" columns={columns} query={calibrations} what="calibrations" rowKey={(c) => c.id} emptyText="No calibration recorded." />
    </Stack>
  );
}

/** Deviation in percent of each parameter's zero (or span) point per calibration, a bar each (few points, so bars rather than lines), with the tolerance as reference lines. */
function DeviationChart({ deviceId, type }: { deviceId: number; type: 'ZERO' | 'SPAN' }) {
  const deviations = useCalibrationDeviations(deviceId, type);
  const state: ChartState = deviations.isPending ? 'loading' : deviations.isError ? 'error' : 'ready';
  const params = deviations.data?.params ?? [];
  const tolerance = params.find((p) => p.toleranceUnit === 'PERCENT')?.tolerance;
  const data = {
    series: params.map((p) => ({ name: p.label, unit: '%', points: p.data.map((d) => [Date.parse(d.time), d.deviationPercent] as const) })),
    referenceLines: tolerance ? [{ value: tolerance, label: `+${tolerance}%` }, { value: -tolerance, label: `−${tolerance}%` }] : [],
  };
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Title order={5}>{type === 'ZERO' ? 'Zero' : 'Span'} deviation (%)</Title>
      </Group>
      <ChartWidget kind="bar" state={state} data={data} height={240} options={{ yAxisName: '%', decimals: 1, interval: 'day_1', showDataLabel: true }} ariaLabel={`${type === 'ZERO' ? 'Zero' : 'Span'} deviation of the device's calibrations`} />
    </Stack>
  );
}
