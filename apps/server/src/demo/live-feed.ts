import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IngestService } from '../modules/telemetry/telemetry.service.ts';
import type { Db } from '../platform/database/database.ts';
import type { RunningWorker } from '../platform/jobs/workers.plugin.ts';
import { DemoRepository } from './demo.repository.ts';
import { entriesBetween, toFleetDevice } from './live-devices.ts';

const MINUTE_MS = 60_000;
/** A server started after a pause fills at most this much of the gap the pause left. */
const CATCH_UP_MS = 24 * 3_600_000;
/** Entries per payload when catching up: a day of minutes, far below the platform's payload limits. */
const ENTRIES_PER_PAYLOAD = 1_440;
/** Past the minute, so a pass finds the minute closed; spread, so servers of one demo seldom meet. */
const SETTLE_MS = 1_000;
const SPREAD_MS = 15_000;

export interface FeedPass {
  /** Demo devices reporting (the offline station left out). */
  devices: number;
  /** Values accepted by ingestion. */
  readings: number;
  /** Devices whose token ingestion no longer knows (rotated or deleted since the fleet was read). */
  unknown: number;
}

/**
 * The demo's devices reporting, for as long as the server runs (SEED_DEMO=auto, DEMO_LIVE=true):
 * each minute, every live demo device sends the reading its signal gives for that minute
 * (`signal.ts`, the functions the seed wrote the history with), through the same ingestion as a
 * device's MQTT or HTTP message (`app.telemetry.ingest`), so rollups, latest values, live status,
 * alerts and the regulator push follow as they do for real devices.
 *
 * What a pass sends starts after the fleet's newest reading: the minutes a stopped server missed
 * are filled (up to a day), a station that was silent before the server started resumes now, and
 * the offline station stays offline. Several servers on one database each run it: a pass sends only
 * minutes after what is stored, and should two send one minute, they send the same values, which
 * ingestion merges into the row already there (an identical resend writes nothing).
 */
export class DemoFeed {
  private readonly demo: DemoRepository;

  constructor(
    db: Db,
    private readonly ingest: Pick<IngestService, 'device' | 'store'>,
  ) {
    this.demo = new DemoRepository(db);
  }

  /** Sends every demo device's readings from after the stored ones up to the minute of `nowMs`. */
  async pass(nowMs: number): Promise<FeedPass> {
    const fleet = (await this.demo.findDevices()).map(toFleetDevice).filter((d) => !d.offline);
    const end = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    const stored = fleet.map((d) => d.lastDataAt?.getTime() ?? 0);
    // Nothing stored yet (a database seeded without history): start with this minute.
    const newest = Math.max(0, ...stored.filter((ms) => ms <= end)) || end - MINUTE_MS;
    const result: FeedPass = { devices: fleet.length, readings: 0, unknown: 0 };
    for (const [i, device] of fleet.entries()) {
      const from = Math.max(stored[i]!, newest, end - CATCH_UP_MS) + 1;
      const payloads = [...entriesBetween(device, from, end, ENTRIES_PER_PAYLOAD)];
      if (payloads.length === 0) continue;
      const profile = await this.ingest.device(device.accessToken);
      if (!profile) {
        result.unknown++;
        continue;
      }
      for (const payload of payloads) result.readings += (await this.ingest.store(profile, payload)).accepted;
    }
    return result;
  }
}

export interface DemoFeedOptions {
  now?: () => number;
  /** How long after each minute a pass starts; by default a second and a random part of 15 s. */
  offsetMs?: number;
  log: { info(message: string): void; warn(error: unknown, message: string): void };
}

/**
 * Runs `feed` once at start and then shortly after every minute, until stopped (a pass in progress
 * finishes first). A failed pass is logged; the next one sends what it missed.
 */
export function startDemoFeed(feed: DemoFeed, options: DemoFeedOptions): RunningWorker {
  const now = options.now ?? Date.now;
  const offset = options.offsetMs ?? SETTLE_MS + Math.floor(Math.random() * SPREAD_MS);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let first = true;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = feed.pass(now()).then(
      (r) => {
        if (first && r.devices > 0) options.log.info(`demo live readings: ${r.devices} demo devices report every minute (${r.readings} readings sent to catch up)`);
        first = false;
      },
      (error: unknown) => options.log.warn(error, 'demo live readings: pass failed; the next one sends what it missed'),
    );
    void running.then(schedule);
  };
  const schedule = () => {
    if (stopped) return;
    const t = now();
    timer = setTimeout(run, Math.ceil((t + 1) / MINUTE_MS) * MINUTE_MS + offset - t);
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Adds the demo's live readings to the app's workers, started with the others once the server is up. */
export function addDemoLiveReadings(app: Pick<FastifyInstance, 'database' | 'telemetry' | 'workers'>, log: FastifyBaseLogger): void {
  const feed = new DemoFeed(app.database.db, app.telemetry.ingest);
  const feedLog = log.child({ src: 'demo-live' });
  app.workers.add('demo live readings', () => startDemoFeed(feed, { log: { info: (m) => feedLog.info(m), warn: (err, m) => feedLog.warn({ err }, m) } }));
}
