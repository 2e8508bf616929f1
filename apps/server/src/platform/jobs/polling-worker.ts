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
}

/**
 * Runs `pass` until stopped: straight on while it answers true (more work is waiting), after
 * `idleMs` when it answers false or throws. The background jobs keep their state in PostgreSQL, so a
 * failed pass leaves its work where the next pass, on this server or another, takes it up.
 */
export function startPollingWorker(pass: () => Promise<boolean>, options: PollingOptions): PollingWorker {
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.idleMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let more = false;
      try {
        more = await pass();
      } catch (error) {
        options.onError(error);
      }
      if (!more && !stopped) await sleep();
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
