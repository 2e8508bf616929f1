import { createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, constants, type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ODAMS_PARAMETER_KEYS, ODAMS_UNIT_KEYS } from '@enviro/domain/odams-annexure';
import { fromWallClock } from '@enviro/domain/time-zone';

/**
 * A regulator's receiving end, faithful to each protocol the platform pushes (docs/REGULATOR.md):
 *
 * - CPCB ODAMS as CPCB's "ODAMS RESTful API v1.0" (version 1.5) specifies it: `POST /v1.0/industry/data`
 *   per station and IoT device, headers `X-Device-Id` (a registered IoT id) and `signature` (RSA-OAEP
 *   SHA-256 of `token_id$*YYYY-MM-DD HH:MM:SS.mmm`, IST, decrypted with our private key), `text/plain`
 *   body AES-256-ECB with key SHA-256(token_id), base64; every status code of the document answered
 *   where its rule is broken (`odamsData` below), and any of them injectable (`answer` fault);
 * - CPCB RTDMS: `POST /v1.0/industry/{industryId}/station/{stationId}/data` (and `/correction`), Basic auth;
 * - generic JSON: `POST /realtime` and `/delayed`, bearer token.
 *
 * Every value is checked: its time on a 15-minute slot boundary, not in the future, not older than the
 * back-fill limit. Records are deduplicated by industry, station, device, parameter and time: the same
 * value again answers success and is counted as a duplicate, a different one is a correction (only
 * through a correction path where the protocol has one; ODAMS replaces). Faults are injected with
 * `setFault` (or `POST /__receiver/fault`): down (connections reset), slow (a hanging endpoint with a
 * long delay), 5xx, garbage answers, expired key (authentication refused; ODAMS: 115), or an ODAMS
 * status to answer (`{ mode: 'answer', status: 116 }`), optionally for some IoT ids only.
 */

export type ReceiverFault =
  | { mode: 'none' }
  | { mode: 'down' }
  | { mode: 'slow'; delayMs: number }
  | { mode: '5xx' }
  | { mode: 'garbage' }
  | { mode: 'expiredKey' }
  | { mode: 'answer'; status: number; msg?: string; iotIds?: string[] };

/** An industry known to the receiver: its credentials per protocol. */
export interface ReceiverIndustry {
  /** ODAMS token id and token. */
  tokenId?: string;
  token?: string;
  /** RTDMS Basic auth. */
  username?: string;
  password?: string;
  /** The industry id used in RTDMS paths and generic bodies. */
  industryId?: string;
}

/** An ODAMS IoT device registered at CPCB: its IoT id (X-Device-Id), its station and its token id. */
export interface ReceiverIotDevice {
  iotId: string;
  stationId: string;
  tokenId: string;
  /** The industry it belongs to (for the values' `industry`). */
  industryId?: string;
}

/** A calibration CPCB has scheduled for a station (its IoT devices), [from, to) in epoch ms. */
export interface ScheduledCalibration {
  stationId: string;
  from: number;
  to: number;
}

/** One value the receiver holds. */
export interface ReceivedValue {
  protocol: 'CPCB_ODAMS' | 'CPCB_RTDMS' | 'GENERIC_JSON';
  industry: string;
  stationId: string;
  deviceId: string;
  parameter: string;
  unit: string;
  value: number;
  /** Epoch ms of the slot start (ODAMS calibration values: of their 30 seconds). */
  timestamp: number;
  flag: string;
  /** ODAMS: sent under diag_params. */
  diagnostic?: boolean;
  /** Times the same key came with the same value after the first. */
  duplicates: number;
  /** Times it was replaced by a different value. */
  corrections: number;
}

export interface ReceiverStats {
  requests: number;
  /** Distinct values accepted. */
  accepted: number;
  duplicates: number;
  corrections: number;
  rejected: number;
  /** First-time values of a station's parameter older than one of it already accepted (order broken). */
  outOfOrder: number;
  /** Error answers by code. */
  errors: Record<string, number>;
}

