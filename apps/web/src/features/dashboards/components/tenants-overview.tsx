import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TenantLiveStatus } from '@enviro/contracts/tenants';
import { formatIndian } from '@enviro/domain/format-number';
import { sortByNameNatural } from '@enviro/domain/natural-sort';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { LIVE_STATUS_COLOURS, LIVE_STATUS_WORDS, LIVE_STATUSES, type LiveStatusName } from '@/lib/labels';

const count = (status: LiveStatusName): DataTableColumn<TenantLiveStatus> => ({
  header: LIVE_STATUS_WORDS[status],
  value: (r) => r[status],
  align: 'right',
  render: (r) => (r[status] === 0 ? <Text c="dimmed" span>0</Text> : <Badge color={LIVE_STATUS_COLOURS[status]} variant="light">{formatIndian(r[status], 0)}</Badge>),
});

const COLUMNS: DataTableColumn<TenantLiveStatus>[] = [
  {
    header: 'Tenant',
    // Long names wrap, so a phone shows the live, delayed and offline counts beside them.
    wrap: true,
    value: (r) => r.name,
    // Opened in the user's own app, without acting for it.
    render: (r) => (
      <Anchor component={Link} to={paths.app.industry.getHref(r.tenantId)} fw={600}>
        {r.name}
      </Anchor>
    ),
  },
  ...LIVE_STATUSES.map(count),
];

/** Tenants the user may read with their stations counted by live status (SPEC 4), totals first. */
export function TenantsOverview({ title, rows }: { title: string; rows: readonly TenantLiveStatus[] }) {
  const [search, setSearch] = useState('');
  const sorted = useMemo(() => sortByNameNatural(rows, (r) => r.name), [rows]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? sorted.filter((r) => r.name.toLowerCase().includes(needle)) : sorted;
  const totals = LIVE_STATUSES.map((s) => [s, rows.reduce((sum, r) => sum + r[s], 0)] as const);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Tile label="Tenants looked after" value={rows.length} />
        {totals.map(([status, total]) => (
          <Tile key={status} label={`Stations ${LIVE_STATUS_WORDS[status].toLowerCase()}`} value={total} colour={LIVE_STATUS_COLOURS[status]} />
        ))}
      </SimpleGrid>
      <TextInput label="Search tenants" value={search} onChange={(e) => setSearch(e.currentTarget.value)} maw={360} />
      <DataTable title={title} columns={COLUMNS} rows={shown} rowKey={(r) => r.tenantId} emptyText="No tenants to show." minWidth={0} />
    </Stack>
  );
}

function Tile({ label, value, colour }: { label: string; value: number; colour?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} c={colour ? `${colour}.8` : undefined}>
        {formatIndian(value, 0)}
      </Text>
    </Paper>
  );
}
