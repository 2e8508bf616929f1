import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HistoryRepository } from '../../server/src/demo/history.repository.ts';
import { AlertNotifier } from '../../server/src/modules/alerts/alert-notifier.ts';
import { drainRollups } from '../../server/src/modules/data/rollups.ts';
import { FetchWebhookSender } from '../../server/src/platform/webhook/webhook-sender.ts';
import { activeMenuItem, chartDrawn, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const HOUR = 3_600_000;
const SLOT = 15 * 60_000;
/** How often the bell asks for new notifications (NOTIFICATIONS_POLL_MS of src/features/shell/api/get-notifications.ts). */
const POLL_MS = 30_000;
/** How long a notice stays (SPEC 4; NOTIFICATION_MS of src/lib/notify.ts). */
const NOTICE_MS = 4_000;

/**
 * The alert screens against the real server and the demo industry: the list with its filters in
 * the URL, acknowledging (one, with a comment, and several at once), an alert's page with its trend
 * and notifications, and the bell. The alerts themselves are rows as the evaluator writes them
 * (episode, transition, outbox, in-app notification), placed at known times so the list is exact.
 */
describe('alerts in a browser', () => {
  const cookies = { tenantAdmin: '', statutory: '' };
  const alertIds: number[] = [];
  let tenantId = 0;
  /** The industry's administrator (user id). */
  let admin = 0;
  let series = { deviceId: 0, entityId: 0, slot: 0, stdParamId: 0, station: '', label: '', max: 0 };

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const board = await demoBoardId(database.db);
      const db = database.db;
      tenantId = await tenantIdNamed(db, CEMENT);
      const arjun = await signedInUser(db, { tenantId, name: 'Arjun Admin', role: 'admin' });
      admin = arjun.id;
      cookies.tenantAdmin = arjun.cookie;
      cookies.statutory = (await signedInUser(db, { tenantId: board, userType: 'statutory', name: 'Bala Board', role: 'user' })).cookie;
      series = await limitedSeries(tenantId);
      // The demo's own alerts of this industry give way to the ones below, whose times and states the test knows.
      for (const table of ['alert_transition', 'notification_outbox', 'alert_escalation_state', 'user_notification', 'alert_slot', 'alert_episode'])
        await sql`DELETE FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}`.execute(db);
      const now = Date.now();
      const start = Math.floor((now - 5 * HOUR) / SLOT) * SLOT;
      // Two episodes of the 15-minute rule, one ongoing (OPEN), one over (RESOLVED); one of a sustained-breach rule, OPEN since a day ago
      // (one active alert per rule and series).
      const rule = await insertRule(tenantId, series, 'AVG_15M');
      const sustained = await insertRule(tenantId, series, 'SUSTAINED');
      const instant = await insertRule(tenantId, series, 'INSTANT');
      const episodes = [
        { rule, startedAt: start, endedAt: null, status: 'OPEN', peak: series.max * 1.6, slots: 12, severity: 'CRITICAL' },
        { rule, startedAt: start - 9 * HOUR, endedAt: start - 8 * HOUR, status: 'RESOLVED', peak: series.max * 1.2, slots: 4, severity: 'MAJOR' },
        { rule: sustained, startedAt: start - 20 * HOUR, endedAt: null, status: 'OPEN', peak: series.max * 1.1, slots: 1, severity: 'MINOR', type: 'SUSTAINED' },
        { rule: instant, startedAt: start - 2 * HOUR, endedAt: null, status: 'OPEN', peak: series.max * 1.3, slots: 1, severity: 'WARNING', type: 'INSTANT' },
      ];
      for (const { rule: ruleId, ...e } of episodes) alertIds.push(await insertEpisode(ruleId, e));
      // The readings behind them: each breach's slots at its peak, so an alert's trend shows the breach
      // it reports. Their rollups are done here, and the evaluator's feed of those slots is emptied:
      // evaluated again, they would open alerts of the CPCB default rule beside the placed ones.
      const history = new HistoryRepository(database);
      for (const e of episodes) {
        const span = { deviceId: String(series.deviceId), slot: series.slot, from: new Date(e.startedAt), to: new Date(e.startedAt + e.slots * SLOT) };
        await history.rewriteReadings(tenantId, span, e.peak);
      }
      await drainRollups(database);
      await sql`DELETE FROM slot_change WHERE tenant_id = ${tenantId} AND consumer = 'alerts'`.execute(db);
      await insertOutbox(alertIds[0]!, admin, 'arjun@example.com');
      // The ongoing critical alert's escalation is due: the notifier tells the industry's and the board's users (the bell below).
      await sql`INSERT INTO alert_escalation_state (tenant_id, alert_id, level, next_at) VALUES (${tenantId}, ${alertIds[0]!}, 1, now())`.execute(db);
    },
    // Sent as the server's alerts worker would (mail to the log: the app has no SMTP server here).
    started: async ({ app, database }) => {
      let clock = Date.now();
      const notifier = () => new AlertNotifier(database.db, { ...app.messaging, webhooks: new FetchWebhookSender() }, () => clock);
      await notifier().escalate();
      clock += 60_000;
      await notifier().dispatch();
    },
  });

  /** A series of the industry that has an upper limit: its device, station and parameter. */
  async function limitedSeries(tenant: number) {
    const row = await sql<{ deviceId: string; entityId: string; slot: number; stdParamId: number; station: string; label: string; max: number }>`
      SELECT d.id AS "deviceId", d.entity_id AS "entityId", dp.slot, dp.std_param_id AS "stdParamId", e.name AS station, sp.label, l.max_value AS max
      FROM param_limit l
      JOIN device_param dp ON dp.tenant_id = l.tenant_id AND dp.device_id = l.device_id AND dp.slot = l.slot
      JOIN device d ON d.tenant_id = l.tenant_id AND d.id = l.device_id
      JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE l.tenant_id = ${tenant} AND l.max_value IS NOT NULL AND sp.name NOT LIKE 'device_%'
      ORDER BY e.name, sp.name LIMIT 1`.execute(suite.database.db);
    const r = row.rows[0]!;
    return { ...r, deviceId: Number(r.deviceId), entityId: Number(r.entityId) };
  }

  async function insertRule(tenant: number, s: typeof series, condition: 'AVG_15M' | 'SUSTAINED' | 'INSTANT'): Promise<number> {
    const r = await sql<{ id: string }>`
      INSERT INTO alert_rule (tenant_id, name, entity_id, std_param_ids, condition, comparison, severity, duration_minutes)
      VALUES (${tenant}, ${`${s.label} ${condition.toLowerCase()} above limit`}, ${s.entityId},
              ${sql.raw(`ARRAY[${s.stdParamId}]::integer[]`)}, ${condition}, 'ABOVE', 'MAJOR', ${condition === 'SUSTAINED' ? 30 : null})
      RETURNING id`.execute(suite.database.db);
    return Number(r.rows[0]!.id);
  }

  async function insertEpisode(
    ruleId: number,
    e: { startedAt: number; endedAt: number | null; status: string; peak: number; slots: number; severity: string; type?: string },
  ): Promise<number> {
    const started = new Date(e.startedAt);
    const lastBreach = new Date((e.endedAt ?? e.startedAt + e.slots * SLOT) - SLOT);
    const message = `${series.label} 15-minute average exceeded ${series.max} for more than 15 minutes (peak ${e.peak.toFixed(1)})`;
    const r = await sql<{ id: string }>`
      INSERT INTO alert_episode (tenant_id, rule_id, device_id, entity_id, slot, std_param_id, type, severity, status, started_at, last_breach_at, ended_at, peak, limit_max, slot_count, message, created_at)
      VALUES (${tenantId}, ${ruleId}, ${series.deviceId}, ${series.entityId}, ${series.slot}, ${series.stdParamId}, ${e.type ?? 'AVG_15M'}, ${e.severity}, ${e.status},
              ${started}, ${lastBreach}, ${e.endedAt === null ? null : new Date(e.endedAt)}, ${e.peak}, ${series.max}, ${e.slots}, ${message}, ${started})
      RETURNING id`.execute(suite.database.db);
    const id = Number(r.rows[0]!.id);
    await sql`INSERT INTO alert_transition (tenant_id, alert_id, from_status, to_status, at, comment) VALUES (${tenantId}, ${id}, NULL, 'OPEN', ${started}, 'opened by evaluation')`.execute(suite.database.db);
    if (e.status === 'RESOLVED')
      await sql`INSERT INTO alert_transition (tenant_id, alert_id, from_status, to_status, at, comment) VALUES (${tenantId}, ${id}, 'OPEN', 'RESOLVED', ${new Date(e.endedAt!)}, 'back within limits')`.execute(suite.database.db);
    return id;
  }

  async function insertOutbox(alertId: number, userId: number, email: string) {
    const at = new Date(Date.now() - 4 * HOUR);
    await sql`
      INSERT INTO notification_outbox (tenant_id, alert_id, level, channel, user_tenant_id, user_id, recipient, address, status, attempts, next_attempt_at, result, created_at, sent_at)
      VALUES (${tenantId}, ${alertId}, 1, 'EMAIL', ${tenantId}, ${userId}, 'Arjun Admin', ${email}, 'SENT', 1, ${at}, '250 OK', ${at}, ${at}),
             (${tenantId}, ${alertId}, 1, 'SMS', ${tenantId}, ${userId}, 'Arjun Admin', '+919876543210', 'FAILED', 5, ${at}, 'gateway answered 503', ${at}, NULL)`.execute(suite.database.db);
  }

  async function insertInApp(userId: number, alertId: number, severity: string, title: string) {
    await sql`
      INSERT INTO user_notification (tenant_id, user_id, alert_ids, severity, title, body)
      VALUES (${tenantId}, ${userId}, ${sql.raw(`ARRAY[${alertId}]::bigint[]`)}, ${severity}, ${title}, 'Opened: 1 alert')`.execute(suite.database.db);
  }

  const rows = (page: Page) => page.getByRole('table', { name: 'Alerts' }).locator('tbody tr');

  it.each<ViewportName>(['desktop', 'phone'])('the tenant app lists its alerts, filters them in the URL and acknowledges one (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/alerts', cookies.tenantAdmin);
    await expect.poll(() => rows(page).count()).toBe(4);
    if (viewport === 'desktop') expect(await activeMenuItem(page)).toBe('Alerts');
    await screenshot(page, `alerts-list-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // A filter goes to the URL and survives a reload.
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('RESOLVED');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByText('Resolved', { exact: true }).first().waitFor();
    await page.goto(`${suite.base}/app/alerts?severity=CRITICAL`);
    await expect.poll(() => rows(page).count()).toBe(1);

    if (viewport === 'desktop') {
      // Acknowledge the critical one with a comment: its status and its page say who and why.
      await rows(page).first().getByRole('button', { name: 'Acknowledge' }).click();
      await page.getByRole('dialog').getByLabel('Comment').fill('Bag filter cleaned');
      await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
      // The notice names the alert by parameter and station, not by its id.
      await page.getByText(`The ${series.label} alert at ${series.station} is acknowledged: nobody else is told again.`).waitFor();
      await expect.poll(() => rows(page).first().innerText()).toMatch(/acknowledged/i);
      const detail = await page.request.get(`${suite.base}/api/alert/${alertIds[0]}`);
      expect((await detail.json()).ackComment).toBe('Bag filter cleaned');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an alert's page shows its facts, the trend around the breach and the notifications sent", async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await suite.open(viewport, `/app/alerts/${alertIds[1]}`, cookies.tenantAdmin);
      await page.getByRole('heading', { level: 1, name: new RegExp(`Alert ${alertIds[1]}`) }).waitFor();
      await page.getByText('Slots in breach').waitFor();
      await chartDrawn(page, `${series.label} 15-minute averages around the breach`);
      await page.getByRole('table').filter({ hasText: 'back within limits' }).waitFor();
      await screenshot(page, `alert-page-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
    const { context, page } = await suite.open('desktop', `/app/alerts/${alertIds[0]}`, cookies.tenantAdmin);
    await page.getByText('gateway answered 503').waitFor();
    await page.getByText('arjun@example.com').waitFor();
    await screenshot(page, 'alert-page-notifications-desktop');
    await page.goto(`${suite.base}/app/alerts/999999`);
    await page.getByRole('heading', { name: 'Alert not found' }).waitFor();
    await context.close();
  });

  it('bulk acknowledges the ticked open alerts', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/alerts?status=OPEN', cookies.tenantAdmin);
    // The sustained and the instantaneous breach (the critical one was acknowledged above).
    const open = 2;
    await expect.poll(() => rows(page).count()).toBe(open);
    await page.getByLabel('Select every open alert of this page').check();
    await page.getByRole('button', { name: `Acknowledge selected (${open})` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText(`${open} of ${open} alerts are acknowledged.`).waitFor();
    await expect.poll(() => rows(page).innerText()).toMatch(/No alert matches these filters/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('the bell counts unread notifications, lists them and marks them read (%s)', async (viewport) => {
    if (viewport === 'phone') await sql`UPDATE user_notification SET read_at = NULL WHERE tenant_id = ${tenantId}`.execute(suite.database.db);
    const { context, page, errors } = await suite.open(viewport, '/app/dashboard', cookies.tenantAdmin);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const list = page.getByRole('list', { name: 'Notifications' });
    // What was sent: industry and station first, then the parameter against its limit.
    await list.getByText(`${CEMENT}, ${series.station}: ${series.label} `).waitFor();
    await screenshot(page, `bell-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    } else {
      // Opening one marks it read and leads to its alert.
      await list.getByRole('listitem').first().click();
      await page.waitForURL(`${suite.base}/app/alerts/${alertIds[0]}`);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a notification that arrives while the app is open shows a 4-second notice and counts on the bell', async () => {
    // The page's timers on Playwright's clock: the bell's next poll and the notice's fading are jumped to.
    const { context, page, errors } = await suite.open('desktop', '/app/alerts', cookies.tenantAdmin, (p) => p.clock.install());
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(4);
    const before = await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');
    await insertInApp(admin, alertIds[3]!, 'WARNING', `${CEMENT}, ${series.station}: ${series.label} instantaneous breach`);
    await page.clock.fastForward(POLL_MS + 1_000);
    const notice = page.getByText(`${CEMENT}, ${series.station}: ${series.label} instantaneous breach`);
    await notice.waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')).not.toBe(before);
    await screenshot(page, 'bell-notice-desktop');
    await page.clock.fastForward(NOTICE_MS);
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a board reads the alerts of the industries reporting to it and picks one industry', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await suite.open(viewport, '/app/alerts', cookies.statutory);
      // Every industry reporting to the board, this one among them.
      await page.getByRole('table', { name: 'Alerts' }).getByText(CEMENT).first().waitFor();
      await page.getByRole('textbox', { name: 'Industry' }).click();
      await page.getByRole('option', { name: CEMENT }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tenantId')).toBe(String(tenantId));
      await expect.poll(() => rows(page).count()).toBe(4);
      await page.getByRole('textbox', { name: 'Station' }).click();
      await page.getByRole('option', { name: series.station }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('stationId')).toBe(String(series.entityId));
      await expect.poll(() => rows(page).count()).toBe(4);
      await screenshot(page, `alerts-board-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('an alert that late readings joined to another says so and links to it', async () => {
    // The demo's merged alert (seedMergedAlert), of another industry reporting to the board.
    const merged = await sql<{ id: string; into: string; label: string }>`
      SELECT a.id::text, a.merged_into::text AS into, sp.label FROM alert_episode a JOIN std_param sp ON sp.id = a.std_param_id
      WHERE a.merged_into IS NOT NULL ORDER BY a.id LIMIT 1`.execute(suite.database.db);
    const { id, into, label } = merged.rows[0]!;
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page, errors } = await suite.open(viewport, `/app/alerts/${id}`, cookies.statutory);
      await page.getByText('Late readings joined this breach to').waitFor();
      await chartDrawn(page, `${label} 15-minute averages around the breach`);
      await screenshot(page, `alert-merged-${viewport}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.getByRole('link', { name: `alert ${into}` }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`Alert ${into}:`) }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/app/alerts/${into}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // The whole flow once; on a phone, the same screens and forms are checked to fit (below).
  it.each<ViewportName>(['desktop'])('an administrator creates a rule, disables it, changes its condition and adds an escalation (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/admin/alert-rules', cookies.tenantAdmin);
    const table = page.getByRole('table', { name: 'Alert rules' });
    await table.getByText(`${series.label} avg_15m above limit`).waitFor();
    const name = `${series.label} above 3 (${viewport})`;
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog');
    // Empty, the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('textbox', { name: 'Station', exact: true }).click();
    await page.getByRole('option', { name: series.station }).click();
    await dialog.getByLabel('Upper threshold').fill('3');
    await screenshot(page, `alert-rule-form-${viewport}`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(`Rule ${name} created.`).waitFor();
    const row = table.locator('tr', { hasText: name });
    await row.getByText('15-minute average above 3').waitFor();

    await row.getByRole('switch').click({ force: true });
    await page.getByText(`Rule ${name} disabled.`).waitFor();
    await row.getByRole('button', { name: `Change the condition of ${name}` }).click();
    await dialog.getByLabel('Upper threshold').fill('3.5');
    await dialog.getByLabel('Reason for the change').fill('Consent to operate revised');
    await dialog.getByRole('button', { name: 'Change condition' }).click();
    await page.getByText(`Condition of ${name} changed.`).waitFor();
    await row.getByText('15-minute average above 3.5').waitFor();
    await screenshot(page, `alert-rules-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto(`${suite.base}/app/admin/escalations`);
    await page.getByRole('button', { name: 'New escalation' }).click();
    await dialog.getByLabel('Name').fill(`Board and CPCB (${viewport})`);
    await dialog.getByLabel('CPCB').check();
    await dialog.getByRole('button', { name: 'Add a level' }).click();
    await dialog.getByLabel('E-mail addresses').last().fill('duty@spcb.example.in');
    await dialog.getByLabel('E-mail addresses').last().press('Enter');
    await screenshot(page, `escalation-form-${viewport}`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(`Escalation Board and CPCB (${viewport}) created.`).waitFor();
    await page.getByRole('list', { name: `Levels of Board and CPCB (${viewport})` }).getByText(/duty@spcb.example.in/).waitFor();
    await screenshot(page, `escalations-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the rule and escalation screens and their forms fit a phone', async () => {
    const { context, page, errors } = await suite.open('phone', '/app/admin/alert-rules', cookies.tenantAdmin);
    await page.getByRole('table', { name: 'Alert rules' }).getByText(`${series.label} avg_15m above limit`).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'New rule' }).click();
    await page.getByRole('dialog').getByLabel('Upper threshold').waitFor();
    await screenshot(page, 'alert-rule-form-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto(`${suite.base}/app/admin/escalations`);
    await page.getByRole('button', { name: 'New escalation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add a level' }).waitFor();
    await screenshot(page, 'escalation-form-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the account page keeps the channels chosen per severity', async () => {
    const { context, page, errors } = await suite.open('phone', '/app/account', cookies.tenantAdmin);
    const sms = page.getByRole('checkbox', { name: 'SMS for Major alerts' });
    await sms.waitFor();
    // Ticked until changed, as the server sends: e-mail, SMS and in-app, early warnings without SMS.
    expect(await sms.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'E-mail for Major alerts' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'SMS for Warning alerts' }).isChecked()).toBe(false);
    // This administrator has no confirmed phone: the page says SMS wait for one.
    await page.getByText('SMS go only to a confirmed phone.', { exact: false }).waitFor();
    await sms.uncheck();
    await page.getByRole('button', { name: 'Save notification choices' }).click();
    await page.getByText('Notification choices saved.').waitFor();
    await page.reload();
    await page.getByRole('checkbox', { name: 'E-mail for Major alerts' }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'SMS for Major alerts' }).isChecked()).toBe(false);
    await screenshot(page, 'account-notifications-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
