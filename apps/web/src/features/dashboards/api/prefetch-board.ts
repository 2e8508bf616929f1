import type { QueryClient } from '@tanstack/react-query';
import { getEntityMetricQueryOptions } from '@/features/data';
import { loadEcharts } from '@/components/charts/load-echarts';
import { FETCH_DELAY_MS, widgetRequests } from '../components/widget-request';
import { getDashboardQueryOptions } from './get-dashboard';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for what a dashboard paints as soon as its URL is opened, beside the page's code rather than
 * after it: the dashboard, the charting library, then every widget's data once SPEC 9's fetch delay
 * has passed since the navigation (the widgets find the answers in the cache). A failure is left to
 * the widgets, which ask again and show their own error. `industry`: the URL's, for an industry's
 * dashboard read from outside it.
 */
export async function prefetchBoard(queryClient: QueryClient, id: number, industry?: number): Promise<void> {
  const delay = sleep(FETCH_DELAY_MS);
  void loadEcharts();
  const board = await queryClient.ensureQueryData(getDashboardQueryOptions(id, industry)).catch(() => null);
  if (!board) return;
  await delay;
  const requests = board.widgets.flatMap((w) => widgetRequests(w, Date.now(), industry));
  await Promise.all(requests.map((r) => queryClient.prefetchQuery(getEntityMetricQueryOptions(r))));
}
