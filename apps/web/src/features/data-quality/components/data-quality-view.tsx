import { Anchor, Box, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { QUALITY_DEFAULT_DAYS, type QualityStationRow } from '@enviro/contracts/data-quality';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { formatDayKey } from '@/lib/dates';
import { useQualityOverview } from '../api/get-quality-overview';
import { FiredList } from './fired-list';
import { ScoreBadge } from './score-badge';

/** An industry the user reads, offered by the industry picker. */
export interface QualityIndustry {
  id: number;
  name: string;
}

const PERIODS = [
  { value: '1', label: 'Yesterday' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

/**
 * The data quality of every station the user reads (issue 36), worst first: each station's
 * data-quality score over the last whole days, its worst day and what fired, the station's name and
 * its worst day each opening the station's flagged slots. `industry` and `days` are in the URL.
 */
export function DataQualityView({ industries }: { industries: readonly QualityIndustry[] | null }) {
  const [search, setSearch] = useSearchParams();
  const picked = Number(search.get('industry'));
  const industry = industries?.find((i) => i.id === picked);
  const days = PERIODS.some((p) => p.value === search.get('days')) ? Number(search.get('days')) : QUALITY_DEFAULT_DAYS;
  const view = useQualityOverview({ tenantId: industry?.id, days });

  const set = (name: 'industry' | 'days', value: string | null) =>
    setSearch((s) => {
      if (value && !(name === 'days' && Number(value) === QUALITY_DEFAULT_DAYS)) s.set(name, value);
      else s.delete(name);
      return s;
    });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Data quality
        </Title>
        <Text c="dimmed">
          How far {industry ? `${industry.name}'s` : industries ? "your industries'" : 'your'} stations' 15-minute values can be trusted: the share of valid slots, less what the
          detectors found (stuck values, spikes, values bunched under a limit, PM2.5 above PM10, dilution…). Calibration and maintenance are left out. Worst first.
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
        <SegmentedControl aria-label="Period" data={PERIODS} value={String(days)} onChange={(v) => set('days', v)} />
      </Group>
      {view.isError ? (
        <LoadFailed what="The data quality" onRetry={() => void view.refetch()} />
      ) : !view.data ? (
        <Loading />
      ) : view.data.stations.length === 0 ? (
        <Text c="dimmed">No station {industry ? `of ${industry.name} ` : ''}has data in this period.</Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed">
            {view.data.stations.length} station{view.data.stations.length === 1 ? '' : 's'}, {formatDayKey(view.data.days[0]!)} to {formatDayKey(view.data.days.at(-1)!)} (IST).
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stations by data quality">
            {view.data.stations.map((s) => (
              <StationRow key={s.stationId} station={s} from={view.data.days[0]!} to={view.data.days.at(-1)!} showIndustry={industries !== null} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function StationRow({ station: s, from, to, showIndustry }: { station: QualityStationRow; from: string; to: string; showIndustry: boolean }) {
  return (
    <Paper withBorder p="sm" component="li" data-testid="quality-station">
      <Group justify="space-between" align="center" gap="sm">
        <Box miw={0} style={{ flex: '1 1 200px' }}>
          <Anchor component={Link} to={paths.app.stationQuality.getHref(s.stationId, { from, to })} fw={600}>
            {s.stationName}
          </Anchor>
          {showIndustry && (
            <Text fz="sm" c="dimmed">
              {s.tenantName}
            </Text>
          )}
        </Box>
        <ScoreBadge score={s.score} label={`${s.stationName}: data-quality score`} />
        <Box style={{ flex: '1 1 260px' }}>
          <FiredList fired={s.fired} />
          {s.worstDay && s.worstScore !== null && s.worstScore < 100 && (
            <Text fz="xs" c="dimmed" mt={4}>
              Worst day:{' '}
              <Anchor component={Link} fz="xs" to={paths.app.stationQuality.getHref(s.stationId, { from: s.worstDay, to: s.worstDay })}>
                {formatDayKey(s.worstDay)}, {s.worstScore.toFixed(1)} %
              </Anchor>
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}
