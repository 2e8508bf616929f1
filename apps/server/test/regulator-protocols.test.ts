import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../src/modules/regulator/protocols/index.ts';
import type { OutboundRecord } from '../src/modules/regulator/protocols/protocol.ts';

/**
 * Each protocol adapter against the receiver's side of the protocol: what the regulator checks
 * (signature, token, alignment, future, back-fill limit) and what the adapter makes of its answers.
 */

const SLOT = 15 * 60_000;
const DAY = 86_400_000;
const closedSlot = Math.floor(Date.now() / SLOT) * SLOT - 2 * SLOT;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  receiver.register({ tokenId: 'TOK', token: 'secret', username: 'u', password: 'p', industryId: 'IND' });
});
afterAll(() => receiver?.close());

const record = (slot: number, kind: OutboundRecord['kind'] = 'REALTIME'): OutboundRecord => ({
  slot: new Date(slot),
  kind,
  industryId: 'IND',
  regulatorStationId: 'STN',
  devices: [{ regulatorDeviceId: 'DEV', values: [{ code: 'PM', unit: 'mg/Nm3', value: 12.5, flag: 'NORMAL' }] }],
});

async function push(protocol: keyof typeof PROTOCOLS, r: OutboundRecord, credentials = { tokenId: 'TOK', token: 'secret', publicKey: receiver.publicKeyPem, username: 'u', password: 'p' }) {
  const adapter = PROTOCOLS[protocol];
  const request = adapter.build(receiver.url, credentials, r, new Date());
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  return adapter.interpret(response.status, await response.text());
}

describe.each(Object.keys(PROTOCOLS) as (keyof typeof PROTOCOLS)[])('%s against the receiver', (protocol) => {
  it('is accepted once for a closed slot, and a second copy is a duplicate', async () => {
    const before = receiver.stats();
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual({ outcome: 'SUCCESS', errorCode: null });
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual({ outcome: 'SUCCESS', errorCode: null });
    expect(receiver.stats().accepted).toBe(before.accepted + 1);
    expect(receiver.stats().duplicates).toBe(before.duplicates + 1);
  });

  it('is refused for good off the slot grid, retried in the future, expired beyond 7 days', async () => {
    expect(await push(protocol, record(closedSlot + 60_000, 'DELAYED'))).toEqual({ outcome: 'REJECT', errorCode: 'E405' });
    expect(await push(protocol, record(closedSlot + 4 * SLOT))).toEqual({ outcome: 'RETRY', errorCode: 'E406' });
    expect(await push(protocol, record(closedSlot - 8 * DAY, 'DELAYED'))).toEqual({ outcome: 'EXPIRED', errorCode: 'E407' });
  });

  it('is retried when the credentials are refused or the answer is garbage', async () => {
    expect(await push(protocol, record(closedSlot, 'DELAYED'), { tokenId: 'TOK', token: 'wrong', publicKey: receiver.publicKeyPem, username: 'u', password: 'wrong' })).toMatchObject({ outcome: 'RETRY' });
    receiver.setFault({ mode: 'garbage' });
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual({ outcome: 'RETRY', errorCode: 'BAD_ANSWER' });
    receiver.setFault({ mode: '5xx' });
    expect(await push(protocol, record(closedSlot, 'DELAYED'))).toEqual({ outcome: 'RETRY', errorCode: 'HTTP_5XX' });
    receiver.setFault({ mode: 'none' });
  });
});

describe('CPCB ODAMS', () => {
  it('refuses a signature made with another key', async () => {
    const other = await startReceiver();
    try {
      const verdict = await push('CPCB_ODAMS', record(closedSlot, 'DELAYED'), { tokenId: 'TOK', token: 'secret', publicKey: other.publicKeyPem, username: 'u', password: 'p' });
      expect(verdict).toEqual({ outcome: 'RETRY', errorCode: 'E401' });
    } finally {
      await other.close();
    }
  });
});
