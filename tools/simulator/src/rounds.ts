import { entriesBetween, telemetryAt, type FleetDevice } from '@enviro/server/demo/live-devices';
import type { Publisher } from './publisher.ts';

const MINUTE_MS = 60_000;
/** Entries per backfill message: a day of minutes, far below the platform's payload limits. */
const BACKFILL_ENTRIES = 1_440;

export interface RoundResult {
  published: number;
  /** Devices whose signal has an outage at this instant. */
  silent: number;
  failed: number;
}

/** One reading per device at `ms`, published together; resolves when every ack is in. */
export async function publishRound(publisher: Publisher, devices: FleetDevice[], ms: number): Promise<RoundResult> {
  const result: RoundResult = { published: 0, silent: 0, failed: 0 };
  await Promise.all(
    devices.map(async (device) => {
      const entry = telemetryAt(device, ms);
      if (!entry) {
        result.silent++;
        return;
      }
      try {
        await publisher.publish(device, entry);
        result.published++;
      } catch {
        result.failed++;
      }
    }),
  );
  return result;
}

/**
 * Fills each device's minutes between its last stored reading (at most `windowMs` back) and now,
 * so a simulator started after a pause continues the history without a hole. Returns the readings sent.
 */
export async function backfill(publisher: Publisher, devices: FleetDevice[], nowMs: number, windowMs: number): Promise<number> {
  const end = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const earliest = end - windowMs;
  let sent = 0;
  for (const device of devices) {
    if (!device.lastDataAt) continue;
    const from = Math.max(Math.floor(device.lastDataAt.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS, earliest);
    for (const batch of entriesBetween(device, from, end, BACKFILL_ENTRIES)) {
      await publisher.publish(device, batch);
      sent += batch.length;
    }
  }
  return sent;
}
