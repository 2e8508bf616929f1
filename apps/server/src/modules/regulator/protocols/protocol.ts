import type { OutboxKind, RegulatorProtocol } from '@enviro/contracts/regulator';
import type { StoredCredentials } from '../credentials.ts';

/** The flag of a value: process data, or data taken during calibration or maintenance. */
export type ValueFlag = 'NORMAL' | 'CALIBRATION' | 'MAINTENANCE';

/** One record to push: a station's 15-minute averages of one slot, in the regulator's ids and units. */
export interface OutboundRecord {
  /** Slot start; the record covers [slot, slot + 15 min). */
  slot: Date;
  kind: OutboxKind;
  industryId: string;
  regulatorStationId: string;
  devices: { regulatorDeviceId: string; values: { code: string; unit: string; value: number; flag: ValueFlag }[] }[];
}

/** The HTTP request an adapter builds. */
export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What an answer means for the record: SUCCESS (acknowledged), RETRY (a temporary failure: network,
 * 5xx, an expired key an administrator will renew, an answer we cannot read), REJECT (the regulator
 * will never take it as it is), EXPIRED (beyond its back-fill limit).
 */
export interface PushVerdict {
  outcome: 'SUCCESS' | 'RETRY' | 'REJECT' | 'EXPIRED';
  errorCode: string | null;
}

/** A protocol: one file in this folder, registered in `index.ts`. */
export interface ProtocolAdapter {
  name: RegulatorProtocol;
  /** Credentials it cannot push without. */
  requiredCredentials: readonly (keyof StoredCredentials)[];
  build(baseUrl: string, credentials: StoredCredentials, record: OutboundRecord, now: Date): PushRequest;
  /** Several stations' records of one industry in one request, where the protocol allows it. */
  buildBatch?(baseUrl: string, credentials: StoredCredentials, records: readonly OutboundRecord[], now: Date): PushRequest;
  /** Reads the regulator's answer. */
  interpret(httpStatus: number, body: string): PushVerdict;
  /** Its error codes and what they mean. */
  errorCodes: Record<string, string>;
}

/** Error codes of the sender itself, whatever the protocol. */
export const TRANSPORT_ERROR_CODES: Record<string, string> = {
  NETWORK: 'the regulator could not be reached (connection refused or reset); retried with backoff',
  TIMEOUT: 'no answer within 15 s; retried with backoff',
  HTTP_5XX: 'the regulator answered a server error; retried with backoff',
  BAD_ANSWER: 'the answer was not the protocol\'s (e.g. an HTML page of a proxy); retried with backoff',
  NO_VALUES: 'nothing to send: no mapped parameter had data in the slot (see the mapping\'s issues)',
  MISSING_CREDENTIAL: 'the connection or mapping lacks a credential the protocol needs; retried once it is set',
  DISABLED: 'the connection or the industry mapping was disabled after the record was queued; it waits (and expires) until enabled again',
  BACKFILL_LIMIT: 'older than the connection\'s back-fill limit before it was accepted; kept as EXPIRED',
};

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** Parses JSON, or undefined. */
export function tryJson(body: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Verdicts shared by the protocols for codes they have in common. */
export function verdictOfCode(code: string): PushVerdict {
  if (code === 'E407') return { outcome: 'EXPIRED', errorCode: code };
  // Misaligned or malformed records never become acceptable; a future time (clocks apart) and a
  // real-time upload of old data (sent as delayed next time) do.
  if (code === 'E405' || code === 'E404') return { outcome: 'REJECT', errorCode: code };
  return { outcome: 'RETRY', errorCode: code };
}
