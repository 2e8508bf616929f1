import { Select, SimpleGrid } from '@mantine/core';
import { DayRangePicker } from '@/components/date-picker/day-range-picker';
import { dayKey } from '@/lib/dates';

export interface Option {
  id: number;
  name: string;
}

/** The filters the push logs share, as they stand in the URL. */
export interface LogFilterValues {
  connectionId?: number | undefined;
  stationId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const day = (v: string | null) => (v && DAY.test(v) ? v : undefined);

/** The shared filters read from the page's query (anything malformed is no filter). */
export function readLogFilters(search: URLSearchParams): LogFilterValues {
  return { connectionId: id(search.get('connection')), stationId: id(search.get('station')), from: day(search.get('from')), to: day(search.get('to')) };
}

interface LogFiltersProps {
  search: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  connections: readonly Option[];
  stations: readonly Option[];
}

/** Connection, station and IST day range of the push logs (empty range: the last 7 days). */
export function LogFilters({ search, update, connections, stations }: LogFiltersProps) {
  // Changing a filter goes back to the first pages of the lists.
  const set = (key: string, value: string | null) => update({ [key]: value, page: null, dpage: null });
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <Select
        label="Connection"
        placeholder="All"
        clearable
        data={connections.map((c) => ({ value: String(c.id), label: c.name }))}
        value={search.get('connection')}
        onChange={(v) => set('connection', v)}
      />
      <Select
        label="Station"
        placeholder="All"
        clearable
        searchable
        data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
        value={search.get('station')}
        onChange={(v) => set('station', v)}
      />
      <DayRangePicker
        label="Days (IST)"
        placeholder="Last 7 days"
        clearable
        value={{ from: day(search.get('from')) ?? null, to: day(search.get('to')) ?? null }}
        onChange={(r) => update({ from: r.from, to: r.to, page: null, dpage: null })}
        maxDate={dayKey(Date.now())}
      />
    </SimpleGrid>
  );
}
