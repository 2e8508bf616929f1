import { SLOT_MS } from './detectors.ts';

/**
 * What the server saw of one device's readings in one 15-minute slot: when they first arrived, and
 * how far their device times lay from their receive times. Kept per slot rather than per reading
 * (slot_receipt, docs/DATA-QUALITY.md) and merged batch by batch by least and greatest, so a resend
 * can only widen what was seen, never make a slot look live or early.
 */
export interface SlotReceipt {
  /** The slot's start (ms since the epoch). */
  at: number;
  /** When the first of its readings reached the server. */
  receivedFirst: number;
  /** Receive time minus device time, least and greatest over the slot's readings (ms). */
  lagMin: number;
  lagMax: number;
  /** The earliest and latest device time in the slot, ms after its start. */
  firstOffset: number;
  lastOffset: number;
}

const slotOf = (at: number) => at - (((at % SLOT_MS) + SLOT_MS) % SLOT_MS);

/** Two receipts of one slot as one (what the ingestion statement's ON CONFLICT does in SQL). */
export function mergeReceipts(a: SlotReceipt, b: SlotReceipt): SlotReceipt {
  return {
    at: a.at,
    receivedFirst: Math.min(a.receivedFirst, b.receivedFirst),
    lagMin: Math.min(a.lagMin, b.lagMin),
    lagMax: Math.max(a.lagMax, b.lagMax),
    firstOffset: Math.min(a.firstOffset, b.firstOffset),
    lastOffset: Math.max(a.lastOffset, b.lastOffset),
  };
}

/** The receipts of readings each received at its own time, merged per slot in time order. */
export function receiptsOf(readings: readonly { at: number; receivedAt: number }[]): SlotReceipt[] {
  const bySlot = new Map<number, SlotReceipt>();
  for (const r of readings) {
    const at = slotOf(r.at);
    const lag = r.receivedAt - r.at;
    const one = { at, receivedFirst: r.receivedAt, lagMin: lag, lagMax: lag, firstOffset: r.at - at, lastOffset: r.at - at };
    const seen = bySlot.get(at);
    bySlot.set(at, seen ? mergeReceipts(seen, one) : one);
  }
  return [...bySlot.values()].sort((a, b) => a.at - b.at);
}

/** Back-filled late: the slot's readings first reached the server more than `lateAfterMs` after it closed. */
export function isLate(r: SlotReceipt, lateAfterMs: number): boolean {
  return r.receivedFirst - (r.at + SLOT_MS) > lateAfterMs;
}

/**
 * Clock drift: every reading of the slot arrived more than `maxMs` after its device time while they
 * arrived as they were measured, or one carried a device time more than `maxMs` ahead of its
 * arrival (a device cannot measure the future). Live readings of a clock set wrong share one offset,
 * so their lags spread by no more than the network's jitter; a backlog flushed at once gives each
 * reading its own delay, spreading the lags over the slot's span of device times. "As measured":
 * lags spread over at most half that span.
 */
export function hasClockDrift(r: SlotReceipt, maxMs: number): boolean {
  if (r.lagMin < -maxMs) return true;
  return r.lagMin > maxMs && r.lagMax - r.lagMin <= 0.5 * (r.lastOffset - r.firstOffset);
}
