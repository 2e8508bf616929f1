import { createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, constants, type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A regulator's receiving end, faithful to each protocol the platform pushes (docs/REGULATOR.md):
 *
 * - CPCB ODAMS: `POST /v1.0/industry/data`, `text/plain` body AES-256-ECB (key SHA-256 of the
 *   industry's token, PKCS7, base64), `signature` header RSA-OAEP-SHA256 of `tokenId$*timestamp`
 *   decrypted with our private key; answers `{"msg":"success","status":1}` or `status: 0` with a code;
 * - CPCB RTDMS: `POST /v1.0/industry/{industryId}/station/{stationId}/data` (and `/correction`), Basic auth;
 * - generic JSON: `POST /realtime` and `/delayed`, bearer token.
 *
 * Every value is checked: its time on a 15-minute slot boundary, not in the future, not older than the
 * back-fill limit. Records are deduplicated by industry, station, device, parameter and time: the same
 * value again answers success and is counted as a duplicate, a different one is a correction (only
 * through a correction path where the protocol has one; ODAMS replaces). Faults are injected with
 * `setFault` (or `POST /__receiver/fault`): down (connections reset), slow, 5xx, garbage answers,
 * expired key (authentication refused).
 */

export type ReceiverFault =
  | { mode: 'none' }
  | { mode: 'down' }
  | { mode: 'slow'; delayMs: number }
  | { mode: '5xx' }
  | { mode: 'garbage' }
  | { mode: 'expiredKey' };

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

/** One value the receiver holds. */
export interface ReceivedValue {
  protocol: 'CPCB_ODAMS' | 'CPCB_RTDMS' | 'GENERIC_JSON';
  industry: string;
  stationId: string;
  deviceId: string;
  parameter: string;
  unit: string;
  value: number;
  /** Epoch ms of the slot start. */
  timestamp: number;
  flag: string;
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
  /** First-time values of a station older than a value of it already accepted (order broken). */
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
  /** Clock, for tests of the limits. */
  now?: () => number;
}

export interface Receiver {
  url: string;
  /** The public key (PEM, SPKI) industries encrypt their signature with. */
  publicKeyPem: string;
  privateKeyPem: string;
  register(industry: ReceiverIndustry): void;
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
    if (fault.mode === '5xx') return fail(res, 503, 'E500', 'service unavailable');
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

  // ---- CPCB ODAMS -------------------------------------------------------------------------
  function odamsData(req: IncomingMessage, body: string, res: ServerResponse): void {
    const signature = header(req, 'signature');
    let plain: string;
    try {
      plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(signature, 'base64')).toString('utf8');
    } catch {
      return fail(res, 401, 'E401', 'signature does not decrypt with our key');
    }
    const [tokenId, ts] = plain.split('$*');
    const industry = industries.find((i) => i.tokenId !== undefined && i.tokenId === tokenId);
    if (!industry?.token || fault.mode === 'expiredKey') return fail(res, 401, 'E401', 'token expired or unknown');
    if (!ts || Math.abs(now() - Number(ts)) > 10 * 60_000) return fail(res, 401, 'E402', 'signature timestamp out of range');
    let json: unknown;
    try {
      const key = createHash('sha256').update(industry.token).digest();
      const decipher = createDecipheriv('aes-256-ecb', key, null);
      plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return fail(res, 400, 'E403', 'body does not decrypt with the token');
    }
    try {
      json = JSON.parse(plain);
    } catch {
      return fail(res, 400, 'E404', 'body is not JSON');
    }
    const values: Omit<ReceivedValue, 'duplicates' | 'corrections'>[] = [];
    const data = (json as { data?: unknown }).data;
    if (!Array.isArray(data)) return fail(res, 400, 'E404', 'data must be a list');
    for (const station of data as { stationId?: unknown; device_data?: unknown }[]) {
      if (typeof station.stationId !== 'string' || !Array.isArray(station.device_data)) return fail(res, 400, 'E404', 'stationId and device_data required');
      for (const device of station.device_data as { deviceId?: unknown; params?: unknown }[]) {
        if (typeof device.deviceId !== 'string' || !Array.isArray(device.params)) return fail(res, 400, 'E404', 'deviceId and params required');
        for (const p of device.params as Record<string, unknown>[]) {
          if (typeof p.parameter !== 'string' || typeof p.value !== 'number' || typeof p.timestamp !== 'number' || typeof p.unit !== 'string' || typeof p.flag !== 'string') {
            return fail(res, 400, 'E404', 'parameter, value, unit, timestamp and flag required');
          }
          values.push({ protocol: 'CPCB_ODAMS', industry: tokenId!, stationId: station.stationId, deviceId: device.deviceId, parameter: p.parameter, unit: p.unit, value: p.value, timestamp: p.timestamp, flag: p.flag });
        }
      }
    }
    const problem = checkTimes(values.map((v) => v.timestamp), true);
    if (problem) return fail(res, 400, problem.code, problem.msg);
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
    const stationKey = `${v.protocol}|${v.industry}|${v.stationId}`;
    const newestOfStation = newest.get(stationKey) ?? 0;
    if (v.timestamp < newestOfStation) stats.outOfOrder++;
    else newest.set(stationKey, v.timestamp);
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

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api: Receiver = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    publicKeyPem,
    privateKeyPem,
    register: (industry) => void industries.push(industry),
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
