import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, addDays, dayOf } from '@enviro/domain/time-zone';
import { sendConsentReminders } from '../src/modules/consents/consent-reminders.ts';
import { useTestApp } from './test-app.ts';

const today = () => dayOf(Date.now(), DEFAULT_TIME_ZONE);

describe('consents', () => {
  const ctx = useTestApp({ mail: true });
  let tenantId: number;
  let station: number;
  let otherStation: number;
  let admin: { id: number; userName: string; headers: Record<string, string> };
  let stranger: Record<string, string>;

  beforeAll(async () => {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 100 }] });
    ({ tenantId, entityId: station } = d);
    const otherTenant = (await ctx.b.newTenant()).id;
    otherStation = (await ctx.b.newEntity({ tenantId: otherTenant, name: 'Their stack' })).id;
    const a = await ctx.signedIn({ tenantId, userType: 'tenant', role: 'admin' });
    admin = { ...a, headers: { cookie: a.cookie, 'x-requested-with': 'XMLHttpRequest' } };
    stranger = { cookie: (await ctx.signedIn({ tenantId: otherTenant, userType: 'tenant', role: 'admin' })).cookie, 'x-requested-with': 'XMLHttpRequest' };
  });

  const create = (body: object, headers = admin.headers) => ctx.inject({ method: 'POST', url: '/api/consents', headers, payload: body });
  const cto = (o: object = {}) => ({ entityId: station, kind: 'CTO', number: 'RPCB/CTO/2026/1', issuedBy: 'Rajasthan SPCB', issuedOn: addDays(today(), -300), expiresOn: addDays(today(), 20), ...o });

  it('records a CTO of a station with its limits and says how near its expiry it is', async () => {
    const res = await create(cto({ limits: [{ paramName: 'pm', maxValue: 50, unit: 'mg/Nm3' }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tenantId, entityId: station, kind: 'CTO', daysLeft: 20, standing: 'WITHIN_30', limits: [{ paramName: 'pm', maxValue: 50, unit: 'mg/Nm3' }] });
    const audit = await ctx.database.pool.query('SELECT action FROM audit_log WHERE tenant_id = $1 AND entity = $2', [tenantId, `consent:${res.json().id}`]);
    expect(audit.rows).toEqual([{ action: 'consent.add' }]);
  });

  it.each([
    ['an expiry before the issue', { issuedOn: '2026-05-01', expiresOn: '2026-04-30' }, 'body.expiresOn', 'body.expiresOn: must not be before the day it was issued'],
    ['a day not in the calendar', { expiresOn: '2026-02-30' }, 'body.expiresOn', 'body.expiresOn: not a date of the calendar'],
    ['an unknown kind', { kind: 'CTE' }, 'body.kind', undefined],
  ])('refuses %s, naming the field, and stores nothing', async (_case, o, field, message) => {
    const before = await ctx.database.pool.query('SELECT count(*)::int AS n FROM consent');
    const res = await create(cto(o));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM consent')).rows[0].n).toBe(before.rows[0].n);
  });

  it("answers 404 for another tenant's station and consent", async () => {
    expect((await create(cto({ entityId: otherStation }))).statusCode).toBe(404);
    const mine = (await create(cto({ number: 'mine' }))).json();
    const res = await ctx.inject({ method: 'DELETE', url: `/api/consents/${mine.id}`, headers: stranger });
    expect(res.statusCode).toBe(404);
    const list = (await ctx.inject({ method: 'GET', url: '/api/consents', headers: stranger })).json();
    expect(list.items.map((c: { number: string }) => c.number)).not.toContain('mine');
    expect((await ctx.inject({ method: 'DELETE', url: `/api/consents/${mine.id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('lists the consents in force expired or expiring within 60 days as actionable tasks, renewed ones left out', async () => {
    const t = (await ctx.b.newTenant()).id;
    const s1 = (await ctx.b.newEntity({ tenantId: t, name: 'Stack 1' })).id;
    const s2 = (await ctx.b.newEntity({ tenantId: t, name: 'Stack 2' })).id;
    const s3 = (await ctx.b.newEntity({ tenantId: t, name: 'Stack 3' })).id;
    const h = { cookie: (await ctx.signedIn({ tenantId: t, userType: 'tenant', role: 'admin' })).cookie, 'x-requested-with': 'XMLHttpRequest' };
    const day = (n: number) => addDays(today(), n);
    for (const c of [
      { entityId: s1, number: 'old', issuedOn: day(-800), expiresOn: day(-70) },
      { entityId: s1, number: 'renewed', issuedOn: day(-70), expiresOn: day(300) },
      { entityId: s2, number: 'expired', issuedOn: day(-400), expiresOn: day(-1) },
      { entityId: s3, number: 'soon', issuedOn: day(-300), expiresOn: day(5) },
      { entityId: null, number: 'industry', issuedOn: day(-300), expiresOn: day(45) },
    ]) expect((await create({ ...cto(c), tenantId: t }, h)).statusCode).toBe(200);
    await create({ ...cto({ entityId: s2, number: 'noc', issuedOn: day(-10), expiresOn: day(3) }), kind: 'NOC', tenantId: t }, h);

    const tasks = (await ctx.inject({ method: 'GET', url: `/api/actionable-task/cto?tenantId=${t}`, headers: h })).json();
    expect(tasks).toMatchObject({ expired: 1, within7: 1, within30: 0, within60: 1 });
    expect(tasks.items.map((c: { number: string; standing: string }) => [c.number, c.standing])).toEqual([
      ['expired', 'EXPIRED'],
      ['soon', 'WITHIN_7'],
      ['industry', 'WITHIN_60'],
    ]);
    const noc = (await ctx.inject({ method: 'GET', url: `/api/actionable-task/noc?tenantId=${t}`, headers: h })).json();
    expect(noc.items.map((c: { number: string }) => c.number)).toEqual(['noc']);
    expect((await ctx.inject({ method: 'GET', url: `/api/actionable-task/cto?tenantId=${t}`, headers: stranger })).statusCode).toBe(404);

    // The portal shows a station's CTO in force only.
    const portal = { portal: 'PUBLIC', 'public-tenant-id': String(t) };
    expect((await ctx.inject({ method: 'GET', url: `/api/station/${s1}/current-cto`, headers: portal })).json().consent).toMatchObject({ number: 'renewed' });
    expect((await ctx.inject({ method: 'GET', url: `/api/station/${s2}/current-cto`, headers: portal })).json()).toEqual({ consent: null, expiredOn: day(-1) });
    expect((await ctx.inject({ method: 'GET', url: `/api/station/${station}/current-cto`, headers: { portal: 'PUBLIC', 'public-tenant-id': String(t) } })).statusCode).toBe(404);
  });

  it("makes an alert rule of each consented limit in one step", async () => {
    const consent = (await create(cto({ number: 'limits', limits: [{ paramName: 'pm', maxValue: 50, unit: 'mg/Nm3' }, { paramName: 'so2', maxValue: 100, unit: 'mg/Nm3' }] }))).json();
    const res = await ctx.inject({ method: 'POST', url: `/api/consents/${consent.id}/alert-rules`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { ruleIds } = res.json();
    expect(ruleIds).toHaveLength(2);
    const listed = (await ctx.inject({ method: 'GET', url: `/api/alertConfiguration?tenantId=${tenantId}&size=100`, headers: admin.headers })).json();
    const rules = listed.items.filter((r: { id: number }) => ruleIds.includes(r.id));
    expect(rules.map((r: { paramNames: string[]; thresholdMax: number; nodeId: number; type: string }) => [r.paramNames, r.thresholdMax, r.nodeId, r.type])).toEqual([
      [['pm'], 50, station, 'AVG_15M'],
      [['so2'], 100, station, 'AVG_15M'],
    ]);
  });

  it('mails the industry administrators once per step, whatever the passes and servers', async () => {
    const t = (await ctx.b.newTenant({ name: 'Reminded Cement' })).id;
    const s = (await ctx.b.newEntity({ tenantId: t, name: 'Kiln stack' })).id;
    const boss = await ctx.newUser({ tenantId: t, userType: 'tenant', role: 'admin' });
    const h = { cookie: await ctx.sessionCookie(t, boss.id), 'x-requested-with': 'XMLHttpRequest' };
    await create({ ...cto({ entityId: s, number: 'KILN/1', expiresOn: addDays(today(), 20) }), tenantId: t }, h);
    const deps = { db: ctx.db, users: ctx.app.users.accounts, mailer: ctx.app.messaging.mailer, publicUrl: 'https://enviro.example' };
    const before = ctx.mail.mails.length;
    // Two servers' passes at once: the consents due (this one and other tests') are shared out, none mailed twice.
    const passes = await Promise.all([sendConsentReminders(deps), sendConsentReminders(deps)]);
    const claimed = await ctx.database.pool.query('SELECT count(*)::int AS n FROM consent_reminder');
    expect(passes[0] + passes[1]).toBe(claimed.rows[0].n);
    const mail = await ctx.mail.next(boss.userName, before);
    expect(mail.subject).toBe(`Reminded Cement: CTO KILN/1 of Kiln stack expires in 20 days, on ${addDays(today(), 20)}`);
    expect(mail.text).toContain('https://enviro.example/app/documents?tab=consents');
    await sendConsentReminders(deps);
    expect(ctx.mail.mails.filter((m) => m.to.includes(boss.userName))).toHaveLength(1);
    // Ten days later the 7-day step is due, and mailed once.
    const later = { ...deps, now: () => Date.now() + 14 * 86_400_000 };
    await sendConsentReminders(later);
    await sendConsentReminders(later);
    const second = await ctx.mail.next(boss.userName, before + 1);
    expect(second.subject).toMatch(/expires in 6 days/);
    const steps = await ctx.database.pool.query('SELECT step FROM consent_reminder WHERE tenant_id = $1 ORDER BY step DESC', [t]);
    expect(steps.rows.map((r) => r.step)).toEqual([30, 7]);
  });
});