export interface ReceiverOptions {
  port?: number;
  host?: string;
  /** Back-fill limit in days (7). */
  backfillDays?: number;
  /** Our RSA private key (PEM); generated when absent. */
  privateKeyPem?: string;
  industries?: ReceiverIndustry[];
  /** ODAMS IoT devices registered. */
  iotDevices?: ReceiverIotDevice[];
  /** Clock, for tests of the limits. */
  now?: () => number;
}

export interface Receiver {
  url: string;
  /** The public key (PEM, SPKI) industries encrypt their signature with. */
  publicKeyPem: string;
  privateKeyPem: string;
  register(industry: ReceiverIndustry): void;
  /** Registers an ODAMS IoT device (what CPCB's device registration does). */
  registerDevice(device: ReceiverIotDevice): void;
  /** Schedules a calibration at CPCB: C and Z values of the station are taken within it, refused with 112 outside. */
  scheduleCalibration(calibration: ScheduledCalibration): void;
  /** Positions (latitude, longitude) ODAMS requests carried, by station id. */
  positions(): Record<string, { latitude: number; longitude: number }>;
  setFault(fault: ReceiverFault): void;
  stats(): ReceiverStats;
  values(): ReceivedValue[];
  reset(): void;
  close(): Promise<void>;
}

const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Error codes of the protocols as this receiver answers them. */
export const RECEIVER_ERROR_CODES: Record<string, string> = {
  E401: 'authentication failed (unknown token id, bad signature, wrong credentials or an expired key)',
  E402: 'signature timestamp too far from the receiver clock',
  E403: 'body could not be decrypted with the token',
  E404: 'body is not the protocol JSON',
  E405: 'timestamp not on a 15-minute IST slot boundary',
  E406: 'timestamp in the future',
  E407: 'timestamp older than the back-fill limit',
  E408: 'real-time upload of data older than 15 minutes (use the delayed upload)',
  E500: 'receiver fault',
};

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const now = options.now ?? Date.now;
  const backfillMs = (options.backfillDays ?? 7) * DAY_MS;
  let privateKey: KeyObject;
  if (options.privateKeyPem) privateKey = createPrivateKey(options.privateKeyPem);
  else privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

  const industries: ReceiverIndustry[] = [...(options.industries ?? [])];
  const iotDevices: ReceiverIotDevice[] = [...(options.iotDevices ?? [])];
  const calibrations: ScheduledCalibration[] = [];
  const positions: Record<string, { latitude: number; longitude: number }> = {};
  let fault: ReceiverFault = { mode: 'none' };
  const store = new Map<string, ReceivedValue>();
  const newest = new Map<string, number>();
  let stats = emptyStats();
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, { msg: 'internal error', status: 0, code: 'E500' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    if (url.pathname.startsWith('/__receiver/')) return control(url.pathname, req.method ?? 'GET', body, res);
    if (fault.mode === 'down') {
      req.socket.destroy();
      return;
    }
    stats.requests++;
    if (fault.mode === 'slow') await new Promise((r) => setTimeout(r, fault.mode === 'slow' ? fault.delayMs : 0));
    if (fault.mode === '5xx') {
      // As a gateway in front of a failed service answers: no protocol body.
      stats.errors.E500 = (stats.errors.E500 ?? 0) + 1;
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('service unavailable');
      return;
    }
    if (fault.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Gateway says hello</body></html>');
      return;
    }
    if (req.method !== 'POST') return fail(res, 405, 'E404', 'method not allowed');
    const odams = url.pathname.match(/\/v1\.0\/industry\/data$/);
    if (odams) return odamsData(req, body, res);
    const rtdms = url.pathname.match(/\/v1\.0\/industry\/([^/]+)\/station\/([^/]+)\/(data|correction)$/);
    if (rtdms) return rtdmsData(req, decodeURIComponent(rtdms[1]!), decodeURIComponent(rtdms[2]!), rtdms[3] === 'correction', body, res);
    const generic = url.pathname.match(/\/(realtime|delayed)$/);
    if (generic) return genericData(req, generic[1] === 'delayed', body, res);
    return fail(res, 404, 'E404', `no such path ${url.pathname}`);
  }

  function fail(res: ServerResponse, http: number, code: string, msg: string): void {
    stats.errors[code] = (stats.errors[code] ?? 0) + 1;
    stats.rejected++;
    answer(res, http, { msg, status: 0, code });
  }

  // ---- CPCB ODAMS ----------------------------------------------------------------------
  /** ODAMS answers `{"msg","status"}`; the messages are the document's (2.5.2). */
  function odamsFail(res: ServerResponse, status: number, msg: string): void {
    const code = `ODAMS-${status}`;
    stats.errors[code] = (stats.errors[code] ?? 0) + 1;
    stats.rejected++;
    answer(res, 200, { status, msg });
  }

  function odamsData(req: IncomingMessage, body: string, res: ServerResponse): void {
    const signature = header(req, 'signature');
    const iotId = header(req, 'x-device-id');
    if (!signature) return odamsFail(res, 113, 'signature key is missing in headers');
    if (!iotId) return odamsFail(res, 114, 'X-Device-Id key is missing in headers');
    if (fault.mode === 'answer' && (!fault.iotIds || fault.iotIds.includes(iotId))) return odamsFail(res, fault.status, fault.msg ?? ODAMS_MESSAGES[fault.status] ?? 'failed');
    if (fault.mode === 'expiredKey') return odamsFail(res, 115, 'Public_Key is missing Generate the Key');
    const device = iotDevices.find((d) => d.iotId === iotId);
    if (!device) return odamsFail(res, 116, ' Device is not registered, Please register for the Industry ');
    let signed: string;
    try {
      signed = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(signature, 'base64')).toString('utf8');
    } catch {
      return odamsFail(res, 109, 'Payload not encrypted properly');
    }
    const [tokenId, time] = signed.split('$*');
    if (tokenId !== device.tokenId) return odamsFail(res, 109, 'Payload not encrypted properly');
    const signedAt = istTime(time ?? '');
    if (signedAt === undefined || Math.abs(now() - signedAt) > 10 * 60_000) return odamsFail(res, 0, `signature time '${time}' is not CPCB's current time (YYYY-MM-DD HH:MM:SS.mmm, IST)`);
    let json: unknown;
    try {
      const key = createHash('sha256').update(device.tokenId, 'utf8').digest();
      const decipher = createDecipheriv('aes-256-ecb', key, null);
      json = JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8'));
    } catch {
      return odamsFail(res, 109, 'Payload not encrypted properly');
    }
    const data = (json as { data?: unknown }).data;
    if (!Array.isArray(data) || data.length === 0) return odamsFail(res, 10, 'failed');
    if (data.length > 1) return odamsFail(res, 120, 'Multiple Station Found in the Payload');
    const station = data[0] as { stationId?: unknown; device_data?: unknown; latitude?: unknown; longitude?: unknown };
    if (typeof station.stationId !== 'string' || !Array.isArray(station.device_data)) return odamsFail(res, 10, 'failed');
    if (!iotDevices.some((d) => d.stationId === station.stationId)) return odamsFail(res, 102, 'Invalid_Station');
    const values: Omit<ReceivedValue, 'duplicates' | 'corrections'>[] = [];
    for (const d of station.device_data as { deviceId?: unknown; params?: unknown; diag_params?: unknown }[]) {
      if (typeof d.deviceId !== 'string' || !Array.isArray(d.params)) return odamsFail(res, 10, 'failed');
      // The body's device must be the header's, registered under the body's station.
      if (d.deviceId !== iotId || device.stationId !== station.stationId) return odamsFail(res, 121, 'The Station and Device Mapping not Found in the Payload ');
      const lists = [{ list: d.params, diagnostic: false }, { list: Array.isArray(d.diag_params) ? d.diag_params : [], diagnostic: true }];
      for (const { list, diagnostic } of lists) {
        for (const p of list as Record<string, unknown>[]) {
          if (typeof p.parameter !== 'string' || typeof p.value !== 'number' || typeof p.timestamp !== 'number' || typeof p.unit !== 'string' || typeof p.flag !== 'string' || !FLAGS.includes(p.flag)) {
            return odamsFail(res, 10, 'failed');
          }
          if (!ODAMS_PARAMETER_KEYS.includes(p.parameter)) return odamsFail(res, 119, 'Invalid Parameter');
          if (!ODAMS_UNIT_KEYS.includes(p.unit)) return odamsFail(res, 110, 'Invalid unit');
          values.push({ protocol: 'CPCB_ODAMS', industry: device.industryId ?? '', stationId: station.stationId, deviceId: d.deviceId, parameter: p.parameter, unit: p.unit, value: p.value, timestamp: p.timestamp, flag: p.flag, diagnostic });
        }
      }
    }
    if (values.length === 0) return odamsFail(res, 10, 'failed');
    const t = now();
    for (const v of values) {
      if (v.timestamp < t - backfillMs) return odamsFail(res, 117, 'Data cannot be pushed beyond 7 days');
      const calibrating = v.flag === 'C' || v.flag === 'Z';
      // A 15-minute value stands for the slot that starts at its time; a calibration value every 30 s for its own half minute.
      const closesAt = v.timestamp + (calibrating && v.timestamp % SLOT_MS !== 0 ? 30_000 : SLOT_MS);
      if (closesAt > t + 60_000) return odamsFail(res, 118, 'Data cannot be pushed for future time');
      if (v.timestamp % (calibrating ? 30_000 : SLOT_MS) !== 0) return odamsFail(res, 111, 'Uploaded data is not matching with defined 15 min timeframe');
      if (calibrating && !calibrations.some((c) => c.stationId === v.stationId && c.from <= v.timestamp && v.timestamp < c.to)) {
        return odamsFail(res, 112, 'No calibration scheduled for this timestamp please contact cpcb');
      }
    }
    if (typeof station.latitude === 'number' && typeof station.longitude === 'number') positions[station.stationId] = { latitude: station.latitude, longitude: station.longitude };
    for (const v of values) keep(v, true);
    answer(res, 200, { msg: 'success', status: 1 });
  }

  // ---- CPCB RTDMS -------------------------------------------------------------------------
  function rtdmsData(req: IncomingMessage, industryId: string, stationId: string, correction: boolean, body: string, res: ServerResponse): void {
    const auth = header(req, 'authorization');
    const [user, pass] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
    const industry = industries.find((i) => i.username !== undefined && i.username === user && i.password === pass && i.industryId === industryId);
    if (!industry || fault.mode === 'expiredKey') return failRtdms(res, 401, 'E401', 'unauthorised');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return failRtdms(res, 400, 'E404', 'body is not JSON');
    }
    if (!Array.isArray(json)) return failRtdms(res, 400, 'E404', 'body must be a list of devices');
    const values: Omit<ReceivedValue, 'duplicates' | 'corrections'>[] = [];
    for (const device of json as { deviceId?: unknown; params?: unknown }[]) {
      if (typeof device.deviceId !== 'string' || !Array.isArray(device.params)) return failRtdms(res, 400, 'E404', 'deviceId and params required');
      for (const p of device.params as Record<string, unknown>[]) {
        if (typeof p.parameter !== 'string' || typeof p.value !== 'number' || typeof p.timestamp !== 'number' || typeof p.unit !== 'string' || typeof p.flag !== 'string') {
          return failRtdms(res, 400, 'E404', 'parameter, unit, value, timestamp and flag required');
        }
        values.push({ protocol: 'CPCB_RTDMS', industry: industryId, stationId, deviceId: device.deviceId, parameter: p.parameter, unit: p.unit, value: p.value, timestamp: p.timestamp, flag: p.flag });
      }
    }
    const problem = checkTimes(values.map((v) => v.timestamp), true);
    if (problem) return failRtdms(res, 400, problem.code, problem.msg);
    for (const v of values) keep(v, correction);
    answer(res, 200, { status: 'Success' });
  }

  function failRtdms(res: ServerResponse, http: number, code: string, message: string): void {
    stats.errors[code] = (stats.errors[code] ?? 0) + 1;
    stats.rejected++;
    answer(res, http, { status: 'Failed', errorCode: code, message });
  }

  // ---- Generic JSON -----------------------------------------------------------------------
  function genericData(req: IncomingMessage, delayed: boolean, body: string, res: ServerResponse): void {
    const token = header(req, 'authorization').replace(/^Bearer /, '');
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return failGeneric(res, 400, 'E404', 'body is not JSON');
    }
    const industry = industries.find((i) => i.token !== undefined && i.token === token && i.industryId === json.industryId);
    if (!industry || fault.mode === 'expiredKey') return failGeneric(res, 401, 'E401', 'unauthorised');
    const slot = Date.parse(String(json.slot));
    if (typeof json.stationId !== 'string' || !Number.isFinite(slot) || !Array.isArray(json.records)) return failGeneric(res, 400, 'E404', 'stationId, slot and records required');
    const problem = checkTimes([slot], false);
    if (problem) return failGeneric(res, 400, problem.code, problem.msg);
    if (!delayed && now() - (slot + SLOT_MS) > 15 * 60_000) return failGeneric(res, 400, 'E408', 'real-time upload of old data');
    const values: Omit<ReceivedValue, 'duplicates' | 'corrections'>[] = [];
    for (const r of json.records as Record<string, unknown>[]) {
      if (typeof r.deviceId !== 'string' || typeof r.parameter !== 'string' || typeof r.value !== 'number' || typeof r.unit !== 'string' || typeof r.quality !== 'string') {
        return failGeneric(res, 400, 'E404', 'deviceId, parameter, unit, value and quality required');
      }
      values.push({ protocol: 'GENERIC_JSON', industry: String(json.industryId), stationId: json.stationId, deviceId: r.deviceId, parameter: r.parameter, unit: r.unit, value: r.value, timestamp: slot, flag: r.quality });
    }
    for (const v of values) keep(v, json.correction === true);
    answer(res, 200, { ok: true });
  }

  function failGeneric(res: ServerResponse, http: number, code: string, message: string): void {
    stats.errors[code] = (stats.errors[code] ?? 0) + 1;
    stats.rejected++;
    answer(res, http, { ok: false, code, message });
  }

  // ---- shared rules -----------------------------------------------------------------------
  function checkTimes(times: number[], needAll: boolean): { code: string; msg: string } | undefined {
    if (needAll && times.length === 0) return { code: 'E404', msg: 'no values' };
    const t = now();
    for (const ts of times) {
      // IST is UTC+05:30, so an IST quarter-hour is a UTC quarter-hour too.
      if (ts % SLOT_MS !== 0) return { code: 'E405', msg: `timestamp ${ts} is not on a 15-minute slot` };
      if (ts + SLOT_MS > t + 60_000) return { code: 'E406', msg: `timestamp ${ts} is in the future (the slot has not closed)` };
      if (ts < t - backfillMs) return { code: 'E407', msg: `timestamp ${ts} is older than the back-fill limit` };
    }
    return undefined;
  }

  function keep(v: Omit<ReceivedValue, 'duplicates' | 'corrections'>, mayCorrect: boolean): void {
    const key = `${v.protocol}|${v.industry}|${v.stationId}|${v.deviceId}|${v.parameter}|${v.timestamp}`;
    const existing = store.get(key);
    if (existing) {
      if (existing.value === v.value && existing.flag === v.flag) {
        existing.duplicates++;
        stats.duplicates++;
      } else if (mayCorrect) {
        Object.assign(existing, { value: v.value, flag: v.flag, unit: v.unit, corrections: existing.corrections + 1 });
        stats.corrections++;
      } else {
        existing.duplicates++;
        stats.duplicates++;
      }
      return;
    }
    store.set(key, { ...v, duplicates: 0, corrections: 0 });
    stats.accepted++;
    // In order per series: a station's 15-minute values of one parameter, its calibration values between them.
    const seriesKey = `${v.protocol}|${v.industry}|${v.stationId}|${v.deviceId}|${v.parameter}`;
    const newestOfSeries = newest.get(seriesKey) ?? 0;
    if (v.timestamp < newestOfSeries) stats.outOfOrder++;
    else newest.set(seriesKey, v.timestamp);
  }

  function control(pathname: string, method: string, body: string, res: ServerResponse): void {
    if (pathname === '/__receiver/stats') return answer(res, 200, stats);
    if (pathname === '/__receiver/values') return answer(res, 200, [...store.values()]);
    if (pathname === '/__receiver/public-key') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(publicKeyPem);
      return;
    }
    if (method === 'POST' && pathname === '/__receiver/fault') {
      fault = JSON.parse(body) as ReceiverFault;
      return answer(res, 200, fault);
    }
    if (method === 'POST' && pathname === '/__receiver/devices') {
      iotDevices.push(...([JSON.parse(body)].flat() as ReceiverIotDevice[]));
      return answer(res, 200, { devices: iotDevices.length });
    }
    if (method === 'POST' && pathname === '/__receiver/industries') {
      industries.push(JSON.parse(body) as ReceiverIndustry);
      return answer(res, 200, { industries: industries.length });
    }
    if (method === 'POST' && pathname === '/__receiver/reset') {
      api.reset();
      return answer(res, 200, stats);
    }
    answer(res, 404, { msg: 'no such control path' });
  }

  // A port in use rejects (EADDRINUSE) rather than crashing the process with an unhandled 'error'.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const api: Receiver = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    publicKeyPem,
    privateKeyPem,
    register: (industry) => void industries.push(industry),
    registerDevice: (device) => void iotDevices.push(device),
    scheduleCalibration: (calibration) => void calibrations.push(calibration),
    positions: () => structuredClone(positions),
    setFault: (f) => {
      fault = f;
      if (f.mode === 'down') for (const s of sockets) s.destroy();
    },
    stats: () => structuredClone(stats),
    values: () => [...store.values()].map((v) => ({ ...v })),
    reset: () => {
      store.clear();
      newest.clear();
      stats = emptyStats();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return api;
}

