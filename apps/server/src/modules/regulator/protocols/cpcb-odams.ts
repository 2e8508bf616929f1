import { constants, createCipheriv, createHash, publicEncrypt } from 'node:crypto';
import type { StoredCredentials } from '../credentials.ts';
import { CPCB_ERROR_CODES } from './common-codes.ts';
import { joinUrl, tryJson, verdictOfCode, type OutboundRecord, type ProtocolAdapter, type PushRequest, type PushVerdict, type ValueFlag } from './protocol.ts';

/** ODAMS flags: U process data, C calibration, M maintenance. */
const FLAGS: Record<ValueFlag, string> = { NORMAL: 'U', CALIBRATION: 'C', MAINTENANCE: 'M' };

/**
 * CPCB ODAMS (REGULATORY.md): `POST {url}/v1.0/industry/data`, the JSON
 * `{"data":[{"stationId","device_data":[{"deviceId","params":[{parameter,value,unit,timestamp,flag}]}]}]}`
 * (timestamp in epoch ms of the slot start) encrypted AES-256-ECB with key SHA-256(token), PKCS7,
 * base64, as text/plain; headers `X-Device-Id` (the industry id) and `signature`, base64 of
 * RSA-OAEP-SHA256(regulator public key, `tokenId$*epochMs`). Success is `{"msg":"success","status":1}`.
 */
export const cpcbOdams: ProtocolAdapter = {
  name: 'CPCB_ODAMS',
  requiredCredentials: ['token', 'tokenId', 'publicKey'],
  errorCodes: CPCB_ERROR_CODES,

  build(baseUrl: string, credentials: StoredCredentials, record: OutboundRecord, now: Date): PushRequest {
    return this.buildBatch!(baseUrl, credentials, [record], now);
  },

  /** The body's `data` is a list of stations: an industry's stations go in one request. */
  buildBatch(baseUrl: string, credentials: StoredCredentials, records: readonly OutboundRecord[], now: Date): PushRequest {
    const plain = JSON.stringify({
      data: records.map((record) => ({
        stationId: record.regulatorStationId,
        device_data: record.devices.map((d) => ({
          deviceId: d.regulatorDeviceId,
          params: d.values.map((v) => ({ parameter: v.code, value: v.value, unit: v.unit, timestamp: record.slot.getTime(), flag: FLAGS[v.flag] })),
        })),
      })),
    });
    const key = createHash('sha256').update(credentials.token ?? '').digest();
    const cipher = createCipheriv('aes-256-ecb', key, null); // PKCS7 padding is node's default
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
    const signature = publicEncrypt(
      { key: credentials.publicKey ?? '', padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${credentials.tokenId ?? ''}$*${now.getTime()}`, 'utf8'),
    ).toString('base64');
    return {
      url: joinUrl(baseUrl, '/v1.0/industry/data'),
      headers: { 'content-type': 'text/plain', 'x-device-id': records[0]?.industryId ?? '', signature },
      body,
    };
  },

  interpret(httpStatus: number, body: string): PushVerdict {
    const json = tryJson(body);
    if (httpStatus >= 200 && httpStatus < 300 && json?.status === 1 && json.msg === 'success') return { outcome: 'SUCCESS', errorCode: null };
    if (httpStatus >= 500) return { outcome: 'RETRY', errorCode: 'HTTP_5XX' };
    if (!json || typeof json.code !== 'string') return { outcome: 'RETRY', errorCode: 'BAD_ANSWER' };
    return verdictOfCode(json.code);
  },
};
