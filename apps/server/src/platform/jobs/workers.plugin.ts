import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RpcTransport } from '../mqtt/device-rpc.ts';

/** What the running server gives the background workers when it starts them. */
export interface WorkerContext {
  log: FastifyBaseLogger;
  /** Commands to devices over MQTT RPC, where the broker takes them. */
  rpc?: RpcTransport | undefined;
  /** True while devices wait on this server for their readings' commit (PollingOptions.yieldTo). */
  foregroundBusy?: (() => boolean) | undefined;
}

/** A started background loop; `stop` lets its pass in progress finish. */
export interface RunningWorker {
  stop(): Promise<void>;
}

type WorkerStart = (context: WorkerContext) => RunningWorker | undefined | Promise<RunningWorker | undefined>;

/**
 * The background work of the modules (rollups, alerts, regulator push, reports, …). Each module adds
 * its workers where it builds its services; the server starts them all once it is up (server.ts),
 * and tests that need one start it themselves. Their state is in PostgreSQL, so any number of
 * servers may run them.
 */
export class WorkerRegistry {
  readonly #workers: { name: string; start: WorkerStart }[] = [];
  #foregroundBusy: (() => boolean) | undefined;

  add(name: string, start: WorkerStart): void {
    if (this.#workers.some((w) => w.name === name)) throw new Error(`worker ${name} added twice`);
    this.#workers.push({ name, start });
  }

  /** What tells the workers that devices are waiting (the telemetry module's batch writer). */
  foreground(busy: () => boolean): void {
    this.#foregroundBusy = busy;
  }

  names(): string[] {
    return this.#workers.map((w) => w.name);
  }

  /** Starts every worker in the order added; the answer stops them in the reverse order. */
  async start(context: WorkerContext): Promise<() => Promise<void>> {
    const running: { name: string; worker: RunningWorker }[] = [];
    for (const { name, start } of this.#workers) {
      const worker = await start({ foregroundBusy: this.#foregroundBusy, ...context });
      if (worker) running.push({ name, worker });
    }
    return async () => {
      for (const { name, worker } of running.reverse()) {
        await worker.stop().catch((error: unknown) => context.log.error({ err: error, worker: name }, 'worker did not stop cleanly'));
      }
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The modules' background workers, started by server.ts. */
    workers: WorkerRegistry;
  }
}

export const workersPlugin = fp(
  async function workers(app: FastifyInstance) {
    app.decorate('workers', new WorkerRegistry());
  },
  { name: 'workers' },
);
