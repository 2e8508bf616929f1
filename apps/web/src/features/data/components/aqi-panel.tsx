import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { AqiResponse, AqiValue } from '@enviro/contracts/data/aqi';
import { AQI_CATEGORIES, AQI_COLOURS, AQI_INDEX_BANDS, AQI_POLLUTANTS, type AqiPollutant } from '@enviro/domain/aqi';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { formatInstant } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { addDays, dayOf } from '@enviro/domain/time-zone';
import { ChartWidget } from '@/components/charts/chart-widget';
import { CALENDAR_YEAR_HEIGHT } from '@/components/charts/kinds/calendar-heatmap';
import type { CalendarHeatmapData } from '@/components/charts/types';
import { useAqi } from '../api/get-aqi';

/** The AQI categories as the heatmap's fixed bands, in CPCB's colours. */
const AQI_BANDS = AQI_CATEGORIES.map((category, i) => ({
  min: AQI_INDEX_BANDS[i]![0],
  // Indices are whole numbers: each band ends where the next begins less one (ECharts' pieces include both ends).
  ...(i < AQI_CATEGORIES.length - 1 ? { max: AQI_INDEX_BANDS[i]![1] } : {}),
  label: `${category} ${AQI_INDEX_BANDS[i]![0]}–${AQI_INDEX_BANDS[i]![1]}`,
  colour: AQI_COLOURS[category],
}));

const WHY_NONE: Record<NonNullable<AqiValue['missing']>, string> = {
  'too-few-pollutants': 'Not enough data: the index needs at least 3 pollutants with enough valid hours (16 of 24; 6 of 8 for CO and O3).',
  'no-particulate': 'Not enough data: the index needs PM2.5 or PM10 among its pollutants.',
};

/** Dark text on the light category colours, white on the dark ones. */
const textOn = (colour: string) => (['#ffff00', '#92d050', '#ff9900'].includes(colour) ? '#1a1b1e' : '#ffffff');

/**
 * A CAAQMS station's National Air Quality Index (CPCB): the index of the last 24 hours with its
 * category, prominent pollutant and sub-indices, and a calendar heatmap of the daily index over the
 * last 12 months, in the categories' colours.
 */
export function AqiPanel({ stationId, stationName }: { stationId: number; stationName: string }) {
  // Today and the 364 days before it, in India.
  const [today] = useState(() => dayOf(Date.now(), DISPLAY_TIME_ZONE));
  const start = useMemo(() => addDays(today, -364), [today]);
  const aqi = useAqi({ entityId: stationId, startDate: start, endDate: today });
  const heatmap = useMemo(() => (aqi.data ? calendar(aqi.data) : undefined), [aqi.data]);
  const years = heatmap?.years.length ?? 1;

  return (
    <Stack gap="sm" aria-label="National Air Quality Index">
      <Title order={3} fz="lg">
        National Air Quality Index
      </Title>
      {aqi.isError && <Text c="red">The air quality index could not be loaded. Try again in a moment.</Text>}
      {aqi.data && <Now value={aqi.data.now} />}
      <ChartWidget
        kind="calendarHeatmap"
        state={aqi.isError ? 'error' : aqi.data ? 'ready' : 'loading'}
        data={heatmap}
        height={CALENDAR_YEAR_HEIGHT * years + 90}
        ariaLabel={`Daily AQI of ${stationName} over the last 12 months`}
        tableTitle={`Daily AQI ${stationName}`}
      />
    </Stack>
  );
}

function Now({ value }: { value: AqiResponse['now'] }) {
  const at = formatInstant(value.time);
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {value.aqi === null ? (
        <Text c="dimmed" maw={420}>
          {WHY_NONE[value.missing!]}
        </Text>
      ) : (
        <Paper p="md" radius="md" style={{ background: value.colour!, color: textOn(value.colour!) }} miw={160} data-testid="aqi-now">
          <Text fz={40} fw={800} lh={1}>
            {value.aqi}
          </Text>
          <Text fw={700}>{value.category}</Text>
          <Text size="xs">
            Prominent: {value.prominent.map((p) => AQI_POLLUTANTS[p as AqiPollutant].label).join(', ')}
          </Text>
        </Paper>
      )}
      <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Text size="xs" c="dimmed" mb={4}>
          24 hours to {at} IST (8 hours for CO and O3)
        </Text>
        {value.subIndices.length > 0 && (
          <Table fz="sm" striped withTableBorder aria-label="Sub-indices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pollutant</Table.Th>
                <Table.Th ta="right">Average</Table.Th>
                <Table.Th ta="right">Sub-index</Table.Th>
                <Table.Th ta="right">Valid hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.subIndices.map((s) => (
                <Table.Tr key={s.pollutant}>
                  <Table.Td>
                    {s.label}
                    {value.prominent.includes(s.pollutant) && (
                      <Badge size="xs" ml={6} variant="light">
                        prominent
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatIndian(s.concentration, s.unit === 'mg/m3' ? 2 : 1)} {s.unit}
                  </Table.Td>
                  <Table.Td ta="right">{s.subIndex}</Table.Td>
                  <Table.Td ta="right">{s.validHours}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Box>
    </Group>
  );
}

/** The days by calendar year, newest year first, for the calendar heatmap. */
function calendar(data: AqiResponse): CalendarHeatmapData | undefined {
  if (!data.days.some((d) => d.aqi !== null)) return { name: 'AQI', years: [], bands: AQI_BANDS };
  const byYear = new Map<number, [string, number | null][]>();
  for (const d of data.days) {
    const year = Number(d.date.slice(0, 4));
    let days = byYear.get(year);
    if (!days) byYear.set(year, (days = []));
    days.push([d.date, d.aqi]);
  }
  // A year of the 12 months without any index (a station newer than that) gets no empty calendar.
  const years = [...byYear].filter(([, days]) => days.some(([, v]) => v !== null));
  return { name: 'AQI', years: years.sort((a, b) => b[0] - a[0]).map(([year, days]) => ({ year, days })), bands: AQI_BANDS };
}
