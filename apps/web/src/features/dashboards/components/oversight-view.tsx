import { Anchor, Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OversightRow } from '@enviro/contracts/oversight';
import { formatIndian } from '@enviro/domain/format-number';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { StatusCountsPills } from '@/components/status/status-counts-pills';
import { liveStatusCounts } from '@/lib/labels';
import { useOversight } from '../api/get-oversight';

/** Availability colour: at least 85 % green, at least 60 % orange, less red. */
function availabilityColour(percent: number): string {
  if (percent >= 85) return 'green';
  if (percent >= 60) return 'orange';
  return 'red';
}

const count = (n: number, colour: string) =>
  n === 0 ? (
    <Text c="dimmed" span>
      0
    </Text>
  ) : (
    <Badge color={colour} variant="light">
      {formatIndian(n, 0)}
    </Badge>
  );

const COLUMNS: PagedColumn<OversightRow>[] = [
  {
    header: 'Industry',
    wrap: true,
    cell: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={paths.app.industry.getHref(r.tenantId)} fw={600}>
          {r.name}
        </Anchor>
        {(r.city || r.state) && (
          <Text size="xs" c="dimmed">
            {[r.city, r.state].filter(Boolean).join(', ')}
          </Text>
        )}
      </Stack>
    ),
  },
  { header: 'Exceeding now', align: 'right', cell: (r) => count(r.exceedingNow, 'red') },
  {
    header: 'Stations',
    cell: (r) =>
      r.stations === 0 ? (
        <Text c="dimmed" span size="sm">
          No stations
        </Text>
      ) : (
        <StatusCountsPills counts={liveStatusCounts(r.live)} />
      ),
  },
  { header: 'Exceedance episodes this month', align: 'right', cell: (r) => count(r.exceedancesThisMonth, 'orange') },
  {
    header: 'Availability 24 h',
    align: 'right',
    cell: (r) =>
      r.availability === null ? (
        <Text c="dimmed" span>
          –
        </Text>
      ) : (
        <Text c={`${availabilityColour(r.availability)}.8`} span fw={600}>
          {formatIndian(r.availability, 1)} %
        </Text>
      ),
  },
];

const SYNC_COLUMN: PagedColumn<OversightRow> = {
  header: 'Regulator sync',
  cell: (r) =>
    r.regulatorSync === null ? (
      <Text c="dimmed" span size="sm">
        Not connected
      </Text>
    ) : (
      <StatusCountsPills
        counts={[
          { label: 'In sync', count: r.regulatorSync.inSync, colour: 'green', always: true },
          { label: 'Out of sync', count: r.regulatorSync.outOfSync, colour: 'orange', always: true },
          { label: 'Delayed', count: r.regulatorSync.delayed, colour: 'red', always: true },
        ]}
      />
    ),
};

/**
 * The overview a board, the CGWA, a quasi-regulator, a corporate or an investor gets across the
 * industries it reads (GET /api/oversight): totals, then the industries worst first (in exceedance
 * now, not reporting, exceedances this month, availability), each opening its industry page.
 * Search and page live in the URL.
 */
export function OversightView() {
  const list = useListParams({ sort: 'worst', size: 25 });
  const search = list.filter('search') ?? '';
  const overview = useOversight({ search: search || undefined, page: list.page, size: list.size });
  const totals = overview.data?.totals;
  // The regulator column appears once the regulator module reports for some industry.
  const columns = overview.data?.items.some((r) => r.regulatorSync !== null) ? [...COLUMNS, SYNC_COLUMN] : COLUMNS;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} aria-label="Totals">
        <Tile label="Industries" value={totals?.industries} />
        <Tile label="Stations live" value={totals?.live.LIVE} colour="green" of={totals?.stations} />
        <Tile label="Stations not reporting" value={totals ? totals.live.OFFLINE + totals.live.UNKNOWN : undefined} colour="red" of={totals?.stations} />
        <Tile label="Industries in exceedance now" value={totals?.industriesExceedingNow} colour="red" />
        <Tile label="Exceedance episodes this month, all industries" value={totals?.exceedancesThisMonth} colour="orange" />
        <Tile label="Availability 24 h" value={totals?.availability ?? undefined} unit="%" decimals={1} />
      </SimpleGrid>
      <SearchInput label="Search industries" placeholder="Name, city or state" value={search} onSearch={(value) => list.update({ search: value })} />
      <PagedTable
        list={list}
        caption="Industries, worst first"
        columns={columns}
        query={overview}
        what="industries"
        rowKey={(r) => r.tenantId}
        emptyText={search ? 'No industry matches the search.' : 'No industry to show.'}
      />
    </Stack>
  );
}

function Tile({ label, value, colour, of, unit, decimals = 0 }: { label: string; value: number | undefined; colour?: string; of?: number | undefined; unit?: string; decimals?: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} c={colour ? `${colour}.8` : undefined}>
        {value === undefined ? '–' : `${formatIndian(value, decimals)}${unit ? ` ${unit}` : ''}`}
        {of !== undefined && (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            of {formatIndian(of, 0)}
          </Text>
        )}
      </Text>
    </Paper>
  );
}
