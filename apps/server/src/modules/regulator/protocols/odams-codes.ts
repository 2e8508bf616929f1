import type { PushVerdict } from './protocol.ts';

/**
 * CPCB ODAMS's status codes (its document, 2.5 and annexure 3.3), as `ODAMS-<status>`, with CPCB's
 * own description and what the product does about each. One source of meanings: errorMeanings()
 * (regulator-logs.service.ts) serves them to the logs, the error counts and the sync view.
 */
export const ODAMS_ERROR_CODES: Record<string, string> = {
  'ODAMS-0': 'CPCB: request failed (unknown reason). Retried with backoff.',
  'ODAMS-10': 'CPCB: invalid details under station and device. Retried with backoff (CPCB gives no detail; if it persists, check the station and IoT ids with CPCB).',
  'ODAMS-102': 'CPCB: invalid station (the stationId is not created at CPCB). The record is refused and kept with this reason; fix the station id in the mapping, then republish.',
  'ODAMS-109': 'CPCB: payload not encrypted properly (the token id does not match the IoT device). Configuration error: the industry stops on this connection and its administrators are mailed; set the right token id, then save the mapping.',
  'ODAMS-110': 'CPCB: invalid unit (not the unit registered for the device at CPCB). The record is refused and kept with this reason; fix the unit in the mapping, then republish.',
  'ODAMS-111': 'CPCB: uploaded data is not on the 15-minute timeframe (00, 15, 30, 45). The record is refused and kept with this reason.',
  'ODAMS-112': 'CPCB: no calibration scheduled for this timestamp. Calibration data is refused unless CPCB has a calibration scheduled at that time: the record is refused and kept with this reason; schedule calibrations with CPCB, then republish.',
  'ODAMS-113': 'CPCB: the signature header is missing. Configuration error: the industry stops on this connection and its administrators are mailed; set the token id and public key, then save the mapping.',
  'ODAMS-114': 'CPCB: the X-Device-Id header is missing. Configuration error: the industry stops on this connection and its administrators are mailed; set the IoT ids of its devices, then save the mapping.',
  'ODAMS-115': 'CPCB: the public key is missing; generate the key at CPCB. Configuration error: the industry stops on this connection and its administrators are mailed; set the public key CPCB mailed, then save the mapping.',
  'ODAMS-116': 'CPCB: the device is not registered for the industry. Configuration error: the industry stops on this connection and its administrators are mailed; register the IoT device with CPCB (or fix its id), then save the mapping.',
  'ODAMS-117': 'CPCB: data cannot be pushed beyond the last 7 days. The record is kept as EXPIRED.',
  'ODAMS-118': 'CPCB: data cannot be pushed for a future time (the server clock is ahead of CPCB\'s). The record is refused and kept with this reason; check the server clock, then republish.',
  'ODAMS-119': 'CPCB: invalid parameter (not a key of the annexure, or not registered for the device). The record is refused and kept with this reason; fix the parameter key in the mapping, then republish.',
  'ODAMS-120': 'CPCB: several stations in one payload. The record is refused and kept with this reason (the product sends one station per request).',
  'ODAMS-121': 'CPCB: the station and device mapping was not found (the IoT id is not registered under that station). The record is refused and kept with this reason; fix the station or IoT id in the mapping, then republish.',
};

const STOP = new Set([109, 113, 114, 115, 116]);
const REJECT = new Set([102, 110, 111, 112, 118, 119, 120, 121]);

/** The verdict of an ODAMS status (1 is success); a status the document does not list is retried. */
export function odamsVerdict(status: number, message: string): PushVerdict {
  if (status === 1) return { outcome: 'SUCCESS', errorCode: null };
  const errorCode = `ODAMS-${status}`;
  if (status === 117) return { outcome: 'EXPIRED', errorCode, message };
  if (STOP.has(status)) return { outcome: 'STOP', errorCode, message };
  if (REJECT.has(status)) return { outcome: 'REJECT', errorCode, message };
  // 0 and 10 may heal; so may a status the document does not list.
  return { outcome: 'RETRY', errorCode, message };
}
