import { useParamLabel } from '@/features/data';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ComplianceData, ParameterCompliance, StationCompliance } from '@enviro/contracts/compliance';
import { formatIndian } from '@enviro/domain/format-number';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { formatMinutes, formatPercent, Share } from './figures';

type Row = ParameterCompliance & { station: StationCompliance };

const limitText = (p: ParameterCompliance) =>
  p.limitMin === null && p.limitMax === null
    ? 'No limit'
    : [p.limitMin === null ? null : `≥ ${formatIndian(p.limitMin)}`, p.limitMax === null ? null : `≤ ${formatIndian(p.limitMax)}`].filter(Boolean).join(', ') + (p.unit ? ` ${p.unit}` : '');

/**
 * One industry's scorecard for a month or quarter: per station its uptime, and per parameter the
 * share of 15-minute slots with data, the share within limits and the exceedances. Calibration and
 * maintenance slots are shown apart: they count neither for nor against the station. `cameras`: the
 * industry's cameras' health, shown beside the stations' uptime (the cameras feature's, given by the route).
 */
export function IndustryScorecard({ data, tenantId, period, cameras }: { data: ComplianceData; tenantId: number; period: string; cameras?: ReactNode }) {
  const paramLabel = useParamLabel();
  const rows: Row[] = data.stations.flatMap((station) => station.parameters.map((p) => ({ ...p, station })));
  const columns: DataTableColumn<Row>[] = [
    {
      header: 'Station',
      wrap: true,
      value: (r) => r.station.stationName,
      render: (r) => (
        <Anchor component={Link} to={paths.app.complianceIndustry.getHref(tenantId, { period, station: r.station.stationId })} fw={600}>
          {r.station.stationName}
        </Anchor>
      ),
    },
    { header: 'Parameter', value: (r) => paramLabel(r.parameter) },
    { header: 'Limit', value: limitText },
    { header: 'Data availability', align: 'right', value: (r) => formatPercent(r.availability), render: (r) => <Share value={r.availability} /> },
    { header: 'Within limits', align: 'right', value: (r) => formatPercent(r.withinLimits), render: (r) => <Share value={r.withinLimits} /> },
    { header: 'Exceedances (15-min slots)', align: 'right', value: (r) => r.exceedances, render: (r) => formatIndian(r.exceedances, 0) },
    { header: 'Time above limit', align: 'right', value: (r) => r.exceedanceMinutes, render: (r) => formatMinutes(r.exceedanceMinutes) },
    { header: 'Calibration / maintenance', align: 'right', value: (r) => r.suppressedSlots, render: (r) => formatMinutes(r.suppressedSlots * 15) },
  ];
  const expected = data.stations.reduce((n, s) => n + s.uptime.slots - s.uptime.suppressedSlots, 0);
  const withData = data.stations.reduce((n, s) => n + s.uptime.slotsWithData, 0);
  const within = rows.reduce((n, r) => n + r.slotsWithinLimits, 0);
  const judged = rows.reduce((n, r) => n + r.slotsWithData, 0);
  const share = (a: number, b: number) => (b <= 0 ? null : Math.round((1000 * a) / b) / 10);
  const tiles = [
    { label: 'Stations', value: formatIndian(data.stations.length, 0) },
    { label: 'Uptime', value: <Share value={share(withData, expected)} /> },
    { label: 'Within limits', value: <Share value={share(within, judged)} /> },
    { label: 'Exceedances (15-minute slots beyond a limit)', value: formatIndian(rows.reduce((n, r) => n + r.exceedances, 0), 0) },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {tiles.map((t) => (
          <Paper withBorder p="sm" key={t.label}>
            <Text size="xs" c="dimmed">
              {t.label}
            </Text>
            <Text fz={22} fw={700} component="div">
              {t.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={2} fz="lg">
        Stations' uptime
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
        {data.stations.map((s) => (
          <Paper withBorder p="sm" key={s.stationId}>
            <Text fw={600}>{s.stationName}</Text>
            <Text size="sm">
              Uptime <Share value={s.uptime.availability} /> · {formatIndian(s.uptime.slotsWithData, 0)} of {formatIndian(s.uptime.slots - s.uptime.suppressedSlots, 0)} slots
            </Text>
            <Text size="sm">
              Calibration on time{' '}
              {s.calibration.due === 0 ? 'none due' : (
                <>
                  <Share value={s.calibration.share} /> · {formatIndian(s.calibration.onTime, 0)} of {formatIndian(s.calibration.due, 0)} checks
                </>
              )}
            </Text>
            <Text size="sm">
              Regulator sync{' '}
              {s.regulatorSync === null ? 'not connected' : (
                <>
                  <Share value={s.regulatorSync.share} /> · {formatIndian(s.regulatorSync.accepted, 0)} of {formatIndian(s.regulatorSync.slots, 0)} slots accepted
                </>
              )}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {cameras}
      <DataTable title="Compliance per station and parameter" columns={columns} rows={rows} rowKey={(r) => `${r.deviceId}-${r.slot}`} emptyText="No station with a device in this period." minWidth={0} />
      <Text size="xs" c="dimmed">
        Shares of 15-minute slots, IST. Slots in calibration or maintenance count neither for nor against a station. An exceedance is a run of consecutive 15-minute averages beyond a limit.
      </Text>
    </Stack>
  );
}
