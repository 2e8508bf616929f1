import type { ChartState } from './chart-widget';

/** A chart's state from its query: SPEC 8, a failed main fetch stops the spinner and shows no data. */
export function chartState(query: { isPending: boolean; isError: boolean; fetchStatus: string }): ChartState {
  if (query.isError) return 'error';
  // A disabled query (nothing to ask for) is pending but idle: nothing will come.
  if (query.isPending) return query.fetchStatus === 'idle' ? 'error' : 'loading';
  return 'ready';
}
