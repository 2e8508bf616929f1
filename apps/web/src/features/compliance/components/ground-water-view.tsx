import { Anchor, Box, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { GroundWaterStation, MeterValue } from '@enviro/contracts/compliance/ground-water';
import { formatInstant } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { LIVE_STATUS_COLOURS } from '@/lib/labels';
import { currentLiveStatus } from '@/lib/live';
import { useGroundWaterStations } from '../api/get-ground-water';

/** Closed IST days the reporting rule is shown over (the API's window less today). */
const WINDOW_DAYS = 8;

const meterText = (m: MeterValue | null, decimals: number) => (m ? `${formatIndian(m.value, decimals)} ${m.unit}` : '–');
const STATUS_WORDS = { LIVE: 'Live', DELAYED: 'Delayed', OFFLINE: 'Offline', UNKNOWN: 'Never reported' } as const;
const readingsToday = (s: GroundWaterStation) => s.days.at(-1)?.readings ?? 0;
const timesADay = (n: number) => (n === 2 ? 'twice' : `${n} times`);

/** How a station kept CGWA's rule over the closed days: every day green, most orange, else red. */
function ruleColour(s: GroundWaterStation): string {
  if (s.closedDays === 0 || s.daysMeetingRule === s.closedDays) return 'green.8';
  return s.daysMeetingRule >= s.closedDays / 2 ? 'orange.8' : 'red.8';
}

/** The station's live status in a word with its colour, over when it last reported. */
function LastReading({ station, now }: { station: GroundWaterStation; now: number }) {
  const status = currentLiveStatus(now, station.lastDataAt);
  return (
    <Stack gap={0}>
      <Text span size="sm" c={`${LIVE_STATUS_COLOURS[status]}.8`} fw={600}>
        ● {STATUS_WORDS[status]}
      </Text>
      {station.lastDataAt !== null && (
        <Text span size="sm">
          {formatInstant(station.lastDataAt)}
        </Text>
      )}
    </Stack>
  );
}

function RuleDays({ station }: { station: GroundWaterStation }) {
  return (
    <Text span size="sm" fw={600} c={ruleColour(station)}>
      {station.daysMeetingRule} of {station.closedDays} days
    </Text>
  );
}

/**
 * The CGWA's ground-water stations (GET /api/groundWaterStations): each borewell's flow meter with
 * its latest cumulative volume, pump hours, depth to water and flow, and on how many of the last
 * days it sent the readings a day CGWA's digital flow-meter specification asks for; each opens its
 * industry. A table on wide screens, a card per station on a phone.
 */
export function GroundWaterView() {
  const stations = useGroundWaterStations(WINDOW_DAYS);
  if (stations.isError) return <LoadFailed what="The ground-water stations" onRetry={() => void stations.refetch()} />;
  if (!stations.data) return <Loading />;
  const { items, readingsPerDay } = stations.data;
  const now = Date.now();
  const live = items.filter((s) => currentLiveStatus(now, s.lastDataAt) === 'LIVE').length;
  const kept = items.reduce((sum, s) => sum + s.daysMeetingRule, 0);
  const days = items.reduce((sum, s) => sum + s.closedDays, 0);
  const rule = `Days with ${readingsPerDay} or more readings`;

  const industryLink = (s: GroundWaterStation) => (
    <Anchor component={Link} to={paths.app.industry.getHref(s.tenantId)} fw={600}>
      {s.tenantName}
    </Anchor>
  );
  const stationLink = (s: GroundWaterStation) => (
    <Anchor component={Link} to={paths.app.industry.getHref(s.tenantId, { station: s.stationId })}>
      {s.stationName}
    </Anchor>
  );
  const columns: DataTableColumn<GroundWaterStation>[] = [
    {
      header: 'Station and industry',
      wrap: true,
      value: (s) => `${s.stationName}, ${s.tenantName}`,
      render: (s) => (
        <Stack gap={0}>
          {stationLink(s)}
          <Text span size="sm">
            {industryLink(s)}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Last reading (IST)',
      value: (s) => `${STATUS_WORDS[currentLiveStatus(now, s.lastDataAt)]}${s.lastDataAt === null ? '' : ` ${formatInstant(s.lastDataAt)}`}`,
      render: (s) => <LastReading station={s} now={now} />,
    },
    { header: 'Volume (total)', align: 'right', value: (s) => meterText(s.volume, 1) },
    { header: 'Pump hours', align: 'right', value: (s) => meterText(s.pumpHours, 1) },
    { header: 'Water depth', align: 'right', value: (s) => meterText(s.level, 2) },
    { header: 'Flow', align: 'right', value: (s) => meterText(s.flow, 1) },
    {
      header: `Days with ${readingsPerDay}+ readings`,
      align: 'right',
      value: (s) => `${s.daysMeetingRule} of ${s.closedDays} days; ${readingsToday(s)} today`,
      render: (s) => (
        <Stack gap={0}>
          <RuleDays station={s} />
          <Text span size="xs" c="dimmed">
            {formatIndian(readingsToday(s), 0)} today
          </Text>
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} aria-label="Totals">
        <Tile label="Ground-water stations" value={formatIndian(items.length, 0)} />
        <Tile label="Meters live" value={`${formatIndian(live, 0)} of ${formatIndian(items.length, 0)}`} />
        <Tile label={`${rule}, last ${WINDOW_DAYS - 1} days`} value={days === 0 ? '–' : `${formatIndian((100 * kept) / days, 0)} %`} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        CGWA asks every NOC holder&apos;s digital flow meter for its timestamp, cumulative volume and cumulative pump hours at least {timesADay(readingsPerDay)} a day;
        the level logger reports the depth to water. Days with {readingsPerDay}+ readings: of the last {WINDOW_DAYS - 1} days before today; today: readings so far.
      </Text>
      <Box visibleFrom="md">
        <DataTable title="Ground-water stations" columns={columns} rows={items} rowKey={(s) => s.stationId} minWidth={860} emptyText="No ground-water station among the industries you read." />
      </Box>
      <Stack hiddenFrom="md" gap="sm" aria-label="Ground-water stations">
        {items.length === 0 && <Text c="dimmed">No ground-water station among the industries you read.</Text>}
        {items.map((s) => (
          <Paper key={s.stationId} withBorder p="sm">
            <Stack gap={6}>
              <div>
                {stationLink(s)}
                <Text size="sm">{industryLink(s)}</Text>
              </div>
              <LastReading station={s} now={now} />
              <SimpleGrid cols={2} spacing={6}>
                <Meter label="Cumulative volume" text={meterText(s.volume, 1)} />
                <Meter label="Pump hours" text={meterText(s.pumpHours, 1)} />
                <Meter label="Depth to water" text={meterText(s.level, 2)} />
                <Meter label="Flow now" text={meterText(s.flow, 1)} />
              </SimpleGrid>
              <Text size="sm">
                {rule}: <RuleDays station={s} /> of the last {WINDOW_DAYS - 1}; {formatIndian(readingsToday(s), 0)} today
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function Meter({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
