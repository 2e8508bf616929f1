import { startReceiver, ODAMS_MESSAGES, type Receiver } from '@enviro/regulator-receiver/receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpcbOdams, odamsSignatureTime } from '../src/modules/regulator/protocols/cpcb-odams.ts';
import { PROTOCOLS } from '../src/modules/regulator/protocols/index.ts';
import type { OutboundRecord, PushVerdict } from '../src/modules/regulator/protocols/protocol.ts';
import { errorMeanings } from '../src/modules/regulator/regulator-logs.service.ts';

/**
 * Each protocol adapter against the receiver's side of the protocol: what the regulator checks and
 * what the adapter makes of its answers. CPCB ODAMS: every status code of its document, each caused
 * by breaking the rule it names where the adapter can be made to, and injected otherwise.
 */

const SLOT = 15 * 60_000;
const DAY = 86_400_000;
const closedSlot = Math.floor(Date.now() / SLOT) * SLOT - 2 * SLOT;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  receiver.register({ username: 'u', password: 'p', industryId: 'IND', token: 'secret' });
  receiver.registerDevice({ iotId: 'IOT-1', stationId: 'STN', tokenId: 'TOK', industryId: 'IND' });
  receiver.registerDevice({ iotId: 'IOT-OTHER', stationId: 'STN-2', tokenId: 'TOK-2', industryId: 'IND' });
});
afterAll(() => receiver?.close());

const credentials = () => ({ tokenId: 'TOK', token: 'secret', publicKey: receiver.publicKeyPem, username: 'u', password: 'p' });

const record = (slot: number, kind: OutboundRecord['kind'] = 'REALTIME', overrides: Partial<OutboundRecord> = {}): OutboundRecord => ({
  slot: new Date(slot),
  kind,
  industryId: 'IND',
  regulatorStationId: 'STN',
  latitude: null,
  longitude: null,
  devices: [{ regulatorDeviceId: 'IOT-1', credentials: credentials(), values: [{ code: 'pm', unit: 'mg/Nm³', value: 12.5, flag: 'NORMAL', at: slot }], diagnostics: [] }],
  ...overrides,
});