/** The flags of the document's payload example ("U|C|M|F|Z|D"). */
const FLAGS = ['U', 'C', 'M', 'F', 'Z', 'D'];

/** The document's message of each ODAMS status (2.5.2), for injected answers. */
export const ODAMS_MESSAGES: Record<number, string> = {
  0: 'Request failed (unknown reason)',
  10: 'failed',
  102: 'Invalid_Station',
  109: 'Payload not encrypted properly',
  110: 'Invalid unit',
  111: 'Uploaded data is not matching with defined 15 min timeframe',
  112: 'No calibration scheduled for this timestamp please contact cpcb',
  113: 'signature key is missing in headers',
  114: 'X-Device-Id key is missing in headers',
  115: 'Public_Key is missing Generate the Key',
  116: ' Device is not registered, Please register for the Industry ',
  117: 'Data cannot be pushed beyond 7 days',
  118: 'Data cannot be pushed for future time',
  119: 'Invalid Parameter',
  120: 'Multiple Station Found in the Payload',
  121: 'The Station and Device Mapping not Found in the Payload ',
};

/** The instant of CPCB's signature time `YYYY-MM-DD HH:MM:SS.mmm` (IST), or undefined when it is not one. */
function istTime(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, se, ms] = m.map(Number) as number[];
  return fromWallClock(Date.UTC(y!, mo! - 1, d!, h!, mi!, se!, ms!), 'Asia/Kolkata');
}

function emptyStats(): ReceiverStats {
  return { requests: 0, accepted: 0, duplicates: 0, corrections: 0, rejected: 0, outOfOrder: 0, errors: {} };
}

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 20 * 1024 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
