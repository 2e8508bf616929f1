import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ComplianceData } from '@enviro/contracts/compliance';
import { formatIndian } from '@enviro/domain/format-number';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { formatMinutes, formatPercent, Share } from './figures';

/** One industry's totals over its stations. */
export interface IndustryCompliance {
  tenantId: number;
  name: string;
  stations: number;
  availability: number | null;
  withinLimits: number | null;
  exceedances: number;
  exceedanceMinutes: number;
}

export const SORTS = {
  availability: 'Lowest data availability',
  withinLimits: 'Lowest share within limits',
  exceedances: 'Most exceedances',
  name: 'Name',
} as const;
export type SortKey = keyof typeof SORTS;

const share = (a: number, b: number) => (b <= 0 ? null : Math.round((1000 * a) / b) / 10);

/** Per industry, its stations' figures summed: availability over expected slots, within limits over slots with data. */
export function byIndustry(data: ComplianceData): IndustryCompliance[] {
  const out = new Map<number, { name: string; stations: number; expected: number; withData: number; judged: number; within: number; exceedances: number; minutes: number }>();
  for (const s of data.stations) {
    const o = out.get(s.tenantId) ?? { name: s.tenantName, stations: 0, expected: 0, withData: 0, judged: 0, within: 0, exceedances: 0, minutes: 0 };
    o.stations += 1;
    o.expected += s.uptime.slots - s.uptime.suppressedSlots;
    o.withData += s.uptime.slotsWithData;
    for (const p of s.parameters) {
      o.judged += p.slotsWithData;
      o.within += p.slotsWithinLimits;
      o.exceedances += p.exceedances;
      o.minutes += p.exceedanceMinutes;
    }
    out.set(s.tenantId, o);
  }
  return [...out.entries()].map(([tenantId, o]) => ({
    tenantId,
    name: o.name,
    stations: o.stations,
    availability: share(o.withData, o.expected),
    withinLimits: share(o.within, o.judged),
    exceedances: o.exceedances,
    exceedanceMinutes: o.minutes,
  }));
}

/** Worst first by the chosen figure, then by name. */
export function sortIndustries(rows: readonly IndustryCompliance[], sort: SortKey): IndustryCompliance[] {
  const low = (v: number | null) => v ?? 101;
  const by: Record<SortKey, (a: IndustryCompliance, b: IndustryCompliance) => number> = {
    availability: (a, b) => low(a.availability) - low(b.availability),
    withinLimits: (a, b) => low(a.withinLimits) - low(b.withinLimits),
    exceedances: (a, b) => b.exceedances - a.exceedances,
    name: () => 0,
  };
  return [...rows].sort((a, b) => by[sort](a, b) || a.name.localeCompare(b.name));
}

/** A board's (or the site's) industries with their compliance for the period, sortable by the worst figure. */
export function BoardComplianceView({ data, period, sort, onSort }: { data: ComplianceData; period: string; sort: SortKey; onSort: (sort: SortKey) => void }) {
  const rows = useMemo(() => sortIndustries(byIndustry(data), sort), [data, sort]);
  const columns: DataTableColumn<IndustryCompliance>[] = [
    {
      header: 'Industry',
      wrap: true,
      value: (r) => r.name,
      render: (r) => (
        <Anchor component={Link} to={paths.app.complianceIndustry.getHref(r.tenantId, { period })} fw={600}>
          {r.name}
        </Anchor>
      ),
    },
    { header: 'Stations', align: 'right', value: (r) => r.stations, render: (r) => formatIndian(r.stations, 0) },
    { header: 'Data availability', align: 'right', value: (r) => formatPercent(r.availability), render: (r) => <Share value={r.availability} /> },
    { header: 'Within limits', align: 'right', value: (r) => formatPercent(r.withinLimits), render: (r) => <Share value={r.withinLimits} /> },
    { header: 'Exceedances (15-min slots)', align: 'right', value: (r) => r.exceedances, render: (r) => formatIndian(r.exceedances, 0) },
    { header: 'Time above limit', align: 'right', value: (r) => r.exceedanceMinutes, render: (r) => formatMinutes(r.exceedanceMinutes) },
  ];
  return (
    <Stack gap="sm">
      <Select
        label="Sort by"
        maw={320}
        allowDeselect={false}
        data={Object.entries(SORTS).map(([value, label]) => ({ value, label }))}
        value={sort}
        onChange={(v) => v && onSort(v as SortKey)}
      />
      <DataTable title="Industries' compliance" columns={columns} rows={rows} rowKey={(r) => r.tenantId} emptyText="No industry with a station in this period." minWidth={0} />
      <Text size="xs" c="dimmed">
        Shares of 15-minute slots (IST); calibration and maintenance slots are left out. An exceedance is a 15-minute average beyond a
        limit, its time 15 minutes; the overview counts exceedance episodes (alerts), which may hold several.
      </Text>
    </Stack>
  );
}
