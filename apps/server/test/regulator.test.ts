import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { SuppressionWindowService } from '../src/modules/devices/suppression-windows.service.ts';
import { RegulatorOutbox } from '../src/modules/regulator/outbox.ts';
import { regulatorStopNotifier } from '../src/modules/regulator/regulator-stop-notifier.ts';
import { useTestApp } from './test-app.ts';

/**
 * The regulator module end to end against the real receiver (packages/regulator-receiver): connections
 * and mappings through the routes, slots closed by the rollup worker queued and pushed with each
 * protocol, calibration flags, corrections, outages healed, expiry, republish, logs and status.
 */

const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const ctx = useTestApp({ mail: true });
await ctx.start();

const t = {
  site: (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id,
  board: (await ctx.b.newTenant({ name: 'Central Board', type: 'statutory' })).id,
  industry: (await ctx.b.newTenant({ name: 'Narmada Cement' })).id,
  other: (await ctx.b.newTenant({ name: 'Other Industry' })).id,
};
await ctx.database.pool.query('INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)', [t.industry, t.board]);
const station = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Kiln Stack', type: 'cems' })).id;
const device = await ctx.b.newDevice({ tenantId: t.industry, entityId: station, params: [{ name: 'pm' }, { name: 'so2' }] });
const slotOf = (name: string) => device.params.find((p) => p.name === name)!.slot;
const otherStation = (await ctx.b.newEntity({ tenantId: t.other, name: 'Other Stack', type: 'cems' })).id;
await ctx.b.newDevice({ tenantId: t.other, entityId: otherStation, params: [{ name: 'pm' }] });

const as = {
  site: (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie,
  tenantAdmin: (await ctx.signedIn({ tenantId: t.industry, role: 'admin' })).cookie,
  otherAdmin: (await ctx.signedIn({ tenantId: t.other, role: 'admin' })).cookie,
  board: (await ctx.signedIn({ tenantId: t.board, userType: 'statutory', role: 'statutory' })).cookie,
};

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown) =>
  ctx.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...XHR }, ...(payload === undefined ? {} : { payload: payload as object }) });

const TOKEN = 'odams-secret-token-of-narmada';
let receiver: Receiver;
let odamsId: number;
let outbox: RegulatorOutbox;

async function send(entries: { ts: number; values: Record<string, number> }[]) {
  const res = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: entries });
  expect(res.statusCode).toBe(200);
}

const mapping = (overrides: object = {}) => ({
  industryId: 'IND-NARMADA',
  credentials: { token: TOKEN, tokenId: 'TOK-1' },
  stations: [
    {
      stationId: station,
      regulatorStationId: 'STN-KILN',
      devices: [{ deviceId: device.id, regulatorDeviceId: 'DEV-CEMS', params: [{ slot: slotOf('pm'), code: 'PM', unit: 'mg/Nm3' }, { slot: slotOf('so2'), code: 'SO2', unit: 'mg/Nm3' }] }],
    },
  ],
  ...overrides,
});

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.registerDevice({ iotId: 'DEV-CEMS', stationId: 'STN-KILN', tokenId: 'TOK-1', industryId: 'IND-NARMADA' });
  const onStop = regulatorStopNotifier(ctx.db, ctx.app.messaging.mailer, ctx.app.messaging.publicUrl, ctx.app.log);
  outbox = new RegulatorOutbox(ctx.db, ctx.app.devices.windows, ctx.app.regulator.vault, { baseBackoffMs: 0, maxBackoffMs: 0, leaseMs: 60_000, onStop });
});
afterAll(() => receiver?.close());

// Fixed once: a slot boundary passing during the run leaves these slots closed all the same.
const CLOSED = Math.floor(Date.now() / SLOT) * SLOT - 4 * SLOT;
const closed = () => CLOSED;

