import type { FastifyBaseLogger } from 'fastify';
import { addCalendar, dayOf, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import type { Db } from '../../platform/database/database.ts';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import { SlotChangeFeed, type SlotChange } from '../data/slot-changes.service.ts';
import { ComplianceDaysRepository, type DeviceDay } from './compliance-days.repository.ts';

/** The compliance tables' name in `slot_consumer` (070_compliance_days.sql). */
export const COMPLIANCE_CONSUMER = 'compliance';

/** The compliance days are India's. */
const ZONE = DEFAULT_TIME_ZONE;

/** The IST days a batch of changed slots touches: each slot's own (a day's figures depend on its slots alone). */
export function daysOfSlots(slots: readonly Pick<SlotChange, 'tenantId' | 'deviceId' | 'bucket'>[]): DeviceDay[] {
  const out = new Map<string, DeviceDay>();
  for (const s of slots) {
    const day = dayOf(s.bucket.getTime(), ZONE);
    out.set(`${s.tenantId}|${s.deviceId}|${day}`, { tenantId: s.tenantId, deviceId: s.deviceId, day });
  }
  return [...out.values()];
}

/**
 * Slots taken a pass. A derivation replaces whole device days, so the cost of a pass follows the
 * days its slots touch, not their number: when gateways flush a backlog, 500 slots a pass touched
 * the same device days again and again (a derivation every 500 slots, ~70 ms each, in the alerts
 * bench), where a pass of 5,000 derives each once. Live, a pass finds a few slots a device.
 */
const PASS_SLOTS = 5_000;

/**
 * Derives the days of up to `limit` queued slots in the transaction that takes them off the feed;
 * answers how many it took. Any number of servers may run it (the feed hands each slot to one), and
 * a crash leaves the slots queued.
 */
export async function deriveQueuedDays(db: Db, limit = PASS_SLOTS): Promise<number> {
  return new SlotChangeFeed(db).consume(COMPLIANCE_CONSUMER, limit, (trx, slots) => new ComplianceDaysRepository(trx).derive(daysOfSlots(slots)));
}

/** Derives until nothing is queued (tests, the demo seed). */
export async function drainComplianceDays(db: Db): Promise<void> {
  while ((await deriveQueuedDays(db)) > 0);
}

/**
 * Pause after a pass that emptied the queue. A derivation replaces whole device days, so the fewer
 * passes the cheaper: with 2 s, the alerts bench ran 12 to 18 day derivations a run, 4.6 to 10.8 s
 * of statement time (pg_stat_statements), as every pass found a few new slots of the same days.
 * Nobody reads a closed day within seconds of a late reading (an open day is read from the
 * rollups), and a pass that fills PASS_SLOTS goes on at once.
 */
const IDLE_MS = 15_000;

/** Background job of the server: keeps the compliance tables in step with the closed-slot feed. */
export function startComplianceDaysWorker(db: Db, log: Pick<FastifyBaseLogger, 'error'>, idleMs = IDLE_MS, yieldTo?: () => boolean): PollingWorker {
  return startPollingWorker(async () => (await deriveQueuedDays(db)) >= PASS_SLOTS, {
    idleMs,
    yieldTo,
    onError: (error) => log.error({ err: error }, 'compliance: deriving days failed; their slots stay queued and are tried again'),
  });
}

/**
 * Derives every day of the tenants' devices from `from` to `to`, one IST day of all devices per
 * statement: for history written straight into the rollups (the demo seed, benchmarks), which the
 * closed-slot feed never saw.
 */
export async function rebuildComplianceDays(db: Db, tenantIds: readonly number[], from: Date, to = new Date()): Promise<void> {
  const repo = new ComplianceDaysRepository(db);
  const devices = await repo.deviceIds(tenantIds);
  for (let at = from.getTime(); dayOf(at, ZONE) <= dayOf(to.getTime(), ZONE); at = addCalendar(at, 1, 'day', ZONE)) {
    const day = dayOf(at, ZONE);
    await repo.derive(devices.map((d) => ({ ...d, day })));
  }
}