/** Pushes a record; `creds`, when given, are the connection's and every device's. */
async function push(protocol: keyof typeof PROTOCOLS, r: OutboundRecord, creds?: ReturnType<typeof credentials>, headers: Record<string, string | undefined> = {}): Promise<PushVerdict[]> {
  const adapter = PROTOCOLS[protocol];
  const signed = creds ? { ...r, devices: r.devices.map((d) => ({ ...d, credentials: creds })) } : r;
  return Promise.all(
    adapter.build(receiver.url, creds ?? credentials(), signed, new Date()).map(async (request) => {
      const sent = Object.fromEntries(Object.entries({ ...request.headers, ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>;
      const response = await fetch(request.url, { method: 'POST', headers: sent, body: request.body });
      return adapter.interpret(response.status, await response.text());
    }),
  );
}

describe.each(Object.keys(PROTOCOLS) as (keyof typeof PROTOCOLS)[])('%s against the receiver', (protocol) => {
  it('is accepted once for a closed slot, and a second copy is a duplicate', async () => {
    const before = receiver.stats();
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(receiver.stats().accepted).toBe(before.accepted + 1);
    expect(receiver.stats().duplicates).toBe(before.duplicates + 1);
  });

  it('is retried when the answer is garbage or a server error', async () => {
    receiver.setFault({ mode: 'garbage' });
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual([{ outcome: 'RETRY', errorCode: 'BAD_ANSWER' }]);
    receiver.setFault({ mode: '5xx' });
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual([{ outcome: 'RETRY', errorCode: 'HTTP_5XX' }]);
    receiver.setFault({ mode: 'none' });
  });
});

describe.each(['CPCB_RTDMS', 'GENERIC_JSON'] as const)('%s codes', (protocol) => {
  it('is refused for good off the slot grid, retried in the future, expired beyond 7 days, retried when the credentials are refused', async () => {
    const off = record(closedSlot + 60_000, 'DELAYED');
    off.devices[0]!.values[0]!.at = closedSlot + 60_000;
    expect(await push(protocol, off)).toEqual([{ outcome: 'REJECT', errorCode: 'E405' }]);
    expect(await push(protocol, { ...record(closedSlot + 4 * SLOT), devices: record(closedSlot + 4 * SLOT).devices })).toEqual([{ outcome: 'RETRY', errorCode: 'E406' }]);
    expect(await push(protocol, record(closedSlot - 8 * DAY, 'DELAYED'))).toEqual([{ outcome: 'EXPIRED', errorCode: 'E407' }]);
    expect(await push(protocol, record(closedSlot, 'DELAYED'), { ...credentials(), token: 'wrong', password: 'wrong' })).toMatchObject([{ outcome: 'RETRY' }]);
  });
});

describe('CPCB ODAMS, as its document specifies', () => {
  const verdict = (status: number, outcome: PushVerdict['outcome']) => [{ outcome, errorCode: `ODAMS-${status}`, message: ODAMS_MESSAGES[status] }];
  const at = (slot: number, value: Partial<OutboundRecord['devices'][number]['values'][number]> = {}) =>
    record(slot, 'DELAYED', { devices: [{ ...record(slot).devices[0]!, values: [{ code: 'pm', unit: 'mg/Nm³', value: 1, flag: 'NORMAL', at: slot, ...value }] }] });

  it('signs token id $* the current IST time to the millisecond', () => {
    // 2024-09-21 00:00:00.123 IST, the document's example slot.
    expect(odamsSignatureTime(new Date(1726857000123))).toBe('2024-09-21 00:00:00.123');
  });

  it('answers 1 and carries diagnostics and the station position', async () => {
    const r = record(closedSlot - SLOT, 'DELAYED', { latitude: 22.57, longitude: 88.36 });
    r.devices[0]!.diagnostics.push({ code: 'temperature', unit: '°C', value: 41, flag: 'NORMAL', at: closedSlot - SLOT });
    expect(await push('CPCB_ODAMS', r)).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(receiver.values().find((v) => v.timestamp === closedSlot - SLOT && v.diagnostic)).toMatchObject({ parameter: 'temperature', value: 41 });
    expect(receiver.positions().STN).toEqual({ latitude: 22.57, longitude: 88.36 });
  });

  it('sends one request per IoT device, each with its own X-Device-Id and token id', async () => {
    receiver.registerDevice({ iotId: 'IOT-1B', stationId: 'STN', tokenId: 'TOK-B' });
    const r = record(closedSlot - 2 * SLOT, 'DELAYED');
    r.devices.push({ regulatorDeviceId: 'IOT-1B', credentials: { ...credentials(), tokenId: 'TOK-B' }, values: [{ code: 'so2', unit: 'mg/Nm³', value: 3, flag: 'NORMAL', at: closedSlot - 2 * SLOT }], diagnostics: [] });
    const requests = cpcbOdams.build(receiver.url, {}, r, new Date());
    expect(requests.map((q) => q.headers['x-device-id'])).toEqual(['IOT-1', 'IOT-1B']);
    expect(await push('CPCB_ODAMS', r)).toEqual([{ outcome: 'SUCCESS', errorCode: null }, { outcome: 'SUCCESS', errorCode: null }]);
  });

  it('tells every status code apart, each caused by the rule it names', async () => {
    // Configuration errors stop the industry's link.
    expect(await push('CPCB_ODAMS', at(closedSlot), credentials(), { signature: undefined })).toEqual(verdict(113, 'STOP'));
    expect(await push('CPCB_ODAMS', at(closedSlot), credentials(), { 'x-device-id': undefined })).toEqual(verdict(114, 'STOP'));
    expect(await push('CPCB_ODAMS', at(closedSlot), credentials(), { 'x-device-id': 'IOT-UNKNOWN' })).toEqual(verdict(116, 'STOP'));
    expect(await push('CPCB_ODAMS', at(closedSlot), { ...credentials(), tokenId: 'WRONG' })).toEqual(verdict(109, 'STOP'));
    const other = await startReceiver();
    try {
      expect(await push('CPCB_ODAMS', at(closedSlot), { ...credentials(), publicKey: other.publicKeyPem })).toEqual(verdict(109, 'STOP'));
    } finally {
      await other.close();
    }
    receiver.setFault({ mode: 'expiredKey' });
    expect(await push('CPCB_ODAMS', at(closedSlot))).toEqual(verdict(115, 'STOP'));
    receiver.setFault({ mode: 'none' });

    // Mapping and payload errors refuse the record, with the reason kept.
    expect(await push('CPCB_ODAMS', record(closedSlot, 'DELAYED', { regulatorStationId: 'NO-SUCH' }))).toEqual(verdict(102, 'REJECT'));
    expect(await push('CPCB_ODAMS', record(closedSlot, 'DELAYED', { regulatorStationId: 'STN-2' }))).toEqual(verdict(121, 'REJECT'));
    expect(await push('CPCB_ODAMS', at(closedSlot, { unit: 'mg/Nm3' }))).toEqual(verdict(110, 'REJECT'));
    expect(await push('CPCB_ODAMS', at(closedSlot, { code: 'PM' }))).toEqual(verdict(119, 'REJECT'));
    expect(await push('CPCB_ODAMS', at(closedSlot, { at: closedSlot + 60_000 }))).toEqual(verdict(111, 'REJECT'));
    expect(await push('CPCB_ODAMS', at(closedSlot, { flag: 'CALIBRATION', at: closedSlot + 30_000 }))).toEqual(verdict(112, 'REJECT'));
    expect(await push('CPCB_ODAMS', at(closedSlot + 4 * SLOT))).toEqual(verdict(118, 'REJECT'));
    // Beyond the back-fill limit: expired.
    expect(await push('CPCB_ODAMS', at(closedSlot - 8 * DAY))).toEqual(verdict(117, 'EXPIRED'));

    // A calibration CPCB scheduled lets the 30-second values in.
    receiver.scheduleCalibration({ stationId: 'STN', from: closedSlot, to: closedSlot + SLOT });
    expect(await push('CPCB_ODAMS', at(closedSlot, { flag: 'ZERO', at: closedSlot + 30_000 }))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(receiver.values().find((v) => v.timestamp === closedSlot + 30_000)).toMatchObject({ flag: 'Z' });
  });

  it('reads the codes it cannot cause (several stations in one body, unknown failures) as the document lists them', async () => {
    for (const [status, outcome] of [[0, 'RETRY'], [10, 'RETRY'], [120, 'REJECT'], [116, 'STOP'], [109, 'STOP'], [999, 'RETRY']] as const) {
      receiver.setFault({ mode: 'answer', status });
      const msg = ODAMS_MESSAGES[status];
      expect(await push('CPCB_ODAMS', at(closedSlot))).toEqual([{ outcome, errorCode: `ODAMS-${status}`, message: msg ?? 'failed' }]);
    }
    // Only for one IoT device: the others go on.
    receiver.setFault({ mode: 'answer', status: 116, iotIds: ['IOT-OTHER'] });
    expect(await push('CPCB_ODAMS', at(closedSlot))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    receiver.setFault({ mode: 'none' });
  });

  it('has a meaning in words for every status of the document', () => {
    const meanings = errorMeanings();
    for (const status of Object.keys(ODAMS_MESSAGES)) expect(meanings[`ODAMS-${status}`]).toMatch(/^CPCB: .{20,}/);
  });
});

describe('data-quality verdicts in the flag field (docs/REGULATOR.md, Flags)', () => {
  const valued = (flag: OutboundRecord['devices'][number]['values'][number]['flag'], slot: number) =>
    record(slot, 'DELAYED', { devices: [{ ...record(slot).devices[0]!, values: [{ code: 'pm', unit: 'mg/Nm³', value: 7.25, flag, at: slot }] }] });

  it('sends an impossible value to ODAMS as F (fault) and a suspect one as U', async () => {
    expect(await push('CPCB_ODAMS', valued('INVALID', closedSlot - 20 * SLOT))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(receiver.values().find((v) => v.timestamp === closedSlot - 20 * SLOT)).toMatchObject({ flag: 'F' });
    expect(await push('CPCB_ODAMS', valued('SUSPECT', closedSlot - 21 * SLOT))).toEqual([{ outcome: 'SUCCESS', errorCode: null }]);
    expect(receiver.values().find((v) => v.timestamp === closedSlot - 21 * SLOT)).toMatchObject({ flag: 'U' });
  });

  it('names the verdict in the generic protocol, and leaves RTDMS, which knows none, at U', () => {
    const at = closedSlot - 22 * SLOT;
    const generic = JSON.parse(PROTOCOLS.GENERIC_JSON.build('http://x', credentials(), valued('SUSPECT', at), new Date())[0]!.body);
    expect(generic.records[0]).toMatchObject({ value: 7.25, quality: 'SUSPECT' });
    const invalid = JSON.parse(PROTOCOLS.GENERIC_JSON.build('http://x', credentials(), valued('INVALID', at), new Date())[0]!.body);
    expect(invalid.records[0].quality).toBe('INVALID');
    const rtdms = JSON.parse(PROTOCOLS.CPCB_RTDMS.build('http://x', credentials(), valued('INVALID', at), new Date())[0]!.body);
    expect(rtdms[0].params[0]).toMatchObject({ value: 7.25, flag: 'U' });
  });
});