describe('regulator connections and mappings', () => {
  it('creates a connection for site administrators only and never answers its credentials', async () => {
    const body = { statutoryId: t.board, name: 'CPCB ODAMS', protocol: 'CPCB_ODAMS', url: receiver.url, credentials: { publicKey: receiver.publicKeyPem } };
    expect((await call('POST', '/api/regulatorConnections', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/regulatorConnections', as.tenantAdmin, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/regulatorConnections', as.site, { ...body, protocol: 'FAX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.protocol');
    const notBoard = await call('POST', '/api/regulatorConnections', as.site, { ...body, statutoryId: t.industry });
    expect(notBoard.statusCode).toBe(400);
    expect(notBoard.json().field).toBe('statutoryId');

    const res = await call('POST', '/api/regulatorConnections', as.site, body);
    expect(res.statusCode).toBe(201);
    odamsId = res.json().id;
    expect(res.json()).toMatchObject({ statutoryName: 'Central Board', protocol: 'CPCB_ODAMS', enabled: true, backfillDays: 7, credentialsSet: ['publicKey'] });
    expect(res.body).not.toContain('PUBLIC KEY');
    const stored = await ctx.database.pool.query('SELECT credentials FROM regulator_connection WHERE id = $1', [odamsId]);
    expect(stored.rows[0].credentials).toMatch(/^v1:/);
    expect(stored.rows[0].credentials).not.toContain('PUBLIC KEY');
    const list = await call('GET', '/api/regulatorConnections', as.site);
    expect(list.json().map((c: { id: number }) => c.id)).toContain(odamsId);
  });

  it('validates a mapping: unmapped parameters and missing credentials are reported, not dropped', async () => {
    const partial = mapping({
      credentials: { token: TOKEN },
      stations: [{ stationId: station, regulatorStationId: 'STN-KILN', devices: [{ deviceId: device.id, regulatorDeviceId: 'DEV-CEMS', params: [{ slot: slotOf('pm'), code: 'PM', unit: 'mg/Nm3' }] }] }],
    });
    const res = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, partial);
    expect(res.statusCode).toBe(200);
    const codes = res.json().issues.map((i: { code: string; slot: number | null }) => `${i.code}:${i.slot}`);
    expect(codes).toEqual(expect.arrayContaining([`UNMAPPED_PARAMETER:${slotOf('so2')}`, 'MISSING_CREDENTIAL:null']));
    expect(res.body).not.toContain(TOKEN);
    // The annexure's spellings are stored ('PM' is CPCB's 'pm', 'mg/Nm3' its 'mg/Nm³').
    expect(res.json().stations[0].devices[0].params[0]).toMatchObject({ code: 'pm', unit: 'mg/Nm³' });

    // A key or unit the annexure lacks is refused at mapping time, naming the field.
    const badParam = mapping();
    badParam.stations[0]!.devices[0]!.params[0] = { slot: slotOf('pm'), code: 'PM10', unit: 'mg/Nm3' };
    const refusedCode = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, badParam);
    expect(refusedCode.statusCode).toBe(400);
    expect(refusedCode.json()).toMatchObject({ field: 'stations.0.devices.0.params.0.code', message: expect.stringContaining("'PM10' is not a parameter key of CPCB's annexure") });
    badParam.stations[0]!.devices[0]!.params[0] = { slot: slotOf('pm'), code: 'pm', unit: 'grains/ft3' };
    const refusedUnit = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, badParam);
    expect(refusedUnit.json()).toMatchObject({ field: 'stations.0.devices.0.params.0.unit', message: expect.stringContaining('not a unit key') });
    badParam.stations[0]!.devices[0]!.params[0] = { slot: slotOf('pm'), code: 'pm', unit: '°C' };
    const unconvertible = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, badParam);
    expect(unconvertible.json()).toMatchObject({ field: 'stations.0.devices.0.params.0.unit', message: expect.stringContaining('cannot be converted into °C') });

    const fixed = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, mapping());
    expect(fixed.json().issues).toEqual([]);
    expect(fixed.json().credentialsSet).toEqual(['token', 'tokenId']);
    const stored = await ctx.database.pool.query('SELECT credentials FROM regulator_mapping WHERE tenant_id = $1', [t.industry]);
    expect(stored.rows[0].credentials).not.toContain(TOKEN);

    const read = await call('GET', `/api/regulatorMappings/${t.industry}`, as.tenantAdmin);
    expect(read.statusCode).toBe(200);
    expect(read.json().stations[0]).toMatchObject({ stationId: station, name: 'Kiln Stack' });
    expect(read.json().mappings[0].issues).toEqual([]);
    expect(read.body).not.toContain(TOKEN);

    expect((await call('GET', `/api/regulatorMappings/${t.industry}`, as.otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.tenantAdmin, mapping())).statusCode).toBe(403);
    const badBody = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, { ...mapping(), industryId: '' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().field).toBe('body.industryId');
    const audit = await ctx.database.pool.query(`SELECT after FROM audit_log WHERE action = 'regulatorMappingPut' AND tenant_id = $1`, [t.industry]);
    expect(audit.rows.length).toBe(2);

    // A device's own token id (CPCB mails one per IoT device) is kept sealed and only named.
    const own = mapping();
    (own.stations[0]!.devices[0] as { credentials?: object }).credentials = { tokenId: 'TOK-1' };
    const withDevice = await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, own);
    expect(withDevice.json().deviceCredentialsSet).toEqual([{ deviceId: device.id, credentialsSet: ['tokenId'] }]);
    expect(withDevice.json().issues).toEqual([]);
    expect(JSON.stringify(audit.rows)).not.toContain(TOKEN);
  });
});

