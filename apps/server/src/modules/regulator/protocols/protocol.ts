import type { OutboxKind, RegulatorProtocol } from '@enviro/contracts/regulator';
import type { UnitConversion } from '@enviro/domain/unit-conversion';
import type { StoredCredentials } from '../credentials.ts';

/**
 * The state of a value's slot, as the product knows it: process data, or data taken while the
 * device was being calibrated (ZERO: a zero check), or under maintenance; process data the
 * data-quality detectors found suspect, or impossible (INVALID) when the record was built
 * (docs/DATA-QUALITY.md).
 */
export type ValueFlag = 'NORMAL' | 'CALIBRATION' | 'ZERO' | 'MAINTENANCE' | 'SUSPECT' | 'INVALID';

/** One value to push. */
export interface OutboundValue {
  code: string;
  unit: string;
  value: number;
  flag: ValueFlag;
  /** Epoch ms: the slot start for a 15-minute average, the start of its 30 seconds for a calibration value. */
  at: number;
}

/** One regulator device of a station and what goes to it. */
export interface OutboundDevice {
  regulatorDeviceId: string;
  /** The device's credentials over the mapping's and the connection's. */
  credentials: StoredCredentials;
  values: OutboundValue[];
  /** Diagnostic parameters (names `device_*`), where the protocol carries them. */
  diagnostics: OutboundValue[];
}

/** One record to push: a station's 15-minute averages of one slot, in the regulator's ids, keys and units. */
export interface OutboundRecord {
  /** Slot start; the record covers [slot, slot + 15 min). */
  slot: Date;
  kind: OutboxKind;
  industryId: string;
  regulatorStationId: string;
  /** The station's position (its Latitude and Longitude properties), when known. */
  latitude: number | null;
  longitude: number | null;
  devices: OutboundDevice[];
}

/** One HTTP request an adapter builds. */
export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The regulator device the request speaks for, where the protocol sends one request per device. */
  regulatorDeviceId: string | null;
}

/**
 * What an answer means for the record: SUCCESS (acknowledged), RETRY (a temporary failure: network,
 * 5xx, an answer we cannot read, a code that may heal), REJECT (the regulator will never take the
 * record as it is: the reason is kept and shown), EXPIRED (beyond its back-fill limit), STOP (a
 * configuration error: the industry's link on the connection stops until an administrator fixes it).
 */
export interface PushVerdict {
  outcome: 'SUCCESS' | 'RETRY' | 'REJECT' | 'EXPIRED' | 'STOP';
  errorCode: string | null;
  /** The regulator's own words, when it gave some. */
  message?: string;
}

/** The parameter and unit keys a regulator publishes and accepts nothing else of. */
export interface Vocabulary {
  /** The regulator's key for a code written another way, or undefined when it has none. */
  parameterKey(code: string): string | undefined;
  /** The regulator's key for a unit written another way, or undefined when it has none. */
  unitKey(unit: string): string | undefined;
  /** The regulator's unit for `wanted` (empty: the device's) and the conversion into it, or undefined. */
  unit(param: string, deviceUnit: string, wanted: string): { unit: string; conversion: UnitConversion } | undefined;
}

/** A protocol: one file in this folder, registered in `index.ts`. */
export interface ProtocolAdapter {
  name: RegulatorProtocol;
  /** Credentials it cannot push without (per device, where the protocol signs per device). */
  requiredCredentials: readonly (keyof StoredCredentials)[];
  /** Whether credentials are checked per regulator device (ODAMS: a token id per IoT device). */
  credentialsPerDevice: boolean;
  /** Its parameter and unit keys, where it has a fixed list (ODAMS's annexure). */
  vocabulary?: Vocabulary;
  /** Whether it carries values every 30 s during calibration (ODAMS). */
  calibrationValues: boolean;
  /** The requests of one record: one, or one per regulator device. */
  build(baseUrl: string, credentials: StoredCredentials, record: OutboundRecord, now: Date): PushRequest[];
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
  MISSING_CREDENTIAL: 'the connection, the mapping or a device lacks a credential the protocol needs; retried once it is set',
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

/** Verdicts shared by the RTDMS and generic protocols for the codes they have in common. */
export function verdictOfCode(code: string): PushVerdict {
  if (code === 'E407') return { outcome: 'EXPIRED', errorCode: code };
  // Misaligned or malformed records never become acceptable; a future time (clocks apart) and a
  // real-time upload of old data (sent as delayed next time) do.
  if (code === 'E405' || code === 'E404') return { outcome: 'REJECT', errorCode: code };
  return { outcome: 'RETRY', errorCode: code };
}

/**
 * The flag of the record's 15-minute values for RTDMS, which knows no zero check and no quality
 * verdict: a suspect or invalid value goes as process data, as it went before the detectors.
 */
export function plainFlag(flag: ValueFlag): 'NORMAL' | 'CALIBRATION' | 'MAINTENANCE' {
  if (flag === 'ZERO') return 'CALIBRATION';
  return flag === 'SUSPECT' || flag === 'INVALID' ? 'NORMAL' : flag;
}
