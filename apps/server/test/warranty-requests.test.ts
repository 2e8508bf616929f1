import { WarrantyPage, WarrantyRequest, WarrantyTerms } from '@enviro/contracts/warranty-requests';
import { beforeAll, describe, expect, it } from 'vitest';
import { WarrantyService } from '../src/modules/warranty-requests/warranty-requests.service.ts';
import { useTestApp } from './test-app.ts';
import { userAuth } from './user-auth.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const HOUR = 3_600_000;

/**
 * Warranty requests over the API (issue 35): the industry reports a faulty device, the service
 * partner linked to it works it within the SLA of its terms, both talk in the thread; bad input is
 * refused naming the field; other tenants and other partners see nothing.
 */
describe('warranty requests', () => {
  const ctx = useTestApp({ mail: true });
  const t = { industry: 0, other: 0, partner: 0, otherPartner: 0, site: 0 };
  const as = { industry: '', partner: '', otherPartner: '', otherIndustry: '', site: '' };
  const mailOf = { partner: '', industry: '' };
  let deviceId = 0;
  let otherDeviceId = 0;
  let industryUserId = 0;

  beforeAll(async () => {
    t.industry = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    t.other = (await ctx.b.newTenant({ name: 'Godavari Steel' })).id;
    t.partner = (await ctx.b.newTenant({ name: 'Marudhar Instruments', type: 'partner' })).id;
    t.otherPartner = (await ctx.b.newTenant({ name: 'Deccan Analytics', type: 'partner' })).id;
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    await ctx.database.pool.query(`INSERT INTO partner_tenant (tenant_id, partner_id) VALUES ($1, $2), ($3, $4)`, [t.industry, t.partner, t.other, t.otherPartner]);
    const station = (await ctx.b.newEntity({ tenantId: t.industry, name: 'Kiln stack' })).id;
    deviceId = (await ctx.b.newDevice({ tenantId: t.industry, entityId: station, name: 'Dust monitor', params: [{ name: 'pm', max: 50 }] })).id;
    const otherStation = (await ctx.b.newEntity({ tenantId: t.other, name: 'Blast furnace' })).id;
    otherDeviceId = (await ctx.b.newDevice({ tenantId: t.other, entityId: otherStation, params: [{ name: 'pm', max: 50 }] })).id;
    const shift = await ctx.signedIn({ tenantId: t.industry, userType: 'tenant', role: 'user', name: 'Vikram Singh' });
    as.industry = shift.cookie;
    industryUserId = shift.id;
    mailOf.industry = shift.userName;
    const engineer = await ctx.signedIn({ tenantId: t.partner, userType: 'partner', role: 'partner', name: 'Ravi Engineer' });
    as.partner = engineer.cookie;
    mailOf.partner = engineer.userName;
    as.otherPartner = (await ctx.signedIn({ tenantId: t.otherPartner, userType: 'partner', role: 'admin' })).cookie;
    as.otherIndustry = (await ctx.signedIn({ tenantId: t.other, userType: 'tenant', role: 'admin' })).cookie;
    as.site = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' })).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.inject({ method, url, headers: { cookie, ...(method === 'GET' ? {} : XHR) }, ...(payload ? { payload } : {}) });
  const raise = (payload: object, cookie = as.industry) => call('POST', '/api/warrantRequests', cookie, payload);
  const fault = { deviceId: 0, serialNo: 'TF-5014i-0042', fault: 'The pump does not start after a power cut.' };

  it("sets a partner's terms: its own staff and site administrators write, the industries it serves read, others get 404", async () => {
    const terms = { responseHours: 4, resolutionHours: 48 };
    expect(WarrantyTerms.parse((await call('GET', `/api/warrantyTerms/${t.partner}`, as.industry)).json())).toMatchObject({ partner: 'Marudhar Instruments', responseHours: 24, resolutionHours: 72, isDefault: true });
    expect((await call('PUT', `/api/warrantyTerms/${t.partner}`, as.otherPartner, terms)).statusCode).toBe(404);
    expect((await call('PUT', `/api/warrantyTerms/${t.partner}`, as.industry, terms)).statusCode).toBe(403);
    const bad = await call('PUT', `/api/warrantyTerms/${t.partner}`, as.partner, { responseHours: 60, resolutionHours: 48 });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'body.responseHours']);
    const set = await call('PUT', `/api/warrantyTerms/${t.partner}`, as.partner, terms);
    expect(set.statusCode).toBe(200);
    expect(WarrantyTerms.parse(set.json())).toMatchObject({ ...terms, isDefault: false });
    expect(WarrantyTerms.parse((await call('GET', `/api/warrantyTerms/${t.partner}`, as.site)).json())).toMatchObject(terms);
    expect((await call('GET', `/api/warrantyTerms/${t.partner}`, as.otherIndustry)).statusCode).toBe(404);
    expect((await call('GET', `/api/warrantyTerms/${t.site}`, as.site)).statusCode).toBe(404);
  });

  it('sends the request to the partner with the SLA of its terms, mails the other side of each move and comment, and lets both talk in the thread', async () => {
    const before = Date.now();
    const sent = ctx.mail.mails.length;
    const res = await raise({ ...fault, deviceId });
    expect(res.statusCode).toBe(201);
    const w = WarrantyRequest.parse(res.json());
    expect(w).toMatchObject({ status: 'OPEN', partner: 'Marudhar Instruments', slaHours: 48, responseHours: 4, respondedAt: null, overdue: false, responseOverdue: false, device: 'Dust monitor', station: 'Kiln stack', serialNo: 'TF-5014i-0042', raisedBy: 'Vikram Singh', moves: [] });
    expect(Date.parse(w.dueAt) - before).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    expect(Date.parse(w.respondBy) - before).toBeGreaterThanOrEqual(4 * HOUR - 1000);
    expect(w.slaMinutesLeft).toBeGreaterThan(47 * 60);
    expect(w.responseMinutesLeft).toBeGreaterThan(3 * 60);
    const told = () => ctx.mail.mails.slice(sent).map((m) => [String(m.to), m.subject]);
    expect(told()).toEqual([[mailOf.partner, `Warranty request ${w.id} of Kota Cement, Dust monitor`]]);

    const seen = WarrantyRequest.parse((await call('GET', `/api/warrantRequests/${w.id}`, as.partner)).json());
    expect(seen.moves).toEqual(['IN_PROGRESS', 'RESOLVED', 'REJECTED']);
    const taken = WarrantyRequest.parse((await call('PATCH', `/api/warrantRequests/${w.id}`, as.partner, { status: 'IN_PROGRESS', comment: 'Engineer visits tomorrow' })).json());
    expect(taken).toMatchObject({ responseMinutesLeft: null, responseOverdue: false, respondedAt: expect.any(String) });
    expect(told().slice(1)).toEqual([[mailOf.industry, `Warranty request ${w.id} of Kota Cement, Dust monitor`]]);
    expect(ctx.mail.mails.at(-1)!.text).toContain('Engineer visits tomorrow');
    const commented = await call('POST', `/api/addComment/warrantRequests/${w.id}`, as.industry, { comment: 'The gate pass is ready.' });
    expect(commented.statusCode).toBe(200);
    expect(told().at(-1)).toEqual([mailOf.partner, expect.any(String)]);
    expect((await call('PATCH', `/api/warrantRequests/${w.id}`, as.partner, { status: 'RESOLVED', comment: 'Pump relay replaced' })).statusCode).toBe(200);
    const closed = WarrantyRequest.parse((await call('PATCH', `/api/warrantRequests/${w.id}`, as.industry, { status: 'CLOSED', comment: 'Working since' })).json());
    expect(closed).toMatchObject({ status: 'CLOSED', slaMinutesLeft: null, overdue: false, moves: [] });
    expect(closed.comments.map((c) => [c.author, c.status, c.body])).toEqual([
      ['Ravi Engineer', 'IN_PROGRESS', 'Engineer visits tomorrow'],
      ['Vikram Singh', null, 'The gate pass is ready.'],
      ['Ravi Engineer', 'RESOLVED', 'Pump relay replaced'],
      ['Vikram Singh', 'CLOSED', 'Working since'],
    ]);
  });

  it('flags a request overdue once the SLA runs out while the partner has it, overdue first in the list', async () => {
    let clock = Date.now() - 50 * HOUR;
    const service = new WarrantyService(ctx.db, ctx.app.entities.entities, ctx.app.documents.documents, () => clock);
    const old = await service.raise(userAuth(industryUserId, t.industry, 'tenant', 'user', [t.industry]), { ...fault, deviceId, fault: 'The display is blank.' });
    clock = Date.now();
    const listed = await call('GET', '/api/warrantRequests?overdue=true', as.partner);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = WarrantyPage.parse(listed.json());
    expect(list.items.map((w) => [w.id, w.overdue])).toEqual([[old.id, true]]);
    expect(list.items[0]!.slaMinutesLeft).toBeLessThan(-60);
    const all = WarrantyPage.parse((await call('GET', '/api/warrantRequests', as.industry)).json());
    expect(all.items[0]!.id).toBe(old.id);

    // Not yet answered 5 hours after being raised: past the 4 response hours, well inside the 48 to resolve.
    clock = Date.now() - 5 * HOUR;
    const unanswered = await service.raise(userAuth(industryUserId, t.industry, 'tenant', 'user', [t.industry]), { ...fault, deviceId, fault: 'Flow reads zero.' });
    clock = Date.now();
    const flagged = WarrantyRequest.parse((await call('GET', `/api/warrantRequests/${unanswered.id}`, as.partner)).json());
    expect(flagged).toMatchObject({ overdue: true, responseOverdue: true, resolutionOverdue: false });
    expect(WarrantyPage.parse((await call('GET', '/api/warrantRequests?overdue=true', as.partner)).json()).items.map((w) => w.id)).toContain(unanswered.id);
    // The partner's answer stops the response clock: no longer overdue.
    await call('POST', `/api/addComment/warrantRequests/${unanswered.id}`, as.partner, { comment: 'Looking into it' });
    expect(WarrantyRequest.parse((await call('GET', `/api/warrantRequests/${unanswered.id}`, as.partner)).json())).toMatchObject({ overdue: false, responseOverdue: false });
  });

  it('refuses bad input naming the field, jumps the workflow lacks (409) and the wrong side (403)', async () => {
    const cases: [object, number, RegExp][] = [
      [{ ...fault, deviceId, serialNo: '' }, 400, /serialNo/],
      [{ ...fault, deviceId, fault: 'x'.repeat(1_000_000) }, 400, /^body.fault: the fault is at most 4000 characters/],
      [{ ...fault, deviceId, photoIds: [987654] }, 400, /^photoIds: no document with id= 987654 exists in this industry/],
      [{ ...fault, deviceId, partnerId: t.otherPartner }, 400, /^partnerId: tenant \d+ is not a service partner of this industry/],
      [{ ...fault, deviceId: otherDeviceId }, 404, /^No device with id= /],
    ];
    for (const [payload, status, message] of cases) {
      const res = await raise(payload);
      expect([res.statusCode, res.json().message]).toEqual([status, expect.stringMatching(message)]);
    }
    const w = WarrantyRequest.parse((await raise({ ...fault, deviceId })).json());
    const huge = await call('POST', `/api/addComment/warrantRequests/${w.id}`, as.partner, { comment: 'x'.repeat(1_000_000) });
    expect([huge.statusCode, huge.json().message]).toEqual([400, expect.stringMatching(/^body.comment: the comment is at most 4000 characters/)]);
    expect((await call('POST', `/api/addComment/warrantRequests/${w.id}`, as.partner, { comment: '  ' })).statusCode).toBe(400);
    const jump = await call('PATCH', `/api/warrantRequests/${w.id}`, as.industry, { status: 'CLOSED' });
    expect([jump.statusCode, jump.json().message]).toEqual([409, 'status: a request open cannot become closed: it may become in progress, resolved, rejected']);
    const own = await call('PATCH', `/api/warrantRequests/${w.id}`, as.industry, { status: 'RESOLVED' });
    expect([own.statusCode, own.json().message]).toEqual([403, 'status: only the partner may make a request resolved']);
    const reject = await call('PATCH', `/api/warrantRequests/${w.id}`, as.partner, { status: 'REJECTED' });
    expect([reject.statusCode, reject.json().message]).toEqual([400, 'comment: say why the request is rejected']);

    // Deleted while open; once the partner took it up, only closing remains.
    expect((await call('DELETE', `/api/warrantRequests/${w.id}`, as.industry)).json()).toEqual({ id: w.id, deleted: true });
    expect((await call('GET', `/api/warrantRequests/${w.id}`, as.industry)).statusCode).toBe(404);
    const taken = WarrantyRequest.parse((await raise({ ...fault, deviceId })).json());
    await call('PATCH', `/api/warrantRequests/${taken.id}`, as.partner, { status: 'IN_PROGRESS' });
    const late = await call('DELETE', `/api/warrantRequests/${taken.id}`, as.industry);
    expect([late.statusCode, late.json().message]).toEqual([409, 'status: only an open request may be deleted; this one is in progress: close it instead']);
  });

  it('keeps each tenant and partner to its own: 404 for others, site staff read all but act on nothing', async () => {
    const w = WarrantyRequest.parse((await raise({ ...fault, deviceId })).json());
    for (const cookie of [as.otherIndustry, as.otherPartner]) {
      expect((await call('GET', `/api/warrantRequests/${w.id}`, cookie)).statusCode).toBe(404);
      expect((await call('POST', `/api/addComment/warrantRequests/${w.id}`, cookie, { comment: 'hello' })).statusCode).toBe(404);
      expect((await call('PATCH', `/api/warrantRequests/${w.id}`, cookie, { status: 'IN_PROGRESS' })).statusCode).toBe(404);
      const list = WarrantyPage.parse((await call('GET', '/api/warrantRequests', cookie)).json());
      expect(list.items.filter((x) => x.tenantId === t.industry)).toEqual([]);
    }
    expect((await call('DELETE', `/api/warrantRequests/${w.id}`, as.otherIndustry)).statusCode).toBe(404);
    const site = WarrantyPage.parse((await call('GET', `/api/warrantRequests?tenantId=${t.industry}`, as.site)).json());
    expect(site.items.map((x) => x.id)).toContain(w.id);
    expect((await call('POST', `/api/addComment/warrantRequests/${w.id}`, as.site, { comment: 'hello' })).statusCode).toBe(403);
    expect((await raise({ ...fault, deviceId }, as.partner)).statusCode).toBe(403);
  });
});
