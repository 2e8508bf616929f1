import { constants, createCipheriv, createHash, publicEncrypt } from 'node:crypto';
import { odamsParameterKey, odamsUnit, odamsUnitKey } from '@enviro/domain/odams-annexure';
import { toWallClock } from '@enviro/domain/time-zone';
import type { StoredCredentials } from '../credentials.ts';
import { ODAMS_ERROR_CODES, odamsVerdict } from './odams-codes.ts';
import { joinUrl, tryJson, type OutboundDevice, type OutboundRecord, type OutboundValue, type ProtocolAdapter, type PushRequest, type PushVerdict, type ValueFlag } from './protocol.ts';

/**
 * The document's flags: U normal, C calibration, Z zero (its "Zero Calibration mode"), M maintenance.
 * It also lists F and D without saying what they mean; the product has no slot state to carry them
 * (docs/REGULATOR.md, "Flags").
 */
// A suspect value is the process's as far as anyone has shown: U. An impossible one (outside the
// analyser's range, a negative concentration) is an analyser fault: F.
const FLAGS: Record<ValueFlag, string> = { NORMAL: 'U', CALIBRATION: 'C', ZERO: 'Z', MAINTENANCE: 'M', SUSPECT: 'U', INVALID: 'F' };

/** CPCB's clock: the signature carries its local time ("current timestamp", IST). */
const CPCB_ZONE = 'Asia/Kolkata';

/** `YYYY-MM-DD HH:MM:SS.mmm` of an instant in CPCB's local time, as the signature wants it. */
export function odamsSignatureTime(now: Date): string {
  const wall = new Date(toWallClock(now.getTime(), CPCB_ZONE)).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 23)}`;
}

/**
 * CPCB's "ODAMS RESTful API v1.0" (document version 1.5; summarised in REGULATORY.md):
 * `POST {url}/v1.0/industry/data` per station and IoT device, headers `X-Device-Id` (the IoT id) and
 * `signature` = base64 of RSA-OAEP (SHA-256, MGF1 SHA-256, no label) with the public key over
 * `token_id + "$*" + "YYYY-MM-DD HH:MM:SS.mmm"` (now, IST), made for every request; the body
 * `{"data":[{"stationId","device_data":[{"deviceId","params":[…],"diag_params":[…]}],"latitude","longitude"}]}`
 * encrypted AES-256-ECB with key SHA-256(token_id), padded to 16 bytes (PKCS7), base64, as text/plain.
 * Answers `{"msg","status"}`: 1 success, the other statuses as `odams-codes.ts` reads them.
 */
export const cpcbOdams: ProtocolAdapter = {
  name: 'CPCB_ODAMS',
  requiredCredentials: ['tokenId', 'publicKey'],
  credentialsPerDevice: true,
  calibrationValues: true,
  vocabulary: { parameterKey: odamsParameterKey, unitKey: odamsUnitKey, unit: odamsUnit },
  errorCodes: ODAMS_ERROR_CODES,

  build(baseUrl: string, _credentials: StoredCredentials, record: OutboundRecord, now: Date): PushRequest[] {
    return record.devices.map((device) => request(baseUrl, record, device, now));
  },

  interpret(httpStatus: number, body: string): PushVerdict {
    const json = tryJson(body);
    if (json && typeof json.status === 'number') return odamsVerdict(json.status, typeof json.msg === 'string' ? json.msg : '');
    if (httpStatus >= 500) return { outcome: 'RETRY', errorCode: 'HTTP_5XX' };
    return { outcome: 'RETRY', errorCode: 'BAD_ANSWER' };
  },
};

function request(baseUrl: string, record: OutboundRecord, device: OutboundDevice, now: Date): PushRequest {
  const tokenId = device.credentials.tokenId ?? '';
  const value = (v: OutboundValue) => ({ parameter: v.code, value: v.value, unit: v.unit, timestamp: v.at, flag: FLAGS[v.flag] });
  const station = {
    stationId: record.regulatorStationId,
    device_data: [{ deviceId: device.regulatorDeviceId, params: device.values.map(value), ...(device.diagnostics.length > 0 ? { diag_params: device.diagnostics.map(value) } : {}) }],
    ...(record.latitude !== null && record.longitude !== null ? { latitude: record.latitude, longitude: record.longitude } : {}),
  };
  const key = createHash('sha256').update(tokenId, 'utf8').digest();
  const cipher = createCipheriv('aes-256-ecb', key, null); // PKCS7 padding is node's default
  const body = Buffer.concat([cipher.update(JSON.stringify({ data: [station] }), 'utf8'), cipher.final()]).toString('base64');
  const signature = publicEncrypt(
    { key: device.credentials.publicKey ?? '', padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${tokenId}$*${odamsSignatureTime(now)}`, 'utf8'),
  ).toString('base64');
  return {
    url: joinUrl(baseUrl, '/v1.0/industry/data'),
    headers: { 'content-type': 'text/plain', 'x-device-id': device.regulatorDeviceId, signature },
    body,
    regulatorDeviceId: device.regulatorDeviceId,
  };
}
