type EchartsModule = typeof import('./echarts-setup');

let loading: Promise<EchartsModule['echarts'] | null> | undefined;

/**
 * ECharts is a separate chunk fetched by the first chart. If it cannot be loaded (offline after a
 * deploy, blocked script) charts fall back to their empty state and the failure is logged (SPEC 8).
 */
export function loadEcharts(): Promise<EchartsModule['echarts'] | null> {
  loading ??= import('./echarts-setup').then(
    (m) => m.echarts,
    () => {
      console.error('ECharts is not Loaded');
      loading = undefined;
      return null;
    },
  );
  return loading;
}
