import type { SeriesChartData } from '@/components/charts/types';

interface Count {
  date: string;
  success: number;
  failed: number;
}

/** Successful and failed pushes per IST day over the listed stations, oldest day first, for a stacked bar chart. */
export function dailyTotals(counts: readonly Count[]): SeriesChartData {
  const days = new Map<string, { success: number; failed: number }>();
  for (const c of counts) {
    const day = days.get(c.date) ?? { success: 0, failed: 0 };
    day.success += c.success;
    day.failed += c.failed;
    days.set(c.date, day);
  }
  const sorted = [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    series: [
      { name: 'Success', points: sorted.map(([d, t]) => [d, t.success] as const) },
      { name: 'Failed', points: sorted.map(([d, t]) => [d, t.failed] as const) },
    ],
  };
}
