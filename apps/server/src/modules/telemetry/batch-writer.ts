import type { PartitionKeeper } from '../../platform/database/partitions.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import type { DeviceProfile } from './device-profile.repository.ts';
import { ReadingsRepository, type StagedDevice } from './readings.repository.ts';
import type { ReadingRow } from './telemetry-parser.ts';
import type { TelemetryMetrics } from './telemetry.metrics.ts';

export interface BatchWriterOptions {
  /** How long the first row of an idle writer waits for company before the batch commits. */
  lingerMs: number;
  /** Rows per transaction; a batch that reaches it commits at once. */
  maxRows: number;
  /** Rows waiting in memory beyond which new writes are refused (the caller answers 503, devices retry). */
  maxQueuedRows: number;
  /** Transactions in flight at once. */
  commits: number;
}

/**
 * Two commits at once: with one, a batch's rows waited for the commit before theirs to end, and
 * callers that wait for their answer before sending again (a gateway flushing its backlog, an MQTT
 * client's window) sent nothing meanwhile, so PostgreSQL's second core and the server's parsing
 * took turns instead of overlapping. Concurrent commits are safe as several servers' are: marks,
 * receipts and latest values are written in one order, and a reading written twice merges.
 */
const DEFAULTS: BatchWriterOptions = { lingerMs: 2, maxRows: 10_000, maxQueuedRows: 200_000, commits: 2 };

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/** Thrown to writers when their rows were not committed; nothing of theirs is stored. */
export class WriteRefusedError extends Error {}

class Batch {
  readonly devices = new Map<string, StagedDevice>();
  rows = 0;
  minTs = Infinity;
  maxTs = -Infinity;
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (error: Error) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Every batch has writers awaiting `done`; this only keeps Node from calling a rejection unhandled
    // in the instant between rejecting and their await resuming.
    this.done.catch(() => undefined);
  }

  /** Adds a device's rows, merging an instant already in the batch slot by slot (first value wins, as in storage). */
  add(device: DeviceProfile, rows: Map<number, ReadingRow>): void {
    let staged = this.devices.get(device.deviceId);
    if (!staged) {
      staged = { device, rows: new Map() };
      this.devices.set(device.deviceId, staged);
    } else if (device.width > staged.device.width) {
      staged.device = device;
    }
    for (const [ts, row] of rows) {
      const held = staged.rows.get(ts);
      if (held === undefined) {
        staged.rows.set(ts, row);
        this.rows++;
        if (ts < this.minTs) this.minTs = ts;
        if (ts > this.maxTs) this.maxTs = ts;
        continue;
      }
      for (let i = 0; i < row.length; i++) if (held[i] === undefined) held[i] = row[i];
    }
  }
}

/**
 * The writer of a process: collects accepted rows from every concurrent HTTP request and MQTT publish
 * into a batch, commits the batch in one transaction, then resolves all of its writers at once (group
 * commit). At most `commits` transactions are in flight; rows arriving meanwhile form the next batch,
 * so batches grow with load and an idle writer commits within `lingerMs`.
 */
export class BatchWriter {
  private readonly options: BatchWriterOptions;
  private open: Batch | undefined;
  private readonly sealed: Batch[] = [];
  private queuedRows = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The commit loops running, at most `commits`. */
  private readonly lanes = new Set<Promise<void>>();
  private closed = false;
  private readonly readings: ReadingsRepository;

  constructor(
    database: PooledHandle,
    private readonly partitions: PartitionKeeper,
    options: Partial<BatchWriterOptions> = {},
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly metrics?: TelemetryMetrics,
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.readings = new ReadingsRepository(database);
  }

  /** Rows accepted and not yet committed. */
  get backlog(): number {
    return this.queuedRows;
  }

  /** Whether writers are waiting for a commit. */
  get busy(): boolean {
    return this.queuedRows > 0;
  }

  /** Resolves once `rows` are committed; rejects with WriteRefusedError when they were not. */
  write(device: DeviceProfile, rows: Map<number, ReadingRow>): Promise<void> {
    if (rows.size === 0) return Promise.resolve();
    if (this.closed) return Promise.reject(new WriteRefusedError('ingestion is shutting down'));
    if (this.queuedRows + rows.size > this.options.maxQueuedRows && this.queuedRows > 0) {
      return Promise.reject(new WriteRefusedError('ingestion is overloaded'));
    }
    let batch = this.open;
    if (batch && batch.rows + rows.size > this.options.maxRows) {
      this.seal();
      batch = undefined;
    }
    if (!batch) batch = this.open = new Batch();
    const before = batch.rows;
    batch.add(device, rows);
    this.queuedRows += batch.rows - before;
    if (batch.rows >= this.options.maxRows) this.seal();
    else if (this.lanes.size < this.options.commits && !this.timer) this.timer = setTimeout(() => this.seal(), this.options.lingerMs);
    return batch.done;
  }

  /** Stops taking rows and resolves when everything already written is committed (or refused). */
  async close(): Promise<void> {
    this.closed = true;
    this.seal();
    while (this.lanes.size > 0) await Promise.all(this.lanes);
  }

  private seal(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.open && this.open.rows > 0) this.sealed.push(this.open);
    this.open = undefined;
    while (this.lanes.size < this.options.commits && this.sealed.length > 0) {
      // Only with work to do: the lane's first commit awaits before the lane can end.
      const lane: Promise<void> = this.drain().finally(() => this.lanes.delete(lane));
      this.lanes.add(lane);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      let batch = this.sealed.shift();
      if (!batch && this.open && this.open.rows > 0) {
        // Rows that arrived during the last commit have waited long enough.
        if (this.timer) clearTimeout(this.timer);
        this.timer = undefined;
        batch = this.open;
        this.open = undefined;
      }
      if (!batch) break;
      await this.commit(batch);
    }
  }

  private async commit(batch: Batch): Promise<void> {
    const started = performance.now();
    try {
      await this.partitions.ensure(batch.minTs, batch.maxTs);
      const devices = [...batch.devices.values()];
      for (let attempt = 1; ; attempt++) {
        try {
          await this.readings.commit(devices);
          break;
        } catch (error) {
          // Two commits locking the same rows in another order (a device's row, an alert's key) are
          // told apart by PostgreSQL aborting one: nothing of it was stored, so it is committed again.
          if ((error as { code?: string }).code !== DEADLOCK || attempt === 3) throw error;
        }
      }
      this.metrics?.commitSeconds.observe((performance.now() - started) / 1000);
      this.metrics?.commitRows.observe(batch.rows);
      batch.resolve();
    } catch (error) {
      this.onError(error as Error);
      batch.reject(new WriteRefusedError(`readings not stored: ${(error as Error).message}`, { cause: error }));
    } finally {
      this.queuedRows -= batch.rows;
    }
  }
}
