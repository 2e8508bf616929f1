import type { StoredCredentials } from '../credentials.ts';
import { CPCB_ERROR_CODES } from './common-codes.ts';
import { joinUrl, plainFlag, tryJson, verdictOfCode, type OutboundRecord, type OutboundValue, type ProtocolAdapter, type PushRequest, type PushVerdict } from './protocol.ts';

const FLAGS = { NORMAL: 'U', CALIBRATION: 'C', MAINTENANCE: 'M' } as const;

/**
 * The older CPCB RTDMS REST API v1.0: per station,
 * `POST {url}/v1.0/industry/{industryId}/station/{stationId}/data` with Basic auth and the body
 * `[{deviceId, params:[{parameter,unit,value,timestamp,flag}], diagnostics:[]}]`; a changed slot
 * already accepted goes to `…/correction` instead. Success is `{"status":"Success"}`.
 */
export const cpcbRtdms: ProtocolAdapter = {
  name: 'CPCB_RTDMS',
  requiredCredentials: ['username', 'password'],
  errorCodes: CPCB_ERROR_CODES,
  credentialsPerDevice: false,
  calibrationValues: false,

  build(baseUrl: string, credentials: StoredCredentials, record: OutboundRecord): PushRequest[] {
    const path = record.kind === 'CORRECTION' || record.kind === 'REPUBLISH' ? 'correction' : 'data';
    const value = (v: OutboundValue) => ({ parameter: v.code, unit: v.unit, value: v.value, timestamp: v.at, flag: FLAGS[plainFlag(v.flag)] });
    const body = record.devices.map((d) => ({ deviceId: d.regulatorDeviceId, params: d.values.map(value), diagnostics: d.diagnostics.map(value) }));
    const basic = Buffer.from(`${credentials.username ?? ''}:${credentials.password ?? ''}`).toString('base64');
    return [{
      url: joinUrl(baseUrl, `/v1.0/industry/${encodeURIComponent(record.industryId)}/station/${encodeURIComponent(record.regulatorStationId)}/${path}`),
      headers: { 'content-type': 'application/json', authorization: `Basic ${basic}` },
      body: JSON.stringify(body),
      regulatorDeviceId: null,
    }];
  },

  interpret(httpStatus: number, body: string): PushVerdict {
    const json = tryJson(body);
    if (httpStatus >= 200 && httpStatus < 300 && json?.status === 'Success') return { outcome: 'SUCCESS', errorCode: null };
    if (httpStatus >= 500) return { outcome: 'RETRY', errorCode: 'HTTP_5XX' };
    if (!json || typeof json.errorCode !== 'string') return { outcome: 'RETRY', errorCode: 'BAD_ANSWER' };
    return verdictOfCode(json.errorCode);
  },
};
