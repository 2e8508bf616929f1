import { ChangeRequest, ChangeRequestHistory, ChangeRequestPage } from '@enviro/contracts/change-requests';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequestService, changeRequestDeps } from '../src/modules/change-requests/change-requests.service.ts';
import { useTestApp } from './test-app.ts';
import { userAuth } from './user-auth.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const HOUR = 3_600_000;

/** A quarter-aligned instant `hours` from now. */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 900_000) * 900_000).toISOString();

/**
 * Change requests over the API (issue 35): an industry raises, the board it reports to decides,
 * every move is checked, kept in the history and mailed to the other party; bad input gets a 400,
 * 404 or 409 naming what is wrong; another tenant's users see nothing.
 */
describe('change requests', () => {
  const ctx = useTestApp({ mail: true });
  const t = { industry: 0, other: 0, board: 0, otherBoard: 0, site: 0 };
  const as = { industry: '', industryAdmin: '', board: '', otherIndustry: '', otherBoard: '', site: '' };
  let stationId = 0;
  let deviceId = 0;
  let otherStationId = 0;
  const mail = { industryAdmin: '', board: '' };
  const ids = { industry: 0, board: 0 };

  beforeAll(async () => {
    t.industry = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    t.other = (await ctx.b.newTenant({ name: 'Godavari Steel' })).id;
    t.board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    t.otherBoard = (await ctx.b.newTenant({ name: 'Gujarat SPCB', type: 'statutory' })).id;
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2), ($3, $4)`, [t.industry, t.board, t.other, t.otherBoard]);
    stationId = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Kiln stack' })).id;
    deviceId = (await ctx.b.newDevice({ tenantId: t.industry, entityId: stationId, name: 'Dust monitor', params: [{ name: 'pm', max: 50 }] })).id;
    otherStationId = (await ctx.b.newEntity({ tenantId: t.other, name: 'Blast furnace' })).id;
    const shift = await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'user', userName: 'shift@kota.example.in' });
    as.industry = shift.cookie;
    ids.industry = shift.id;
    const admin = await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'admin', userName: 'admin@kota.example.in' });
    as.industryAdmin = admin.cookie;
    mail.industryAdmin = admin.userName;
    const board = await ctx.signedIn({ tenantId: t.board, userType: 'statutory', role: 'user', userName: 'desk@rspcb.example.in' });
    as.board = board.cookie;
    ids.board = board.id;
    mail.board = board.userName;
    as.otherIndustry = (await ctx.signedIn({ tenantId: t.other, userType: 'tenant', role: 'admin' })).cookie;
    as.otherBoard = (await ctx.signedIn({ tenantId: t.otherBoard, userType: 'statutory', role: 'user', userName: 'desk@gpcb.example.in' })).cookie;
    as.site = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    ctx.inject({ method, url, headers: { cookie, ...(method === 'GET' ? {} : XHR) }, ...(payload ? { payload } : {}) });
  const raise = (payload: object, cookie = as.industry) => call('POST', '/api/changeRequest/maintenance', cookie, payload);
  const move = (id: number, cookie: string, status: string, comment = '') => call('PATCH', `/api/changeRequest/${id}`, cookie, { status, comment });

  it('lets the industry announce maintenance, mails its board, and keeps the history', async () => {
    const since = ctx.mail.mails.length;
    const res = await raise({ stationId, from: inHours(24), to: inHours(28), reason: 'Replacing the sample probe' });
    expect(res.statusCode).toBe(201);
    const cr = ChangeRequest.parse(res.json());
    expect(cr).toMatchObject({ crType: 'MAINTENANCE', status: 'SUBMITTED', industry: 'Kota Cement', station: 'Kiln stack', deviceId: null, moves: ['WITHDRAWN'] });

    const told = await ctx.mail.next(mail.board, since);
    expect(told.subject).toBe(`Maintenance request ${cr.id} of Kota Cement, Kiln stack: submitted`);
    expect(told.text).toContain(`/app/change-requests/${cr.id}`);
    // The other board is not told.
    expect(ctx.mail.mails.slice(since).filter((m) => m.to.includes('desk@gpcb.example.in'))).toEqual([]);

    // The board sees it with its moves; the history names who submitted it.
    const seen = ChangeRequest.parse((await call('GET', `/api/changeRequest/${cr.id}`, as.board)).json());
    expect(seen.moves).toEqual(['UNDER_REVIEW', 'APPROVED', 'REJECTED']);
    const history = ChangeRequestHistory.parse((await call('GET', `/api/changeRequest/${cr.id}/history`, as.board)).json());
    expect(history.items.map((e) => e.status)).toEqual(['SUBMITTED']);
  });

  it('moves a request through review to approval, opening the maintenance window, and tells the industry each time', async () => {
    const cr = ChangeRequest.parse((await raise({ stationId, deviceId, from: inHours(48), to: inHours(50), reason: 'Analyser overhaul' })).json());
    let since = ctx.mail.mails.length;
    const review = await move(cr.id, as.board, 'UNDER_REVIEW', 'Checking the schedule');
    expect(review.statusCode).toBe(200);
    expect((await ctx.mail.next(mail.industryAdmin, since)).subject).toBe(`Maintenance request ${cr.id} of Kota Cement, Kiln stack: under review`);

    since = ctx.mail.mails.length;
    const approved = await move(cr.id, as.board, 'APPROVED', 'Agreed');
    expect(approved.statusCode).toBe(200);
    expect(ChangeRequest.parse(approved.json())).toMatchObject({ status: 'APPROVED', moves: ['CLOSED'] });
    const told = await ctx.mail.next(mail.industryAdmin, since);
    expect(told.text).toContain('Comment: Agreed');
    // Who raised it (a user, not an admin) is told too.
    await ctx.mail.next('shift@kota.example.in', since);

    const { rows } = await ctx.database.pool.query(
      `SELECT kind, device_id::int AS "deviceId", entity_id AS "entityId", starts_at AS "startsAt", ends_at AS "endsAt" FROM suppression_window WHERE tenant_id = $1 AND source = $2`,
      [t.industry, `change-request:${cr.id}`],
    );
    expect(rows).toEqual([{ kind: 'MAINTENANCE', deviceId, entityId: null, startsAt: new Date(cr.from), endsAt: new Date(cr.to) }]);

    const history = ChangeRequestHistory.parse((await call('GET', `/api/changeRequest/${cr.id}/history`, as.industry)).json());
    expect(history.items.map((e) => [e.status, e.comment])).toEqual([['SUBMITTED', ''], ['UNDER_REVIEW', 'Checking the schedule'], ['APPROVED', 'Agreed']]);
    expect(new Set(history.items.slice(1).map((e) => e.actor)).size).toBe(1);

    // A window overlapping the approved one is refused, whole station or one analyser alike.
    const overlap = await raise({ stationId, from: inHours(49), to: inHours(52), reason: 'More work' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(new RegExp(`^from: the window overlaps approved maintenance request ${cr.id} of the station`));
  });

  it('refuses moves the workflow does not allow (409) and moves of the wrong party (403)', async () => {
    const cr = ChangeRequest.parse((await raise({ stationId, from: inHours(72), to: inHours(73), reason: 'Calibration gas change' })).json());
    const own = await move(cr.id, as.industryAdmin, 'APPROVED');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('status: only the board may make a request approved');
    expect((await move(cr.id, as.board, 'WITHDRAWN')).statusCode).toBe(403);
    expect((await move(cr.id, as.board, 'CLOSED')).statusCode).toBe(409);

    const reject = await move(cr.id, as.board, 'REJECTED');
    expect(reject.statusCode).toBe(400);
    expect(reject.json().message).toBe('comment: say why the request is rejected');

    expect((await move(cr.id, as.industry, 'WITHDRAWN', 'Postponed')).statusCode).toBe(200);
    const late = await move(cr.id, as.board, 'APPROVED');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('status: a request withdrawn cannot become approved: nothing follows it');
    const { rows } = await ctx.database.pool.query(`SELECT 1 FROM suppression_window WHERE source = $1`, [`change-request:${cr.id}`]);
    expect(rows).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    const base = { stationId, from: inHours(100), to: inHours(101), reason: 'Work' };
    const cases: [object, number, RegExp][] = [
      [{ ...base, to: inHours(99) }, 400, /^to: the period must end after it starts/],
      [{ ...base, to: base.from }, 400, /^to: the period must end after it starts/],
      [{ ...base, from: inHours(-2), to: inHours(-1) }, 400, /^from: a maintenance window is announced before it starts/],
      [{ ...base, to: inHours(100 + 24 * 40) }, 400, /^to: a maintenance window lasts at most 31 days/],
      [{ ...base, reason: '' }, 400, /reason/],
      [{ ...base, from: 'tomorrow' }, 400, /from/],
      [{ ...base, reason: 'x'.repeat(1_000_000) }, 400, /reason/],
      [{ ...base, documentIds: [987654] }, 400, /^documentIds: no document with id= 987654 exists in this industry/],
      [{ ...base, stationId: otherStationId }, 404, /^No station with id= /],
      [{ ...base, deviceId: 987654 }, 404, /^No device with id= 987654 exists on station Kiln stack/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await raise(payload);
      expect([res.statusCode, res.json().message]).toEqual([status, expect.stringMatching(message)]);
    }
    const cr = ChangeRequest.parse((await raise(base)).json());
    const huge = await move(cr.id, as.board, 'UNDER_REVIEW', 'x'.repeat(1_000_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/^body.comment: the comment is at most 4000 characters/);
    const unknown = await move(cr.id, as.board, 'DONE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^body.status: /);
  });

  it("attaches the industry's own documents, never another tenant's", async () => {
    const doc = async (tenantId: number, name: string) =>
      (await ctx.database.pool.query<{ id: string }>(
        `INSERT INTO document (tenant_id, type, path_name, file_name, content_type, content) VALUES ($1, 'MAINTENANCE_PLAN', $2, $3, 'application/pdf', '\\x25504446'::bytea) RETURNING id`,
        [tenantId, `${tenantId}/${name}`, name],
      )).rows[0]!.id;
    const own = Number(await doc(t.industry, 'probe-work-plan.pdf'));
    const foreign = Number(await doc(t.other, 'their-plan.pdf'));
    const base = { stationId, from: inHours(150), to: inHours(151), reason: 'Work' };
    const res = await raise({ ...base, documentIds: [own] });
    expect(res.statusCode).toBe(201);
    expect(ChangeRequest.parse(res.json()).documents).toEqual([{ id: own, fileName: 'probe-work-plan.pdf', pathName: `${t.industry}/probe-work-plan.pdf` }]);
    const refused = await raise({ ...base, documentIds: [own, foreign] });
    expect([refused.statusCode, refused.json().message]).toEqual([400, `documentIds: no document with id= ${foreign} exists in this industry`]);
  });

  it('lets the industry change a request until the board takes it up, and not after', async () => {
    const cr = ChangeRequest.parse((await raise({ stationId, from: inHours(120), to: inHours(121), reason: 'Work' })).json());
    const put = await call('PUT', '/api/cr/maintenance', as.industry, { id: cr.id, stationId, from: inHours(122), to: inHours(124), reason: 'Work, moved by two hours' });
    expect(put.statusCode).toBe(200);
    expect(ChangeRequest.parse(put.json())).toMatchObject({ reason: 'Work, moved by two hours', from: new Date(inHours(122)).toISOString() });
    expect((await move(cr.id, as.board, 'UNDER_REVIEW')).statusCode).toBe(200);
    const again = await call('PUT', '/api/cr/maintenance', as.industry, { id: cr.id, stationId, from: inHours(122), to: inHours(125), reason: 'Work' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('status: only a submitted request may be changed; this one is under review');
  });

  it('takes correction requests of past data of a parameter, not of the future', async () => {
    const base = { stationId, deviceId, param: 'pm', from: inHours(-30), to: inHours(-26), reason: 'The analyser read in mg/m3 instead of µg/m3', correction: { kind: 'LINEAR', factor: 1000 } };
    const res = await call('POST', '/api/cr/correction', as.industry, base);
    expect(res.statusCode).toBe(201);
    expect(ChangeRequest.parse(res.json())).toMatchObject({ crType: 'CORRECTION', param: 'pm', correction: { kind: 'LINEAR', factor: 1000, offset: 0 } });
    const future = await call('POST', '/api/cr/correction', as.industry, { ...base, to: inHours(2) });
    expect([future.statusCode, future.json().message]).toEqual([400, 'to: a correction is of data already recorded: the period must end by now']);
    const param = await call('POST', '/api/cr/correction', as.industry, { ...base, param: 'so2' });
    expect([param.statusCode, param.json().message]).toEqual([400, `param: device ${deviceId} has no parameter so2`]);
    const foreign = await call('POST', '/api/cr/correction', as.industry, { ...base, stationId: otherStationId });
    expect(foreign.statusCode).toBe(404);

    const list = ChangeRequestPage.parse((await call('GET', '/api/changeRequest?crType=correction', as.board)).json());
    expect(list.items.map((r) => r.crType)).toEqual(['CORRECTION']);
  });

  it('keeps each tenant to its own requests: another industry or board gets 404, site staff read all but decide nothing', async () => {
    const cr = ChangeRequest.parse((await raise({ stationId, from: inHours(200), to: inHours(201), reason: 'Work' })).json());
    for (const cookie of [as.otherIndustry, as.otherBoard]) {
      expect((await call('GET', `/api/changeRequest/${cr.id}`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/changeRequest/${cr.id}/history`, cookie)).statusCode).toBe(404);
      expect((await move(cr.id, cookie, cookie === as.otherBoard ? 'APPROVED' : 'WITHDRAWN', 'x')).statusCode).toBe(404);
      const list = ChangeRequestPage.parse((await call('GET', '/api/changeRequest', cookie)).json());
      expect(list.items.filter((r) => r.tenantId === t.industry)).toEqual([]);
    }
    expect((await call('GET', `/api/changeRequest?tenantId=${t.industry}`, as.otherBoard)).statusCode).toBe(404);
    const put = await call('PUT', '/api/cr/maintenance', as.otherIndustry, { id: cr.id, stationId: otherStationId, from: inHours(200), to: inHours(201), reason: 'x' });
    expect(put.statusCode).toBe(404);

    const site = ChangeRequestPage.parse((await call('GET', `/api/changeRequest?tenantId=${t.industry}&sort=from&order=asc`, as.site)).json());
    expect(site.items.map((r) => r.id)).toContain(cr.id);
    expect(site.items.map((r) => r.from)).toEqual([...site.items.map((r) => r.from)].sort());
    expect(site.items.every((r) => r.moves.length === 0)).toBe(true);
    expect((await move(cr.id, as.site, 'APPROVED')).statusCode).toBe(403);
    expect((await raise({ stationId, from: inHours(300), to: inHours(301), reason: 'x' }, as.board)).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/changeRequest' })).statusCode).toBe(401);
  });

  it('refuses to approve a window that has already started: downtime not agreed beforehand stays downtime', async () => {
    let clock = Date.now();
    const service = new ChangeRequestService(changeRequestDeps(ctx.app), () => clock);
    const industry = userAuth(ids.industry, t.industry, 'tenant', 'user', [t.industry]);
    const board = userAuth(ids.board, t.board, 'statutory', 'user', [t.board, t.industry]);
    const from = new Date(Math.ceil((clock + HOUR) / 900_000) * 900_000);
    const cr = await service.raise(industry, 'MAINTENANCE', { stationId, from: from.toISOString(), to: new Date(from.getTime() + HOUR).toISOString(), reason: 'Work' });
    clock = from.getTime() + 60_000;
    await expect(service.move(board, cr.id, { status: 'APPROVED' })).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/^status: the window started at .+ IST, before it was approved/) });
  });
});
