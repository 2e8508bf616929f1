import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { IndustrySummary } from '@enviro/contracts/public-portal';
import { formatInstant } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { ChartSpinner } from '@/components/charts/chart-spinner';
import { ChartWidget } from '@/components/charts/chart-widget';
import { CsvExportButton } from '@/components/table/csv-export-button';
import type { CsvColumn } from '@/lib/csv';
import { LIVE_STATUSES, LIVE_STATUS_HEX } from '@/lib/labels';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useIndustryList } from '../api/get-industry-list';
import { IndustryCard } from './industry-card';
import { filterIndustries, totalLiveStatus } from './industry-filter';

const EXPORT_COLUMNS: CsvColumn<IndustrySummary>[] = [
  { header: 'Id', value: (i) => i.displayId },
  { header: 'Industry', value: (i) => i.name },
  { header: 'Category', value: (i) => i.industryCategory },
  { header: 'City', value: (i) => i.city },
  { header: 'Stations', value: (i) => i.stationCount },
  ...LIVE_STATUSES.map((s) => ({ header: s, value: (i: IndustrySummary) => i.liveStatus[s] })),
  { header: 'Last data', value: (i) => (i.lastDataAt ? formatInstant(i.lastDataAt) : '') },
];

/** SPEC 2: the state's public industries, searchable, each linking to its industry page. */
export function IndustriesView({ boardId, boardName }: { boardId: number; boardName: string }) {
  const list = useIndustryList(boardId);
  // The search lives in the URL, so a filtered list can be shared.
  const [params, update] = useSearchChoices();
  const search = params.get('q') ?? '';
  const industries = useMemo(() => filterIndustries(list.data ?? [], search), [list.data, search]);
  const totals = useMemo(() => totalLiveStatus(industries), [industries]);
  const stations = industries.reduce((n, i) => n + i.stationCount, 0);
  const pie = useMemo(
    () => ({ slices: LIVE_STATUSES.map((s) => ({ name: s, value: totals[s], colour: LIVE_STATUS_HEX[s] })) }),
    [totals],
  );
  const setSearch = (q: string) => update({ q });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Industries
        </Title>
        <Text c="dimmed">Monitored by {boardName}</Text>
      </div>
      <Group align="end" justify="space-between">
        <TextInput
          label="Search industries"
          placeholder="Name, city or category"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data ? `${industries.length} of ${list.data.length} industries` : ''}
          </Text>
          <CsvExportButton title="Industries" columns={EXPORT_COLUMNS} rows={industries} />
        </Group>
      </Group>
      {list.isPending ? (
        <ChartSpinner label="Loading industries" />
      ) : list.isError ? (
        <Text role="alert">The industries could not be loaded.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md">
              <Text fw={600} mb="sm">
                At a glance
              </Text>
              <SimpleGrid cols={2}>
                <Stat label="Industries" value={industries.length} />
                <Stat label="Stations" value={stations} />
                <Stat label="Live stations" value={totals.LIVE} />
                <Stat label="Offline stations" value={totals.OFFLINE} />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md">
              <Text fw={600}>Stations by live status</Text>
              <ChartWidget kind="pie" state="ready" data={pie} height={220} ariaLabel="Stations by live status" tableTitle="Stations by live status" />
            </Paper>
          </SimpleGrid>
          {industries.length === 0 ? (
            <Text>No industry matches “{search}”.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {industries.map((i) => (
                <IndustryCard key={i.id} industry={i} boardId={boardId} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {formatIndian(value, 0)}
      </Text>
    </div>
  );
}
