import { stationTypeLabel, statusWord, tenantTypeLabel } from '@/lib/labels';
import { formatDayKey } from '@/lib/dates';
import { Anchor, Container, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import type { CountStats } from '@enviro/contracts/compliance';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useMe } from '@/features/accounts';
import { CamerasUptime } from '@/features/cameras';
import {
  BoardComplianceView,
  ComplianceTimeline,
  type CountStatsPath,
  formatPercent,
  IndustryScorecard,
  periodChoices,
  periodFrom,
  periodLabel,
  Share,
  type SortKey,
  SORTS,
  useComplianceData,
  useComplianceStats,
  useCountStats,
  useStats,
  useTimeline,
} from '@/features/compliance';
import { NotFound } from '@/features/shell';
import { ApiError } from '@/lib/api-client';
import { useSearchChoices } from '@/lib/use-search-choices';

function PeriodSelect({ value, onChange }: { value: string; onChange: (period: string) => void }) {
  return (
    <Select
      label="Month or quarter (IST)"
      maw={260}
      allowDeselect={false}
      data={periodChoices()}
      value={value}
      onChange={(v) => v && onChange(v)}
    />
  );
}

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
    </div>
  );
}

/**
 * /app/compliance: the tenant app goes to its own scorecard; a board, corporate or the site sees
 * every industry it reads for the chosen month or quarter, sortable by the worst figure.
 */
export function ComplianceRoute() {
  const user = useMe().data;
  const [search, update] = useSearchChoices();
  const period = periodFrom(search.get('period'));
  const sort = (search.get('sort') ?? 'availability') in SORTS ? ((search.get('sort') ?? 'availability') as SortKey) : 'availability';
  const data = useComplianceData({ period });
  if (!user) return <Loading />;
  if (user.view === 'tenant') return <Navigate to={paths.app.complianceIndustry.getHref(user.actingTenantId, { period: search.get('period') ?? undefined })} replace />;
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Heading title="Compliance" text={`Whether the industries' stations reported and stayed within limits in ${periodLabel(period)}, worst first.`} />
        <PeriodSelect value={period} onChange={(p) => update({ period: p })} />
        {data.isError ? (
          <LoadFailed what="The compliance figures" onRetry={() => void data.refetch()} />
        ) : !data.data ? (
          <Loading />
        ) : (
          <BoardComplianceView data={data.data} period={period} sort={sort} onSort={(s) => update({ sort: s })} />
        )}
      </Stack>
    </Container>
  );
}

/** /app/compliance/:tenantId: one industry's scorecard per station and parameter, and its timeline. */
export function ComplianceIndustryRoute() {
  const tenantId = Number(useParams().tenantId);
  const [search, update] = useSearchChoices();
  const period = periodFrom(search.get('period'));
  const station = search.get('station') ? Number(search.get('station')) : undefined;
  const valid = Number.isInteger(tenantId) && tenantId > 0;
  const data = useComplianceData({ period, tenantId: valid ? tenantId : 0 });
  const timeline = useTimeline({ tenantId: valid ? tenantId : 0, stationId: station, period });
  if (!valid || (data.error instanceof ApiError && data.error.status === 404)) return (
      <NotFound title="No such industry" homeHref={paths.app.compliance.getHref()}>
        It does not exist or you may not read it.
      </NotFound>
    );
  if (data.isError) return <LoadFailed what="The compliance figures" onRetry={() => void data.refetch()} />;
  if (!data.data) return <Loading />;
  const name = data.data.stations[0]?.tenantName ?? 'Industry';
  const stationNames = new Map(data.data.stations.map((s) => [s.stationId, s.stationName]));
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Heading title={`Compliance of ${name}`} text={`${periodLabel(period)} (IST): data availability, share within limits and exceedances per station and parameter.`} />
        <Group align="end" wrap="wrap">
          <PeriodSelect value={period} onChange={(p) => update({ period: p })} />
          <Select
            label="Timeline of"
            maw={260}
            data={[{ value: '', label: 'Every station' }, ...data.data.stations.map((s) => ({ value: String(s.stationId), label: s.stationName }))]}
            value={station === undefined ? '' : String(station)}
            allowDeselect={false}
            onChange={(v) => update({ station: v || null })}
          />
        </Group>
        <IndustryScorecard data={data.data} tenantId={tenantId} period={period} cameras={<CamerasUptime tenantId={tenantId} />} />
        <Title order={2} fz="lg">
          Timeline{station !== undefined && stationNames.has(station) ? ` of ${stationNames.get(station)}` : ''}
        </Title>
        {timeline.isError ? (
          <LoadFailed what="The timeline" onRetry={() => void timeline.refetch()} />
        ) : !timeline.data ? (
          <Loading h={120} />
        ) : (
          <ComplianceTimeline timeline={timeline.data} stationNames={stationNames} />
        )}
      </Stack>
    </Container>
  );
}

