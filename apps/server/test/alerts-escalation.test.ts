import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { AlertNotifier } from '../src/modules/alerts/alert-notifier.ts';
import { FetchWebhookSender } from '../src/platform/webhook/webhook-sender.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('escalation until acknowledged and notification delivery', () => {
  const ctx = useTestApp({ mail: true });
  let clock = 0;
  const now = () => clock;
  const hooks: unknown[] = [];
  const hookKeys: (string | undefined)[] = [];
  let hookStatus = 200;
  const receiver = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push(JSON.parse(body));
      hookKeys.push(req.headers['idempotency-key'] as string | undefined);
      res.writeHead(hookStatus).end();
    });
  });
  let hookUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const notifier = () => new AlertNotifier(ctx.db, { mailer: ctx.app.messaging.mailer, sms: ctx.sms, webhooks: new FetchWebhookSender(), publicUrl: 'https://enviro.example' }, now);

  /** An industry reporting to an SPCB, CPCB, and a station whose pm breaks its limit; the alert opened at `clock`. */
  async function breach(name: string) {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }] });
    const spcb = await ctx.b.newTenant({ name: `${name} SPCB`, type: 'statutory' });
    const cpcb = await ctx.b.newTenant({ name: `CPCB ${name}`, type: 'statutory' });
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)`, [d.tenantId, spcb.id]);
    const industry = await ctx.signedIn({ tenantId: d.tenantId, role: 'admin', userName: `${name}.industry@example.in` });
    const board = await ctx.newUser({ tenantId: spcb.id, userType: 'statutory', role: 'statutory', userName: `${name}.spcb@example.in` });
    const central = await ctx.newUser({ tenantId: cpcb.id, userType: 'statutory', role: 'statutory', userName: `${name}.cpcb@example.in` });
    const t = Math.floor(Date.now() / BUCKET) * BUCKET - 8 * BUCKET;
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 90 } }] });
    expect(res.statusCode).toBe(200);
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows, now);
    await evaluator.ensureDefaults();
    await drainRollups(ctx.database);
    await evaluator.drain();
    const { rows } = await ctx.database.pool.query(`SELECT id::int FROM alert_episode WHERE device_id = $1`, [d.id]);
    expect(rows).toHaveLength(1);
    return { d, industry, board, central, alertId: rows[0].id as number };
  }

  const mailsTo = (address: string) => ctx.mail.mails.filter((m) => m.to.includes(address));

  it('tells the industry, its SPCB and CPCB by mail and in the app, repeats hourly until acknowledged, then stops', async () => {
    clock = Date.UTC(2026, 0, 5, 10, 0, 30);
    const { industry, board, central, alertId } = await breach('esc1');
    // Queued at once, due at the next whole minute (one message per recipient per minute).
    expect(await notifier().escalate()).toBeGreaterThanOrEqual(6);
    expect((await notifier().dispatch()).sent).toBe(0);
    clock += 30_000;
    await notifier().dispatch();
    for (const who of [industry, board, central]) {
      await ctx.mail.next(who.userName);
      expect(mailsTo(who.userName)).toHaveLength(1);
    }
    expect(mailsTo(industry.userName)[0]!.subject).toMatch(/^Industry \d+, Station \d+: PM 90 mg\/Nm3 above its limit 50 mg\/Nm3 \(15-minute average, .* IST\) \[MAJOR\]$/);
    // The bell shows it.
    const bell = await ctx.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: industry.cookie } });
    expect(bell.statusCode).toBe(200);
    expect(bell.json()).toMatchObject({ unread: 1, items: [{ alertIds: [alertId], severity: 'MAJOR' }] });

    // An hour on, nobody acknowledged: told again.
    clock += 60 * MINUTE;
    await notifier().tick();
    clock += MINUTE;
    await notifier().tick();
    expect(mailsTo(industry.userName)).toHaveLength(2);
    expect(mailsTo(central.userName)).toHaveLength(2);

    const ack = await ctx.inject({ method: 'POST', url: `/api/alert/${alertId}/acknowledge`, headers: { cookie: industry.cookie, ...XHR }, payload: { comment: 'bag filter replaced' } });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'ACKNOWLEDGED', state: 2, acknowledgedBy: 'Test User', ackComment: 'bag filter replaced' });
    clock += 3 * 60 * MINUTE;
    await notifier().tick();
    clock += MINUTE;
    await notifier().tick();
    expect(mailsTo(industry.userName)).toHaveLength(2);

    const details = await ctx.inject({ method: 'GET', url: `/api/alertNotificationDetails/${alertId}`, headers: { cookie: industry.cookie } });
    expect(details.statusCode).toBe(200);
    const items = details.json().items as { channel: string; address: string; status: string }[];
    expect(items.filter((i) => i.channel === 'EMAIL' && i.address === industry.userName).map((i) => i.status)).toEqual(['SENT', 'SENT']);
    expect(items.filter((i) => i.channel === 'IN_APP').every((i) => i.status === 'SENT')).toBe(true);
  });

  it('retries a failed SMS with backoff and shows it, and posts webhooks', async () => {
    clock = Date.UTC(2026, 0, 6, 10, 0, 10);
    const { d, industry } = await breach('esc2');
    // A second series of the same station breaks too: a second alert in the same minute.
    const policy = await ctx.inject({
      method: 'POST',
      url: '/api/escalations',
      headers: { cookie: industry.cookie, ...XHR },
      payload: { tenantId: d.tenantId, name: 'Shift in charge', isDefault: true, levels: [{ delayMinutes: 0, repeatMinutes: null, recipients: { industryRoles: ['admin'], phones: ['+919800000001'], webhooks: [hookUrl] } }] },
    });
    expect(policy.statusCode).toBe(201);
    const t = Math.floor(Date.now() / BUCKET) * BUCKET - 6 * BUCKET;
    await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 95 } }] });
    // The earlier alert's slot cleared, this is a new episode after a clean slot.
    await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t - BUCKET + MINUTE, values: { pm: 10 } }] });
    await drainRollups(ctx.database);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows, now).drain();
    const { rows } = await ctx.database.pool.query(`SELECT id::int, status FROM alert_episode WHERE device_id = $1 ORDER BY id`, [d.id]);
    expect(rows.map((r) => r.status)).toEqual(['RESOLVED', 'OPEN']);

    ctx.sms.failing = true;
    hookStatus = 200;
    await notifier().escalate();
    clock += MINUTE;
    await notifier().dispatch();
    // The SMS failed: pending, retried after a minute, then sent once the gateway is back.
    let details = (await ctx.inject({ method: 'GET', url: `/api/alertNotificationDetails/${rows[1].id}`, headers: { cookie: industry.cookie } })).json();
    const sms = () => (details.items as { channel: string; status: string; attempts: number; result: string }[]).filter((i) => i.channel === 'SMS');
    expect(sms()).toMatchObject([{ status: 'PENDING', attempts: 1, result: 'gateway down' }]);
    ctx.sms.failing = false;
    clock += MINUTE;
    await notifier().dispatch();
    details = (await ctx.inject({ method: 'GET', url: `/api/alertNotificationDetails/${rows[1].id}`, headers: { cookie: industry.cookie } })).json();
    expect(sms()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
    expect(ctx.sms.sent.filter((s) => s.to === '+919800000001')).toHaveLength(1);
    expect(hooks).toContainEqual(expect.objectContaining({ event: 'alerts.opened', alerts: [expect.objectContaining({ id: rows[1].id, severity: 'MAJOR' })] }));
  });

  it('sends a message again with the same Idempotency-Key and Message-ID, so receivers can drop the copy', async () => {
    clock = Date.UTC(2026, 0, 8, 10, 0, 5);
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }] });
    await ctx.database.pool.query(`INSERT INTO alert_escalation (tenant_id, name, is_default, levels) VALUES ($1, 'hook', true, $2)`, [
      d.tenantId,
      JSON.stringify([{ delayMinutes: 0, repeatMinutes: null, recipients: { emails: ['dedupe@example.in'], webhooks: [hookUrl] } }]),
    ]);
    const t = Math.floor(Date.now() / BUCKET) * BUCKET - 8 * BUCKET;
    await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 90 } }] });
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows, now);
    await evaluator.ensureDefaults();
    await drainRollups(ctx.database);
    await evaluator.drain();
    await notifier().escalate();
    // The receiver takes the first post but its answer is an error (as if the answer were lost):
    // the notification is sent again a minute later, as it would be after a crash before its record.
    const before = hooks.length;
    hookStatus = 500;
    clock += MINUTE;
    await notifier().dispatch();
    hookStatus = 200;
    clock += MINUTE;
    await notifier().dispatch();
    const sent = hooks.slice(before) as { notificationIds: number[] }[];
    const keys = hookKeys.slice(before);
    expect(sent).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sent[1]!.notificationIds).toEqual(sent[0]!.notificationIds);
    const { rows } = await ctx.database.pool.query(`SELECT id::int FROM notification_outbox WHERE tenant_id = $1 AND channel = 'WEBHOOK'`, [d.tenantId]);
    expect(sent[0]!.notificationIds).toEqual(rows.map((r) => r.id));
    const mail = await ctx.mail.next('dedupe@example.in');
    expect(mail.raw).toMatch(/^Message-ID: <alerts\.[0-9a-f]{32}@enviro\.example>/im);
  });

  it('sends one mail listing every alert that opened for a recipient within the minute', async () => {
    clock = Date.UTC(2026, 0, 7, 10, 0, 5);
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }, { name: 'so2', max: 80 }] });
    const industry = await ctx.signedIn({ tenantId: d.tenantId, role: 'admin', userName: 'storm.industry@example.in' });
    const t = Math.floor(Date.now() / BUCKET) * BUCKET - 8 * BUCKET;
    await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 90, so2: 200 } }] });
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows, now);
    await evaluator.ensureDefaults();
    await drainRollups(ctx.database);
    await evaluator.drain();
    await notifier().escalate();
    clock += MINUTE;
    await notifier().dispatch();
    await ctx.mail.next(industry.userName);
    const mails = mailsTo(industry.userName);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Industry \d+, Station \d+: 2 alerts \(PM, SO2\) \[worst MAJOR\]$/);
    expect(mails[0]!.text).toMatch(/Parameter: PM\r?\n15-minute average: 90 mg\/Nm3, above its limit/);
    expect(mails[0]!.text).toMatch(/Parameter: SO2\r?\n15-minute average: 200 mg\/Nm3, above its limit/);
    // Each alert links to its page in the web app, where it is acknowledged.
    expect(mails[0]!.text).toMatch(/https:\/\/enviro\.example\/app\/alerts\/\d+/);
  });
});
