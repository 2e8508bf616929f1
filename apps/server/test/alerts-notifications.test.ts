import { describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { AlertNotifier } from '../src/modules/alerts/alert-notifier.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { FetchWebhookSender } from '../src/platform/webhook/webhook-sender.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** India's wall clock of an instant as the app writes it, '05 Jan 2026 15:30' (an oracle apart from the product's formatter); `dayToo` false: the time alone. */
function indiaTime(at: number, dayToo = true): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${dayToo ? `${parts.day} ${parts.month} ${parts.year} ` : ''}${parts.hour}:${parts.minute}`;
}

/**
 * What an exceedance tells, and to whom, with nothing configured: the CPCB default escalation sends
 * the industry's administrators and the users of the board it reports to an e-mail, an SMS (to a
 * confirmed phone) and an in-app notification, each naming the industry, the station, the
 * parameter's label, the 15-minute value, the limit, the slot in IST and the alert's page; a user
 * who opted out is not told, and the bell shows each user what was sent to them.
 */
describe('exceedance notifications by default', () => {
  const ctx = useTestApp({ mail: true });
  let clock = 0;
  const notifier = () => new AlertNotifier(ctx.db, { mailer: ctx.app.messaging.mailer, sms: ctx.sms, webhooks: new FetchWebhookSender(), publicUrl: 'https://enviro.example' }, () => clock);

  async function withPhone(tenantId: number, userId: number, phone: string, confirmed: boolean) {
    await ctx.database.pool.query(`UPDATE app_user SET phone = $3, phone_verified = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, userId, phone, confirmed]);
  }

  it('tells the industry admins and the board users by mail, SMS and in the app, naming industry, station, parameter, value, limit, slot and link', async () => {
    const { id: tenantId } = await ctx.b.newTenant({ name: 'Aravali Cement Ltd' });
    const { id: entityId } = await ctx.b.newEntity({ tenantId, name: 'Kiln stack' });
    const device = await ctx.b.newDevice({ tenantId, entityId, name: 'Dust monitor 7', params: [{ name: 'pm2_5', max: 60 }] });
    const board = await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' });
    const otherBoard = await ctx.b.newTenant({ name: 'Gujarat SPCB', type: 'statutory' });
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)`, [tenantId, board.id]);

    const admin = await ctx.signedIn({ tenantId, role: 'admin', userName: 'admin@aravali.example.in' });
    await withPhone(tenantId, admin.id, '+919800000011', true);
    const unconfirmed = await ctx.newUser({ tenantId, role: 'admin', userName: 'shift@aravali.example.in' });
    await withPhone(tenantId, unconfirmed.id, '+919800000012', false);
    const desk = await ctx.signedIn({ tenantId: board.id, userType: 'statutory', role: 'user', userName: 'desk@spcb.example.in' });
    await withPhone(board.id, desk.id, '9800000013', true);
    const optedOut = await ctx.signedIn({ tenantId: board.id, userType: 'statutory', role: 'user', userName: 'quiet@spcb.example.in' });
    await withPhone(board.id, optedOut.id, '+919800000014', true);
    const stranger = await ctx.signedIn({ tenantId: otherBoard.id, userType: 'statutory', role: 'user', userName: 'desk@gspcb.example.in' });

    // The defaults, as the account page shows them before anyone chose.
    const prefs = await ctx.inject({ method: 'GET', url: '/api/notificationPreferences', headers: { cookie: optedOut.cookie } });
    expect(prefs.json().preferences).toEqual([
      { severity: 'CRITICAL', channels: ['EMAIL', 'SMS', 'IN_APP'] },
      { severity: 'MAJOR', channels: ['EMAIL', 'SMS', 'IN_APP'] },
      { severity: 'MINOR', channels: ['EMAIL', 'SMS', 'IN_APP'] },
      { severity: 'WARNING', channels: ['EMAIL', 'IN_APP'] },
    ]);
    // One board user opts out of major alerts on every channel.
    const put = await ctx.inject({ method: 'PUT', url: '/api/notificationPreferences', headers: { cookie: optedOut.cookie, ...XHR }, payload: { preferences: [{ severity: 'MAJOR', channels: [] }] } });
    expect(put.statusCode).toBe(200);

    // Two readings in one slot, 90 and 100: the 15-minute average (95) is what is told.
    const slot = Math.floor(Date.now() / SLOT) * SLOT - 8 * SLOT;
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: [{ ts: slot + MINUTE, values: { pm2_5: 90 } }, { ts: slot + 2 * MINUTE, values: { pm2_5: 100 } }] });
    expect(res.statusCode).toBe(200);
    clock = Date.now();
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows, () => clock);
    await evaluator.ensureDefaults();
    await drainRollups(ctx.database);
    await evaluator.drain();
    const { rows } = await ctx.database.pool.query(`SELECT id::int FROM alert_episode WHERE tenant_id = $1`, [tenantId]);
    expect(rows).toHaveLength(1);
    const alertId = rows[0].id as number;
    const link = `https://enviro.example/app/alerts/${alertId}`;

    await notifier().escalate();
    clock += MINUTE;
    expect((await notifier().dispatch()).failed).toBe(0);

    // The mail: subject and first line lead with industry and station.
    const mail = await ctx.mail.next(admin.userName);
    const slotIst = indiaTime(slot);
    expect(mail.subject).toBe(`Aravali Cement Ltd, Kiln stack: PM2.5 95 µg/m3 above its limit 60 µg/m3 (15-minute average, ${slotIst} IST) [MAJOR]`);
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text.split('\n')[0]).toBe('Aravali Cement Ltd, Kiln stack: PM2.5 95 µg/m3 above its limit 60 µg/m3');
    for (const line of [
      'Industry: Aravali Cement Ltd',
      'Station: Kiln stack',
      'Analyser: Dust monitor 7',
      'Parameter: PM2.5',
      '15-minute average: 95 µg/m3, above its limit',
      'Limit (maximum): 60 µg/m3',
      `Slot (IST): ${slotIst} to ${indiaTime(slot + SLOT, false)}`,
      `Open the alert: ${link}`,
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.html).toContain('<td>Kiln stack</td>');
    expect(mail.html).toContain('<td>95 µg/m3, above its limit</td>');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/pm2_5/);

    // The SMS: one GSM-7 segment with the same facts.
    const smsTo = (phone: string) => ctx.sms.sent.filter((s) => s.to === phone).map((s) => s.text);
    const [sms] = smsTo('+919800000011');
    expect(sms).toBe(`MAJOR Aravali Cement Ltd, Kiln stack: PM2.5 95 ug/m3 > limit 60 ug/m3, 15-min avg ${slotIst} IST ${link}`);
    expect(sms!.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(/^[\x20-\x7e]+$/);

    // Who was told: both industry admins (SMS only to the confirmed phone), the board's user, not the
    // one who opted out, nor another board's user.
    await ctx.mail.next(unconfirmed.userName);
    await ctx.mail.next(desk.userName);
    expect(smsTo('+919800000012')).toEqual([]);
    expect(smsTo('9800000013')).toHaveLength(1);
    expect(ctx.mail.mails.filter((m) => m.to.includes(optedOut.userName) || m.to.includes(stranger.userName))).toEqual([]);
    expect(smsTo('+919800000014')).toEqual([]);

    // The bell shows each what they were sent.
    const bell = async (cookie: string) => (await ctx.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json();
    const deskBell = await bell(desk.cookie);
    expect(deskBell.unread).toBe(1);
    expect(deskBell.items[0]).toMatchObject({ alertIds: [alertId], severity: 'MAJOR', title: 'Aravali Cement Ltd, Kiln stack: PM2.5 95 µg/m3 above its limit 60 µg/m3' });
    expect(deskBell.items[0].body).toBe(
      `15-minute average, slot ${slotIst} IST; in breach since ${slotIst} IST.\nAlso sent to you by e-mail to desk@spcb.example.in and SMS to +91 9800 000 013.`,
    );
    expect((await bell(admin.cookie)).items[0].body).toContain('Also sent to you by e-mail to admin@aravali.example.in and SMS to +91 9800 000 011.');
    expect(await bell(optedOut.cookie)).toEqual({ unread: 0, items: [] });
    expect(await bell(stranger.cookie)).toEqual({ unread: 0, items: [] });

    // The alert's page lists the same deliveries.
    const details = await ctx.inject({ method: 'GET', url: `/api/alertNotificationDetails/${alertId}`, headers: { cookie: admin.cookie } });
    const sent = (details.json().items as { channel: string; address: string; status: string }[]).map((i) => `${i.channel} ${i.address} ${i.status}`).sort();
    expect(sent).toEqual(
      [
        'EMAIL admin@aravali.example.in SENT',
        'SMS +919800000011 SENT',
        'IN_APP in-app SENT',
        'EMAIL shift@aravali.example.in SENT',
        'IN_APP in-app SENT',
        'EMAIL desk@spcb.example.in SENT',
        'SMS 9800000013 SENT',
        'IN_APP in-app SENT',
      ].sort(),
    );
  });
});
