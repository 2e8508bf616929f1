import { Center, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { ChartSpinner } from './chart-spinner';
import { EChart } from './echart';
import { CHART_KINDS, type ChartDataOf, type ChartKind, type ChartKindName } from './kinds/registry';
import type { ChartDisplayOptions } from './types';

/** SPEC 2, 8: what a chart shows when there is nothing to draw. */
export const NO_DATA_MESSAGE = 'No data found for selected criteria.';

/** Where the data behind a chart stands; widgets never fetch, their parent says. */
export type ChartState = 'loading' | 'error' | 'ready';

export interface ChartWidgetProps<K extends ChartKindName> {
  kind: K;
  state: ChartState;
  data: ChartDataOf<K> | undefined;
  options?: ChartDisplayOptions;
  /** Plot height in pixels. */
  height?: number;
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
}

/** SPEC 2: the spinner while loading, then the chart, or the no-data message. */
export function ChartWidget<K extends ChartKindName>({
  kind,
  state,
  data,
  options,
  height = 320,
  ariaLabel,
}: ChartWidgetProps<K>) {
  const [unavailable, setUnavailable] = useState(false);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  const chartKind = CHART_KINDS[kind] as ChartKind<ChartDataOf<K>>;
  const empty = state !== 'ready' || !data || unavailable || chartKind.isEmpty(data);
  const option = useMemo(
    () => (data && !empty ? chartKind.build(data, options ?? {}) : undefined),
    [chartKind, data, empty, options],
  );

  if (state === 'loading') {
    return (
      <Center h={height}>
        <ChartSpinner />
      </Center>
    );
  }
  if (!option) {
    return (
      <Center h={height}>
        <Text c="dimmed">{NO_DATA_MESSAGE}</Text>
      </Center>
    );
  }
  return <EChart option={option} height={height} ariaLabel={ariaLabel} onUnavailable={onUnavailable} />;
}
