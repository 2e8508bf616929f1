/** What the bench asks of the traffic thread. */
export interface TrafficPlan {
  baseUrl: string;
  key: string;
  /** The paths in the order they are offered, one every 1000 / rate ms. */
  paths: string[];
  /** The route of each path, by index into the routes' names. */
  routes: number[];
  rate: number;
}

/** What it measured: each answered request's latency by route, and the failures by reason. */
export interface TrafficResult {
  byRoute: number[][];
  failedBy: [string, number][];
  /** The latencies of the requests offered in each second of the run, by second. */
  bySecond: number[][];
  /** Seconds from the first request offered to the last offered, and to the last answered. */
  offeredFor: number;
  tookSeconds: number;
}

/**
 * Offers the open API traffic at its rate from a process of its own (open-data-bench.ts forks it):
 * a request's latency is then timed by an event loop that does nothing else, so the bench's other
 * work (the devices' ingestion, the /healthz probe, the fixture's pool) cannot stall its clock.
 */
async function offer(plan: TrafficPlan): Promise<TrafficResult> {
  const byRoute: number[][] = [];
  const failedBy = new Map<string, number>();
  const bySecond: number[][] = [];
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < plan.paths.length; i++) {
    const due = started + (i * 1000) / plan.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const route = plan.routes[i]!;
    const path = plan.paths[i]!;
    pending.push(
      (async () => {
        const t = performance.now();
        try {
          const res = await fetch(`${plan.baseUrl}${path}`, { headers: { 'x-api-key': plan.key } });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${res.status} ${body.slice(0, 80)}`);
          (byRoute[route] ??= []).push(performance.now() - t);
          (bySecond[Math.floor(i / plan.rate)] ??= []).push(performance.now() - t);
        } catch (error) {
          const reason = (error as Error).message.slice(0, 80);
          failedBy.set(reason, (failedBy.get(reason) ?? 0) + 1);
        }
      })(),
    );
  }
  const offeredFor = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return { byRoute, failedBy: [...failedBy], bySecond, offeredFor, tookSeconds: (performance.now() - started) / 1000 };
}

process.once('message', (plan: TrafficPlan) => {
  void offer(plan).then((result) => process.send!(result, () => process.exit(0)));
});
