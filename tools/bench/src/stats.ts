/** Percentile of already-sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and reports p50/p95 in milliseconds. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), runs };
}

/** As timeRuns, for runs that prepare something untimed first: `fn` answers its own run's milliseconds. */
export async function timeOwnRuns(fn: () => Promise<number>, runs: number, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await fn());
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), runs };
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
