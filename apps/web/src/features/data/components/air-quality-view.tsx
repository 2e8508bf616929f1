import { Anchor, Box, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { AirQualityStation, AqiBrief } from '@enviro/contracts/data/air-quality';
import { AQI_CATEGORIES, AQI_COLOURS, AQI_INDEX_BANDS, AQI_POLLUTANTS, type AqiCategory } from '@enviro/domain/aqi';
import { formatDayKey, formatInstant } from '@/lib/dates';
import { sortByNameNatural } from '@enviro/domain/natural-sort';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { useAirQuality } from '../api/get-air-quality';

/** An industry the user reads, offered by the industry picker. */
export interface AirQualityIndustry {
  id: number;
  name: string;
}

interface AirQualityViewProps {
  /** The industries the user reads (a board's, a partner's, a corporate's), or null in the tenant app. */
  industries: readonly AirQualityIndustry[] | null;
  /** Where a station's own page is (its NAQI panel, trends, values). */
  stationHref: (station: AirQualityStation) => string;
}

const SORTS = [
  { value: 'worst', label: 'Worst first' },
  { value: 'name', label: 'By name' },
];

/** Category colours are CPCB's; the darker two need light text. */
const textOn = (category: AqiCategory | null) => (category === 'Very Poor' || category === 'Severe' ? '#fff' : '#000');

const pollutantLabels = (v: AqiBrief) => v.prominent.map((p) => AQI_POLLUTANTS[p].label).join(', ');

/** What a cell or badge says of an index, for a screen reader and a tooltip. */
function describe(v: AqiBrief): string {
  if (v.aqi === null) return v.pollutants === 0 ? 'no data' : `no index (${v.pollutants} pollutant${v.pollutants === 1 ? '' : 's'} with enough valid hours; 3 needed, one of them PM)`;
  return `NAQI ${v.aqi}, ${v.category}, prominent ${pollutantLabels(v)}`;
}

/**
 * The air quality above a single station (issue 28): every CAAQMS station the user reads, or one
 * industry's (`industry` in the URL), with CPCB's National AQI now and a strip of its last 30 days,
 * worst first or by name (`sort`), each linking to the station's own page.
 */
export function AirQualityView({ industries, stationHref }: AirQualityViewProps) {
  const [search, setSearch] = useSearchParams();
  const picked = Number(search.get('industry'));
  const industry = industries?.find((i) => i.id === picked);
  const sort = search.get('sort') === 'name' ? 'name' : 'worst';
  const view = useAirQuality(industry?.id);
  const names = new Map((industries ?? []).map((i) => [i.id, i.name]));

  const set = (name: 'industry' | 'sort', value: string | null) =>
    setSearch((s) => {
      if (value && !(name === 'sort' && value === 'worst')) s.set(name, value);
      else s.delete(name);
      return s;
    });

  const stations = view.data ? (sort === 'name' ? sortByNameNatural(view.data.stations, (s) => s.entityName) : view.data.stations) : [];
  const counts = AQI_CATEGORIES.map((c) => [c, stations.filter((s) => s.now.category === c).length] as const);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Air quality
        </Title>
        <Text c="dimmed">
          CPCB's National Air Quality Index of {industry ? `${industry.name}'s` : industries ? "your industries'" : 'your'} ambient air stations (CAAQMS): now, and each of the last 30 days
        </Text>
      </div>
      <Group align="flex-end">
        {industries && (
          <Select
            label="Industry"
            placeholder="Every industry"
            clearable
            searchable
            data={industries.map((i) => ({ value: String(i.id), label: i.name }))}
            value={industry ? String(industry.id) : null}
            onChange={(v) => set('industry', v)}
            nothingFoundMessage="No industry matches"
            w={{ base: '100%', xs: 280 }}
          />
        )}
        <SegmentedControl aria-label="Order" data={SORTS} value={sort} onChange={(v) => set('sort', v)} />
      </Group>
      <Legend />
      {view.isError ? (
        <LoadFailed what="The air quality" onRetry={() => void view.refetch()} />
      ) : !view.data ? (
        <Loading />
      ) : stations.length === 0 ? (
        <Text c="dimmed">{industry ? `${industry.name} has` : 'You read'} no ambient air station (CAAQMS).</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {counts.map(([category, n]) => (
              <Paper key={category} withBorder p="xs" style={{ borderLeft: `6px solid ${AQI_COLOURS[category]}` }}>
                <Text fz="xs" c="dimmed">
                  {category} now
                </Text>
                <Text fw={700} fz="lg">
                  {n}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Text fz="sm" c="dimmed">
            {stations.length} station{stations.length === 1 ? '' : 's'}. Now: the 24 hours (8 for CO and O3) to {formatInstant(view.data.time)} IST. Days: {formatDayKey(view.data.days[0]!)} to{' '}
            {formatDayKey(view.data.days.at(-1)!)}, oldest on the left.
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="CAAQMS stations">
            {stations.map((s) => (
              <Paper key={s.entityId} withBorder p="sm" component="li" data-testid="air-quality-station">
                <Group justify="space-between" align="center" gap="sm">
                  <Box miw={0} style={{ flex: '1 1 200px' }}>
                    <Anchor component={Link} to={stationHref(s)} fw={600}>
                      {s.entityName}
                    </Anchor>
                    {industries && <Text fz="sm" c="dimmed">{names.get(s.tenantId) ?? ''}</Text>}
                  </Box>
                  <NowBadge value={s.now} />
                  <Strip days={view.data!.days} values={s.days} name={s.entityName} />
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function NowBadge({ value }: { value: AqiBrief }) {
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }} aria-label={`Now: ${describe(value)}`} data-testid="air-quality-now">
      <Box
        px="sm"
        py={4}
        miw={56}
        ta="center"
        style={{ background: value.colour ?? 'var(--mantine-color-gray-2)', color: textOn(value.category), borderRadius: 4, fontWeight: 700 }}
      >
        {value.aqi ?? '–'}
      </Box>
      <div>
        <Text fz="sm" fw={600}>
          {value.category ?? 'No index'}
        </Text>
        <Text fz="xs" c="dimmed">
          {value.aqi !== null ? `Prominent: ${pollutantLabels(value)}` : value.pollutants === 0 ? 'No data' : `${value.pollutants} of 3 pollutants`}
        </Text>
      </div>
    </Group>
  );
}

/** The last 30 days' indices as coloured cells, oldest first. */
function Strip({ days, values, name }: { days: readonly string[]; values: readonly AqiBrief[]; name: string }) {
  return (
    <Box style={{ flex: '1 1 240px', maxWidth: 360 }}>
      <div role="list" aria-label={`${name}: daily NAQI, last 30 days`} style={{ display: 'flex', gap: 1, height: 20 }}>
        {values.map((v, i) => {
          const label = `${formatDayKey(days[i]!)}: ${describe(v)}`;
          return <div key={days[i]} role="listitem" aria-label={label} title={label} style={{ flex: 1, minWidth: 4, background: v.colour ?? 'var(--mantine-color-gray-3)' }} />;
        })}
      </div>
      <Group justify="space-between" gap={0}>
        <Text fz={10} c="dimmed">
          {formatDayKey(days[0]!)}
        </Text>
        <Text fz={10} c="dimmed">
          {formatDayKey(days.at(-1)!)}
        </Text>
      </Group>
    </Box>
  );
}

/** CPCB's categories with their index ranges and colours. */
function Legend() {
  return (
    <Group gap={6} aria-label="NAQI categories">
      {AQI_CATEGORIES.map((c, i) => (
        <Box key={c} px={6} py={2} fz="xs" style={{ background: AQI_COLOURS[c], color: textOn(c), borderRadius: 4 }}>
          {c} {AQI_INDEX_BANDS[i]![0]}–{AQI_INDEX_BANDS[i]![1]}
        </Box>
      ))}
      <Box px={6} py={2} fz="xs" style={{ background: 'var(--mantine-color-gray-3)', borderRadius: 4 }}>
        No index
      </Box>
    </Group>
  );
}
