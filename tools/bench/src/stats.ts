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

/**
 * As timeRuns for two functions taking turns, run after run: a figure and its reference measured
 * under the same load, where one after the other would each meet what else the machine ran then.
 */
export async function timeRunsInTurn(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number, warmup = 5): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t0 = performance.now();
      await fn();
      samples[k]!.push(performance.now() - t0);
    }
  }
  return samples.map((s) => {
    s.sort((x, y) => x - y);
    return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), runs };
  }) as [Timing, Timing];
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
