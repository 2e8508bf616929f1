/** Reads many stations' values at once, by station id; a station missing from the answer has none. */
export type ReadStations<S, V> = (stations: readonly S[]) => Promise<Map<number | null, V>>;

/**
 * Stations per read: a 7-day 15-minute series is 672 cells a series, far below the trends'
 * 1,000,000 even with several devices a station.
 */
const MAX_STATIONS = 50;

/** A batch's answers: each station's value, or its own error. */
interface Read<V> {
  values: Map<number | null, V>;
  failed: Map<number, unknown>;
}

interface Batch<S, V> {
  stations: Map<number, S>;
  started: boolean;
  read: Promise<Read<V>>;
  start: () => void;
}

/**
 * Open API requests about different stations that read the same way (one parameter over the same
 * days, every caller asking for yesterday say; or the descriptions of one board's stations) become
 * one read: each request alone costs its reads' statements (a trend's eight or nine), and at a few
 * hundred requests a second those statements, not their rows, filled the server's and PostgreSQL's
 * share of the machine. A batch starts on the next turn of the event loop, or, while the previous
 * batch of its key is still being read, when that one ends. The reads compute each station apart, so
 * a station's answer is the one it gets read alone; a batch that fails is read again a station at a
 * time, so each gets its own answer or error.
 */
export class StationBatches<S, V> {
  private readonly waiting = new Map<string, Batch<S, V>>();
  private readonly reading = new Map<string, Promise<unknown>>();

  /** The value of the station read with the others asked under `key` (one `read` for a key: the first caller's). */
  async one(key: string, stationId: number, station: S, read: ReadStations<S, V>): Promise<V | undefined> {
    let batch = this.waiting.get(key);
    if (!batch) {
      batch = this.open(key, read);
      const before = this.reading.get(key);
      const start = batch.start;
      if (before) void before.then(() => setImmediate(start));
      else setImmediate(start);
    }
    batch.stations.set(stationId, station);
    if (batch.stations.size >= MAX_STATIONS) batch.start();
    const { values, failed } = await batch.read;
    if (failed.has(stationId)) throw failed.get(stationId);
    return values.get(stationId);
  }

  private open(key: string, read: ReadStations<S, V>): Batch<S, V> {
    let begin!: () => void;
    const begun = new Promise<void>((resolve) => (begin = resolve));
    const batch: Batch<S, V> = {
      stations: new Map(),
      started: false,
      read: begun.then(() => readApart([...batch.stations], read)),
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
}

async function readApart<S, V>(stations: [number, S][], read: ReadStations<S, V>): Promise<Read<V>> {
  const failed = new Map<number, unknown>();
  try {
    return { values: await read(stations.map(([, s]) => s)), failed };
  } catch (error) {
    if (stations.length === 1) return { values: new Map(), failed: new Map([[stations[0]![0], error]]) };
    const alone = await Promise.allSettled(stations.map(([, s]) => read([s])));
    const values = new Map<number | null, V>();
    alone.forEach((r, i) => {
      if (r.status === 'rejected') failed.set(stations[i]![0], r.reason);
      else for (const [id, v] of r.value) values.set(id, v);
    });
    return { values, failed };
  }
}