/** How each breakdown's keys read: tenant types and station types in words, statuses as words. */
const TYPE_WORDS: Record<CountStatsPath, (key: string) => string> = {
  tenantStats: tenantTypeLabel,
  entityStats: stationTypeLabel,
  deviceStats: (key) => (key === 'unmounted' ? 'Not on a station' : stationTypeLabel(key)),
};

function CountCard({ title, path }: { title: string; path: CountStatsPath }) {
  const q = useCountStats(path);
  return (
    <Paper withBorder p="sm">
      <Text fw={600}>
        {title} {q.data ? `(${formatIndian(q.data.total, 0)})` : ''}
      </Text>
      {q.isError ? <Text c="red.9">Could not load.</Text> : !q.data ? <Loading h={60} /> : <Breakdown stats={q.data} typeWord={TYPE_WORDS[path]} />}
    </Paper>
  );
}

function Breakdown({ stats, typeWord }: { stats: CountStats; typeWord: (key: string) => string }) {
  const list = (counts: Record<string, number>, word: (key: string) => string) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => (
        <Group key={k} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm">{word(k)}</Text>
          <Text size="sm" fw={600}>
            {formatIndian(n, 0)}
          </Text>
        </Group>
      ));
  return (
    <SimpleGrid cols={2} spacing="md">
      <div>
        <Text size="xs" c="dimmed">
          By status
        </Text>
        {list(stats.byStatus, statusWord)}
      </div>
      <div>
        <Text size="xs" c="dimmed">
          By type
        </Text>
        {list(stats.byType, typeWord)}
      </div>
    </SimpleGrid>
  );
}

/** /app/statistics: the site's counts, tenants, stations and devices by status, and this month's compliance. */
export function StatisticsRoute() {
  const stats = useStats();
  const compliance = useComplianceStats();
  const tiles = stats.data
    ? [
        { label: 'Tenants looked after', value: stats.data.tenants },
        { label: 'Industries', value: stats.data.industries },
        { label: 'Stations', value: stats.data.stations },
        { label: 'Devices', value: stats.data.devices },
        { label: 'Users', value: stats.data.users },
      ]
    : [];
  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Heading title="Statistics" text="Counts over the tenants you look after (not your own organisation), and this month's compliance (IST)." />
        {stats.isError ? (
          <LoadFailed what="The statistics" onRetry={() => void stats.refetch()} />
        ) : !stats.data ? (
          <Loading h={80} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            {tiles.map((t) => (
              <Paper withBorder p="sm" key={t.label}>
                <Text size="xs" c="dimmed">
                  {t.label}
                </Text>
                <Text fz={24} fw={700}>
                  {formatIndian(t.value, 0)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <Paper withBorder p="sm">
          <Group justify="space-between">
            <Text fw={600}>Compliance of every station you read {compliance.data ? `(${formatDayKey(compliance.data.period.fromDate)} to ${formatDayKey(compliance.data.period.toDate)}, IST)` : ''}</Text>
            <Anchor component={Link} to={paths.app.compliance.getHref()}>
              Industries, worst first
            </Anchor>
          </Group>
          {compliance.isError ? (
            <Text c="red.9">Could not load.</Text>
          ) : !compliance.data ? (
            <Loading h={60} />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" mt="xs">
              <Text size="sm">
                Data availability <Share value={compliance.data.availability} />
              </Text>
              <Text size="sm">Within limits {formatPercent(compliance.data.withinLimits)}</Text>
              <Text size="sm">Exceedances (15-minute averages beyond a limit) {formatIndian(compliance.data.exceedances, 0)}</Text>
              <Text size="sm">Exceedance episodes {formatIndian(compliance.data.exceedanceEpisodes, 0)}</Text>
              <Text size="sm">Stations with exceedances {formatIndian(compliance.data.stationsWithExceedances, 0)}</Text>
              <Text size="sm">Stations below 85 % {formatIndian(compliance.data.stationsBelow85, 0)}</Text>
            </SimpleGrid>
          )}
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
          <CountCard title="Tenants" path="tenantStats" />
          <CountCard title="Stations" path="entityStats" />
          <CountCard title="Devices" path="deviceStats" />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