describe('delivery', () => {
  it('pushes each closed slot once with ODAMS encryption and signature, flags calibration data, and sends corrections', async () => {
    const s = closed();
    await send([
      { ts: s + MINUTE, values: { pm: 10, so2: 100 } },
      { ts: s + 2 * MINUTE, values: { pm: 20, so2: 200 } },
      { ts: s + SLOT + MINUTE, values: { pm: 30, so2: 300 } },
    ]);
    await new SuppressionWindowService(ctx.db).open({ tenantId: t.industry, deviceId: String(device.id), kind: 'CALIBRATION', startsAt: new Date(s + SLOT), endsAt: new Date(s + SLOT + 5 * MINUTE) });
    // CPCB takes calibration data only while it has a calibration scheduled.
    receiver.scheduleCalibration({ stationId: 'STN-KILN', from: s + SLOT, to: s + 2 * SLOT });
    await drainRollups(ctx.database);
    await outbox.drain();

    // The calibrated slot carries its 15-minute average and the 30-second values, flagged C.
    const values = receiver.values().filter((v) => v.stationId === 'STN-KILN');
    expect(values.map((v) => [v.timestamp - s, v.parameter, v.value, v.flag, v.unit]).sort()).toEqual(
      [
        [0, 'pm', 15, 'U', 'mg/Nm³'],
        [0, 'so2', 150, 'U', 'mg/Nm³'],
        [SLOT, 'pm', 30, 'C', 'mg/Nm³'],
        [SLOT, 'so2', 300, 'C', 'mg/Nm³'],
        [SLOT + MINUTE, 'pm', 30, 'C', 'mg/Nm³'],
        [SLOT + MINUTE, 'so2', 300, 'C', 'mg/Nm³'],
      ].sort(),
    );
    expect(receiver.stats().outOfOrder).toBe(0);

    // A late reading changes the first slot: it goes again as a correction, replacing the value.
    await send([{ ts: s + 3 * MINUTE, values: { pm: 30 } }]);
    await drainRollups(ctx.database);
    await outbox.drain();
    const pm = receiver.values().find((v) => v.stationId === 'STN-KILN' && v.parameter === 'pm' && v.timestamp === s)!;
    expect(pm.value).toBe(20);
    expect(pm.corrections).toBe(1);
    const kinds = await ctx.database.pool.query('SELECT kind, status FROM regulator_outbox WHERE tenant_id = $1 ORDER BY slot', [t.industry]);
    expect(kinds.rows).toEqual([
      { kind: 'CORRECTION', status: 'SENT' },
      { kind: 'DELAYED', status: 'SENT' },
    ]);
  });

  it('retries through an outage and drains the backlog in order; a second copy after a lost acknowledgement is deduplicated', async () => {
    const s = closed() + 2 * SLOT;
    receiver.setFault({ mode: 'down' });
    await send([
      { ts: s + MINUTE, values: { pm: 1, so2: 2 } },
      { ts: s + SLOT + MINUTE, values: { pm: 3, so2: 4 } },
    ]);
    await drainRollups(ctx.database);
    await outbox.consume();
    await outbox.deliver();
    let rows = (await ctx.database.pool.query(`SELECT slot, status, attempts, last_error FROM regulator_outbox WHERE tenant_id = $1 AND slot >= $2 ORDER BY slot`, [t.industry, new Date(s)])).rows;
    // Only the station's oldest record is tried; the next waits behind it.
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['PENDING', 1], ['PENDING', 0]]);
    expect(rows[0].last_error).toMatch(/^NETWORK/);

    receiver.setFault({ mode: '5xx' });
    await outbox.deliver();
    receiver.setFault({ mode: 'garbage' });
    await outbox.deliver();
    receiver.setFault({ mode: 'none' });
    const before = receiver.stats().accepted;
    await outbox.drain();
    rows = (await ctx.database.pool.query(`SELECT status FROM regulator_outbox WHERE tenant_id = $1 AND slot >= $2 ORDER BY slot`, [t.industry, new Date(s)])).rows;
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT']);
    expect(receiver.stats().accepted).toBe(before + 4);
    expect(receiver.stats().outOfOrder).toBe(0);

    // As if the server died after the push and before writing SENT: the record goes again, the receiver keeps one.
    await ctx.database.pool.query(`UPDATE regulator_outbox SET status = 'PENDING' WHERE tenant_id = $1 AND slot = $2`, [t.industry, new Date(s)]);
    const dupBefore = receiver.stats().duplicates;
    await outbox.drain();
    expect(receiver.stats().accepted).toBe(before + 4);
    expect(receiver.stats().duplicates).toBe(dupBefore + 2);

    const errors = await call('GET', `/api/getErrorCodes?tenantId=${t.industry}`, as.tenantAdmin);
    expect(errors.statusCode).toBe(200);
    const byCode = Object.fromEntries(errors.json().map((e: { code: string; count: number }) => [e.code, e.count]));
    expect(byCode).toMatchObject({ NETWORK: 1, HTTP_5XX: 1, BAD_ANSWER: 1 });
    expect(errors.json().every((e: { meaning: string }) => e.meaning.length > 10)).toBe(true);
    expect((await ctx.inject('/metrics')).body).toMatch(/^enviro_regulator_pending_records 0$/m);
  });

  it('retries a regulator too slow to answer', async () => {
    const s = closed() - 3 * SLOT;
    await send([{ ts: s + MINUTE, values: { pm: 5, so2: 6 } }]);
    await drainRollups(ctx.database);
    await outbox.consume();
    const impatient = new RegulatorOutbox(ctx.db, ctx.app.devices.windows, ctx.app.regulator.vault, { baseBackoffMs: 0, maxBackoffMs: 0, timeoutMs: 200 });
    const state = async () =>
      (await ctx.database.pool.query(`SELECT status, last_error FROM regulator_outbox WHERE tenant_id = $1 AND connection_id = $2 AND slot = $3`, [t.industry, odamsId, new Date(s)])).rows[0];
    receiver.setFault({ mode: 'slow', delayMs: 1_000 });
    await impatient.deliver();
    expect(await state()).toMatchObject({ status: 'PENDING', last_error: expect.stringMatching(/^TIMEOUT/) });
    receiver.setFault({ mode: 'none' });
    await new Promise((r) => setTimeout(r, 1_000));
    await outbox.drain();
    expect(await state()).toMatchObject({ status: 'SENT', last_error: null });
  });

  it('stops the industry on a configuration error, mails its administrators, shows why, and resumes when the mapping is saved', async () => {
    const s = closed() - 5 * SLOT;
    await send([{ ts: s + MINUTE, values: { pm: 4, so2: 5 } }]);
    await drainRollups(ctx.database);
    await outbox.consume();
    const mailsBefore = ctx.mail.mails.length;
    receiver.setFault({ mode: 'answer', status: 116 });
    await outbox.deliver();
    receiver.setFault({ mode: 'none' });
    const status = (await call('GET', `/api/regulatorStatus/${t.industry}`, as.tenantAdmin)).json();
    const odams = status.connections.find((c: { connectionId: number }) => c.connectionId === odamsId);
    expect(odams.stopped).toMatchObject({ code: 'ODAMS-116', message: ' Device is not registered, Please register for the Industry ', regulatorDeviceId: 'DEV-CEMS', meaning: expect.stringContaining('register the IoT device with CPCB') });
    expect(odams.stations[0].lastErrorMeaning).toContain('Configuration error');
    const mails = ctx.mail.mails.slice(mailsBefore);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.subject).toContain('stopped taking Narmada Cement');
    expect(mails[0]!.text).toContain('ODAMS-116');
    const task = (await call('GET', '/api/actionable-task/tenant-not-connected-to-regulator', as.site)).json();
    expect(task.find((r: { tenantId: number }) => r.tenantId === t.industry)).toMatchObject({ reason: 'STOPPED', detail: expect.stringContaining('ODAMS-116') });

    // Nothing goes out while stopped; saving the mapping resumes it.
    const requests = receiver.stats().requests;
    expect((await outbox.deliver()).claimed).toBe(0);
    expect(receiver.stats().requests).toBe(requests);
    await call('PUT', `/api/regulatorMappings/${t.industry}/${odamsId}`, as.site, mapping());
    await outbox.drain();
    const after = (await ctx.database.pool.query(`SELECT status FROM regulator_outbox WHERE tenant_id = $1 AND connection_id = $2 AND slot = $3`, [t.industry, odamsId, new Date(s)])).rows[0];
    expect(after).toEqual({ status: 'SENT' });
  });

  it('refuses a record the regulator will never take, with the reason in words, and never retries it', async () => {
    const s = closed() - 6 * SLOT;
    await send([{ ts: s + MINUTE, values: { pm: 2, so2: 3 } }]);
    await drainRollups(ctx.database);
    await outbox.consume();
    receiver.setFault({ mode: 'answer', status: 110 });
    await outbox.drain();
    receiver.setFault({ mode: 'none' });
    const day = new Date(s + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const files = (await call('GET', `/api/getListOfFilesOfOneDay?tenantId=${t.industry}&date=${day}&status=REJECTED`, as.tenantAdmin)).json();
    const refused = files.items.find((f: { slot: string; connectionId: number }) => f.slot === new Date(s).toISOString() && f.connectionId === odamsId);
    expect(refused).toMatchObject({ status: 'REJECTED', lastError: expect.stringMatching(/^ODAMS-110/), lastErrorMeaning: expect.stringContaining('invalid unit') });
    const logs = (await call('GET', `/api/getListofLogFiles?tenantId=${t.industry}&errorCode=ODAMS-110`, as.tenantAdmin)).json();
    expect(logs.items[0]).toMatchObject({ errorCode: 'ODAMS-110', meaning: expect.stringContaining('CPCB: invalid unit') });
    const attempts = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM regulator_attempt WHERE tenant_id = $1 AND connection_id = $2 AND slot = $3`, [t.industry, odamsId, new Date(s)]);
    expect(attempts.rows[0].n).toBe(1);
  });

  it("feeds a board's oversight overview the same sync as its regulator status page", async () => {
    const status = await call('GET', `/api/regulatorStatus/board/${t.board}`, as.board);
    expect(status.statusCode).toBe(200);
    const industry = status.json().industries.find((i: { tenantId: number }) => i.tenantId === t.industry);
    const overview = await call('GET', '/api/oversight?size=50', as.board);
    expect(overview.statusCode).toBe(200);
    const row = overview.json().items.find((r: { tenantId: number }) => r.tenantId === t.industry);
    expect(row.regulatorSync).toEqual({ inSync: industry.inSync, outOfSync: industry.outOfSync, delayed: industry.delayed });
    expect(row.regulatorSync.inSync + row.regulatorSync.outOfSync + row.regulatorSync.delayed).toBe(1);
  });

  it('marks records beyond the back-fill limit EXPIRED and shows them', async () => {
    const old = new Date(closed() - 8 * 86_400_000);
    await ctx.database.pool.query(`INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot) VALUES ($1, $2, $3, $4)`, [t.industry, odamsId, station, old]);
    await outbox.deliver();
    const { rows } = await ctx.database.pool.query(`SELECT status, last_error FROM regulator_outbox WHERE tenant_id = $1 AND slot = $2`, [t.industry, old]);
    expect(rows[0]).toMatchObject({ status: 'EXPIRED' });
    // The sync view counts it (its slot is past 7 days, its expiry is not).
    const sync = (await call('GET', `/api/regulatorStatus/${t.industry}`, as.tenantAdmin)).json();
    expect(sync.connections.find((c: { connectionId: number }) => c.connectionId === odamsId).stations[0].expired).toBe(1);
    const day = new Date(old.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const files = await call('GET', `/api/getListOfFiles?tenantId=${t.industry}&from=${day}&to=${day}`, as.tenantAdmin);
    expect(files.statusCode).toBe(200);
    expect(files.json()[0]).toMatchObject({ date: day, expired: 1 });
    const ofDay = await call('GET', `/api/getListOfFilesOfOneDay?tenantId=${t.industry}&date=${day}&status=EXPIRED`, as.tenantAdmin);
    expect(ofDay.json().items[0]).toMatchObject({ status: 'EXPIRED', stationName: 'Kiln Stack' });

    // Past the logs' reach (93 days), settled records and attempts are pruned; waiting ones stay.
    const ancient = new Date(closed() - 100 * 86_400_000);
    await ctx.database.pool.query(
      `INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot, status) VALUES ($1, $2, $3, $4, 'SENT'), ($1, $2, $3, $5, 'PENDING')`,
      [t.industry, odamsId, station, ancient, new Date(ancient.getTime() + SLOT)],
    );
    expect(await outbox.prune()).toBe(1);
    const left = await ctx.database.pool.query(`SELECT status FROM regulator_outbox WHERE tenant_id = $1 AND slot < $2`, [t.industry, new Date(closed() - 90 * 86_400_000)]);
    expect(left.rows).toEqual([{ status: 'PENDING' }]);
    await ctx.database.pool.query(`DELETE FROM regulator_outbox WHERE tenant_id = $1 AND slot < $2`, [t.industry, new Date(closed() - 90 * 86_400_000)]);
  });

  it('speaks RTDMS and the generic JSON push too', async () => {
    receiver.register({ username: 'narmada', password: 'pw-1', industryId: 'RT-1' });
    receiver.register({ token: 'generic-token', industryId: 'GJ-1' });
    for (const [protocol, creds, industryId] of [
      ['CPCB_RTDMS', { username: 'narmada', password: 'pw-1' }, 'RT-1'],
      ['GENERIC_JSON', { token: 'generic-token' }, 'GJ-1'],
    ] as const) {
      const c = await call('POST', '/api/regulatorConnections', as.site, { statutoryId: t.board, name: protocol, protocol, url: receiver.url });
      expect(c.statusCode).toBe(201);
      const m = await call('PUT', `/api/regulatorMappings/${t.industry}/${c.json().id}`, as.site, mapping({ industryId, credentials: creds }));
      expect(m.json().issues).toEqual([]);
    }
    const s = closed() - 2 * SLOT;
    await send([{ ts: s + MINUTE, values: { pm: 7, so2: 8 } }]);
    await drainRollups(ctx.database);
    await outbox.drain();
    const got = receiver.values().filter((v) => v.timestamp === s);
    expect(got.map((v) => `${v.protocol}:${v.parameter}:${v.value}:${v.flag}`).sort()).toEqual(
      ['CPCB_ODAMS:pm:7:U', 'CPCB_ODAMS:so2:8:U', 'CPCB_RTDMS:PM:7:U', 'CPCB_RTDMS:SO2:8:U', 'GENERIC_JSON:PM:7:VALID', 'GENERIC_JSON:SO2:8:VALID'].sort(),
    );

    // A late reading changes PM in the slot: RTDMS gets it on its corrections path, which replaces the value; SO2 is unchanged.
    await send([{ ts: s + 2 * MINUTE, values: { pm: 9 } }]);
    await drainRollups(ctx.database);
    await outbox.drain();
    const rtdms = receiver.values().filter((v) => v.protocol === 'CPCB_RTDMS' && v.timestamp === s);
    expect(rtdms.map((v) => `${v.parameter}:${v.value}:${v.corrections}`).sort()).toEqual(['PM:8:1', 'SO2:8:0']);
  });
});

describe('status, logs and republish', () => {
  it('answers SPEC 4 sync per station, industry and board', async () => {
    await send([{ ts: Date.now() - MINUTE, values: { pm: 1 } }]);
    const res = await call('GET', `/api/regulatorStatus/${t.industry}`, as.tenantAdmin);
    expect(res.statusCode).toBe(200);
    const odams = res.json().connections.find((c: { connectionId: number }) => c.connectionId === odamsId);
    expect(odams.stations[0]).toMatchObject({ stationName: 'Kiln Stack', liveStatus: 'LIVE', sync: 'In Sync' });
    expect(odams.stations[0].timeDifferenceMinutes).toBeLessThanOrEqual(120);
    expect(res.json().thresholdMinutes).toBe(120);

    // Nothing accepted for three hours: out of sync.
    await ctx.database.pool.query(`UPDATE regulator_station_sync SET last_accepted_slot = now() - interval '3 hours' WHERE tenant_id = $1 AND connection_id = $2`, [t.industry, odamsId]);
    const late = (await call('GET', `/api/regulatorStatus/${t.industry}`, as.tenantAdmin)).json();
    expect(late.connections.find((c: { connectionId: number }) => c.connectionId === odamsId).sync).toBe('Out of Sync');

    const board = await call('GET', `/api/regulatorStatus/board/${t.board}`, as.board);
    expect(board.statusCode).toBe(200);
    expect(board.json().industries).toEqual([expect.objectContaining({ tenantId: t.industry, connected: true, sync: 'Out of Sync' })]);
    expect((await call('GET', `/api/regulatorStatus/${t.industry}`, as.otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/regulatorStatus/${t.industry}`, undefined)).statusCode).toBe(401);
  });

  it('logs every attempt and counts successes per day and station', async () => {
    const logs = await call('GET', `/api/getListofLogFiles?tenantId=${t.industry}&outcome=SUCCESS&size=5`, as.tenantAdmin);
    expect(logs.statusCode).toBe(200);
    expect(logs.json().total).toBeGreaterThan(5);
    expect(logs.json().items[0]).toMatchObject({ outcome: 'SUCCESS', httpStatus: 200, stationName: 'Kiln Stack' });
    const counts = await call('GET', `/api/getSuccessCounts?tenantId=${t.industry}`, as.tenantAdmin);
    expect(counts.json()[0]).toMatchObject({ stationId: station });
    expect(counts.json()[0].success).toBeGreaterThan(0);
    const bad = await call('GET', `/api/getListofLogFiles?tenantId=${t.industry}&from=2024-13-01`, as.tenantAdmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('querystring.from');
    expect((await call('GET', `/api/getListofLogFiles?tenantId=${t.industry}`, as.otherAdmin)).statusCode).toBe(404);
  });

  it('republishes a range on request and reports its progress', async () => {
    const s = closed();
    const body = { tenantId: t.industry, stationId: station, connectionIds: [odamsId], params: ['pm'], from: new Date(s).toISOString(), to: new Date(s + 2 * SLOT).toISOString(), reason: 'analyser correction' };
    const bad = await call('PUT', '/api/createRepublishData', as.tenantAdmin, { ...body, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.reason');
    expect((await call('PUT', '/api/createRepublishData', as.otherAdmin, body)).statusCode).toBe(404);
    const res = await call('PUT', '/api/createRepublishData', as.tenantAdmin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, status: 'QUEUED', reason: 'analyser correction' });
    const dupBefore = receiver.stats().duplicates;
    await outbox.drain();
    const list = await call('GET', `/api/getRepublishData?tenantId=${t.industry}`, as.tenantAdmin);
    expect(list.json()[0]).toMatchObject({ id: res.json().id, sent: 2, status: 'DONE' });
    // Only PM went again (two slots' averages and the calibrated slot's 30-second value), and the receiver already had those values.
    expect(receiver.stats().duplicates).toBe(dupBefore + 3);
  });

  it('names who asked, and ends a request whose records a later request took over', async () => {
    const s = closed();
    const body = { tenantId: t.industry, stationId: station, connectionIds: [odamsId], params: [], from: new Date(s - 4 * SLOT).toISOString(), to: new Date(s - 2 * SLOT).toISOString(), reason: 'first try' };
    const first = (await call('PUT', '/api/createRepublishData', as.tenantAdmin, body)).json();
    const second = (await call('PUT', '/api/createRepublishData', as.tenantAdmin, { ...body, reason: 'second try' })).json();
    expect(first.total).toBeGreaterThan(0);
    expect(first).toMatchObject({ status: 'QUEUED', createdBy: expect.stringMatching(/^user:\d+$/), createdByName: expect.any(String) });
    expect(first.createdByName.length).toBeGreaterThan(0);
    await outbox.drain();
    const list = (await call('GET', `/api/getRepublishData?tenantId=${t.industry}`, as.tenantAdmin)).json() as { id: number; status: string; superseded: number; sent: number }[];
    expect(list.find((r) => r.id === second.id)).toMatchObject({ sent: first.total, superseded: 0, status: 'DONE' });
    expect(list.find((r) => r.id === first.id)).toMatchObject({ sent: 0, superseded: first.total, status: 'SUPERSEDED' });
    // A board reads the industry's users' names, and a site operator's request without the name.
    const bySite = await call('PUT', '/api/createRepublishData', as.site, { ...body, reason: 'operator check' });
    expect(bySite.json().createdByName).toEqual(expect.any(String));
    const board = (await call('GET', `/api/getRepublishData?tenantId=${t.industry}`, as.board)).json() as { id: number; createdByName: string | null }[];
    expect(board.find((r) => r.id === first.id)!.createdByName).toBe(first.createdByName);
    expect(board.find((r) => r.id === bySite.json().id)!.createdByName).toBeNull();
  });

  it('lists industries with reporting stations and no working connection', async () => {
    const res = await call('GET', '/api/actionable-task/tenant-not-connected-to-regulator', as.site);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((r: { tenantId: number; reason: string }) => `${r.tenantId}:${r.reason}`);
    expect(ids).toContain(`${t.other}:NO_MAPPING`);
    expect(ids.some((x: string) => x.startsWith(`${t.industry}:`))).toBe(false);
    expect((await call('GET', '/api/actionable-task/tenant-not-connected-to-regulator', as.tenantAdmin)).statusCode).toBe(403);

    // A back-filled slot three hours old, queued now and refused, with nothing accepted for two hours:
    // not flagged until it has waited an hour since it was queued.
    await ctx.database.pool.query(`UPDATE regulator_station_sync SET last_sent_at = now() - interval '2 hours' WHERE tenant_id = $1`, [t.industry]);
    const old = new Date(closed() - 12 * SLOT);
    await ctx.database.pool.query(`INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot, attempts, last_error) VALUES ($1, $2, $3, $4, 1, 'NETWORK: refused')`, [t.industry, odamsId, station, old]);
    const flagged = async () => (await call('GET', '/api/actionable-task/tenant-not-connected-to-regulator', as.site)).json().find((r: { tenantId: number }) => r.tenantId === t.industry);
    expect(await flagged()).toBeUndefined();
    await ctx.database.pool.query(`UPDATE regulator_outbox SET waiting_since = now() - interval '61 minutes' WHERE tenant_id = $1 AND slot = $2`, [t.industry, old]);
    expect(await flagged()).toMatchObject({ reason: 'FAILING' });
    await ctx.database.pool.query(`DELETE FROM regulator_outbox WHERE tenant_id = $1 AND slot = $2`, [t.industry, old]);
  });
});
