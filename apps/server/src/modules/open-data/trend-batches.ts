import type { TrendResult } from '@enviro/contracts/data/trend';
import type { PublishedBoard } from './publication.service.ts';

/** The days a series covers, as the open API cut them. */
export interface TrendWindow {
  from: string;
  to: string;
}

export type TrendInterval = 'minute_15' | 'hour_1';

/** Reads stations' series of a board in one trend request, one result per station measuring the parameter. */
export type ReadTrends = (board: PublishedBoard, stationIds: readonly number[], parameters: readonly string[], window: TrendWindow, interval: TrendInterval) => Promise<TrendResult[]>;

/**
 * Stations per request: a 7-day 15-minute series is 672 cells a series, far below the trends'
 * 1,000,000 even with several devices a station.
 */
const MAX_STATIONS = 50;

/** A batch's answers: each station's series, or its own error. */
interface Read {
  results: Map<number | null, TrendResult>;
  failed: Map<number, unknown>;
}

interface Batch {
  stations: Set<number>;
  started: boolean;
  read: Promise<Read>;
  start: () => void;
}

/**
 * Open API requests for one parameter of different stations over the same days (every caller asking
 * for yesterday, say) become one trend request: each request alone costs the trends' eight or nine
 * statements, and at a few hundred requests a second those statements, not their rows, filled the
 * server's and PostgreSQL's share of the machine. A batch starts on the next turn of the event loop,
 * or, while the previous batch of its kind is still being read, when that one ends; the answers are
 * the ones a request of its station alone gets (the trends compute each station's series apart).
 */
export class TrendBatches {
  private readonly waiting = new Map<string, Batch>();
  private readonly reading = new Map<string, Promise<unknown>>();
  private readonly boardKeys = new WeakMap<PublishedBoard, string>();
  private boardSeq = 0;

  constructor(private readonly read: ReadTrends) {}

  async one(board: PublishedBoard, stationId: number, parameter: string, window: TrendWindow, interval: TrendInterval): Promise<TrendResult | undefined> {
    const key = `${this.boardKey(board)}|${parameter}|${interval}|${window.from}|${window.to}`;
    let batch = this.waiting.get(key);
    if (!batch) {
      batch = this.open(key, board, parameter, window, interval);
      const before = this.reading.get(key);
      const start = batch.start;
      if (before) void before.then(() => setImmediate(start));
      else setImmediate(start);
    }
    batch.stations.add(stationId);
    if (batch.stations.size >= MAX_STATIONS) batch.start();
    const { results, failed } = await batch.read;
    if (failed.has(stationId)) throw failed.get(stationId);
    return results.get(stationId);
  }

  private open(key: string, board: PublishedBoard, parameter: string, window: TrendWindow, interval: TrendInterval): Batch {
    let begin!: () => void;
    const begun = new Promise<void>((resolve) => (begin = resolve));
    const batch: Batch = {
      stations: new Set(),
      started: false,
      read: begun.then(() => this.readBatch(board, [...batch.stations], parameter, window, interval)),
      start: () => {
        if (batch.started) return;
        batch.started = true;
        if (this.waiting.get(key) === batch) this.waiting.delete(key);
        const settled = batch.read.then(
          () => undefined,
          () => undefined,
        );
        this.reading.set(key, settled);
        void settled.then(() => {
          if (this.reading.get(key) === settled) this.reading.delete(key);
        });
        begin();
      },
    };
    this.waiting.set(key, batch);
    return batch;
  }

  private async readBatch(board: PublishedBoard, stationIds: number[], parameter: string, window: TrendWindow, interval: TrendInterval): Promise<Read> {
    const failed = new Map<number, unknown>();
    try {
      const results = await this.read(board, stationIds, [parameter], window, interval);
      return { results: new Map(results.map((r) => [r.entityId, r])), failed };
    } catch (error) {
      if (stationIds.length === 1) return { results: new Map(), failed: new Map([[stationIds[0]!, error]]) };
      // One station's failure is its own: each read alone, so the others still get their answers.
      const alone = await Promise.allSettled(stationIds.map((id) => this.read(board, [id], [parameter], window, interval)));
      const results = new Map<number | null, TrendResult>();
      alone.forEach((r, i) => {
        if (r.status === 'rejected') failed.set(stationIds[i]!, r.reason);
        else for (const t of r.value) results.set(t.entityId, t);
      });
      return { results, failed };
    }
  }

  /** A key per board object: a scope read again gives new boards, and their batches are apart. */
  private boardKey(board: PublishedBoard): string {
    let key = this.boardKeys.get(board);
    if (key === undefined) this.boardKeys.set(board, (key = String(++this.boardSeq)));
    return key;
  }
}
