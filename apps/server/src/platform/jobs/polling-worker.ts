/** A background loop of the server, stopped at shutdown. */
export interface PollingWorker {
  /** Wakes the loop if it sleeps, lets the pass in progress finish, and ends it. */
  stop(): Promise<void>;
}

export interface PollingOptions {
  /** Pause after a pass that left no work waiting, or that failed. */
  idleMs: number;
  /** Told of a pass that threw; the loop pauses and goes on. */
  onError: (error: unknown) => void;
  /**
   * True while the process has devices waiting for their answer (WorkerContext.foregroundBusy): a
   * pass that left more work then pauses as long as it took before the next, so a worker that is
   * behind takes at most half its time from ingestion on a machine's few cores; it catches up after.
   */
  yieldTo?: (() => boolean) | undefined;
}

/** The longest pause yielding to ingestion after one pass. */
const MAX_YIELD_MS = 5_000;

/**
 * Runs `pass` until stopped: straight on while it answers true (more work is waiting; after a pause
 * as long as the pass while `yieldTo` answers true), after `idleMs` when it answers false or throws. The background jobs keep their state in PostgreSQL, so a
 * failed pass leaves its work where the next pass, on this server or another, takes it up.
 */
export function startPollingWorker(pass: () => Promise<boolean>, options: PollingOptions): PollingWorker {
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let more = false;
      const started = performance.now();
      try {
        more = await pass();
      } catch (error) {
        options.onError(error);
      }
      if (stopped) break;
      if (!more) await sleep(options.idleMs);
      else if (options.yieldTo?.()) await sleep(Math.min(performance.now() - started, MAX_YIELD_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
