import type { StoredCredentials } from '../credentials.ts';
import { CPCB_ERROR_CODES } from './common-codes.ts';
import { joinUrl, tryJson, verdictOfCode, type OutboundRecord, type ProtocolAdapter, type PushRequest, type PushVerdict, type ValueFlag } from './protocol.ts';

/** Our protocol carries the data-quality verdict as it is: suspect and invalid too. */
const QUALITY: Record<ValueFlag, string> = { NORMAL: 'VALID', CALIBRATION: 'CALIBRATION', ZERO: 'CALIBRATION', MAINTENANCE: 'MAINTENANCE', SUSPECT: 'SUSPECT', INVALID: 'INVALID' };

/**
 * A generic JSON/HTTPS push a state board can take (docs/REGULATOR.md): `POST {url}/realtime` for a slot
 * sent within 15 minutes of its close, `POST {url}/delayed` otherwise (MPCB-style real-time versus
 * delayed upload), bearer token, body `{industryId, stationId, slot, correction, records:[{deviceId,
 * parameter, unit, value, quality}]}`. Success is `{"ok":true}`.
 */
export const genericJson: ProtocolAdapter = {
  name: 'GENERIC_JSON',
  requiredCredentials: ['token'],
  errorCodes: CPCB_ERROR_CODES,
  credentialsPerDevice: false,
  calibrationValues: false,

  build(baseUrl: string, credentials: StoredCredentials, record: OutboundRecord, now: Date): PushRequest[] {
    const late = now.getTime() - (record.slot.getTime() + 15 * 60_000) > 10 * 60_000;
    const path = record.kind === 'REALTIME' && !late ? '/realtime' : '/delayed';
    const body = {
      industryId: record.industryId,
      stationId: record.regulatorStationId,
      slot: record.slot.toISOString(),
      correction: record.kind === 'CORRECTION' || record.kind === 'REPUBLISH',
      records: record.devices.flatMap((d) =>
        d.values.map((v) => ({ deviceId: d.regulatorDeviceId, parameter: v.code, unit: v.unit, value: v.value, quality: QUALITY[v.flag] })),
      ),
    };
    return [{
      url: joinUrl(baseUrl, path),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credentials.token ?? ''}` },
      body: JSON.stringify(body),
      regulatorDeviceId: null,
    }];
  },

  interpret(httpStatus: number, body: string): PushVerdict {
    const json = tryJson(body);
    if (httpStatus >= 200 && httpStatus < 300 && json?.ok === true) return { outcome: 'SUCCESS', errorCode: null };
    if (httpStatus >= 500) return { outcome: 'RETRY', errorCode: 'HTTP_5XX' };
    if (!json || typeof json.code !== 'string') return { outcome: 'RETRY', errorCode: 'BAD_ANSWER' };
    return verdictOfCode(json.code);
  },
};
