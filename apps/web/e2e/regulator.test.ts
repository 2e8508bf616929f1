import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '@enviro/regulator-receiver/receiver';
import { builders } from '../../server/test/builders.ts';
import { activeMenuItem, chartDrawn, horizontalOverflow, mainMenu, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

const CONNECTION = 'CPCB ODAMS';
const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];
/** The ODAMS token id of the cement works' IoT devices as the receiver knows it. */
const TOKEN = { tokenId: 'TK-ARAVALI' };

/**
 * The regulator screens in a browser against the real server, the demo's industries and a real
 * receiver (packages/regulator-receiver): a site admin configures the connection and maps an industry,
 * a republish is sent and pushed, and the industry, its board and its administrator read the sync,
 * the logs and the progress.
 */
describe('regulator screens in a browser', () => {
  let receiver: Receiver;
  let cementId = 0;
  /** The cement works' stations: the kiln stack is mapped below, the clinker cooler stack is not. */
  const station = { kiln: 0, cooler: 0 };
  let boardName = '';
  const cookies = { siteAdmin: '', board: '', tenantAdmin: '' };

  const suite = browserSuite({
    demo: 1,
    seed: async (database) => {
      const boardId = await demoBoardId(database.db);
      const db = database.db;
      cementId = await tenantIdNamed(db, CEMENT);
      const stationId = async (name: string) =>
        Number((await db.selectFrom('entity').select('id').where('tenant_id', '=', cementId).where('name', '=', name).executeTakeFirstOrThrow()).id);
      station.kiln = await stationId('Kiln & Raw Mill Stack');
      station.cooler = await stationId('Clinker Cooler Stack');
      boardName = (await db.selectFrom('tenant').select('name').where('id', '=', boardId).executeTakeFirstOrThrow()).name;
      const site = await builders(db).newTenant({ name: 'Enviro Operations', type: 'site' });
      cookies.siteAdmin = (await signedInUser(db, { tenantId: site.id, userType: 'site', name: 'Sita Site', role: 'admin' })).cookie;
      cookies.board = (await signedInUser(db, { tenantId: boardId, userType: 'statutory', name: 'Bala Board', role: 'user' })).cookie;
      cookies.tenantAdmin = (await signedInUser(db, { tenantId: cementId, name: 'Arjun Admin', role: 'admin' })).cookie;
    },
  });
  beforeAll(async () => {
    receiver = await startReceiver({ port: 0, host: '127.0.0.1' });
    // CPCB's registration of the kiln stack's IoT devices (the mapping names them DEV-KILN-1, -2…), all under the industry's token id.
    for (let i = 1; i <= 6; i++) receiver.registerDevice({ iotId: `DEV-KILN-${i}`, stationId: 'STN-KILN', tokenId: TOKEN.tokenId, industryId: 'RJ-ARAVALI-01' });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /** The innermost block holding a table and its titled heading. */
  const section = (page: Page, title: string) =>
    page.locator('div', { has: page.getByRole('heading', { name: title, exact: true }) }).filter({ has: page.locator('table') }).last();

  it('a site admin creates the connection; its credentials are never shown back', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/admin/regulator-connections', cookies.siteAdmin);
    expect(await mainMenu(page)).toEqual(expect.arrayContaining(['Regulator sync', 'Regulator connections']));
    expect(await activeMenuItem(page)).toBe('Regulator connections');
    await page.getByText('No regulator connection yet.').waitFor();
    await page.getByRole('button', { name: 'New connection' }).click();
    const dialog = page.getByRole('dialog');
    // Sent empty, the form names what is missing instead of posting.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Required').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Statutory body' }).click();
    await page.getByRole('option', { name: boardName }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(CONNECTION);
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: "Regulator's public key (PEM)" }).fill(receiver.publicKeyPem);
    await screenshot(page, 'regulator-connection-form-desktop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(CONNECTION, { exact: true }).waitFor();
    await page.getByText('publicKey set').waitFor();

    // Editing shows that the key is stored, not the key.
    await page.getByRole('button', { name: `Edit ${CONNECTION}` }).click();
    const key = page.getByRole('dialog').getByRole('textbox', { name: "Regulator's public key (PEM)" });
    expect(await key.inputValue()).toBe('');
    await page.getByRole('dialog').getByText('Stored (not shown). Leave empty to keep it.').waitFor();
    await page.keyboard.press('Escape');
    const html = await page.content();
    expect(html).not.toContain('BEGIN PUBLIC KEY');
    const answer = await page.request.get(`${suite.base}/api/regulatorConnections`);
    expect(await answer.text()).not.toContain('BEGIN PUBLIC KEY');
    await screenshot(page, 'regulator-connections-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a site admin maps the industry: unmapped parameters are named before and after saving', async () => {
    const { context, page, errors } = await suite.open('desktop', `/app/regulator/${cementId}?tab=mapping`, cookies.siteAdmin);
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    await page.getByText('mapped to no regulator connection').waitFor();
    await page.getByRole('textbox', { name: 'Connect to a regulator' }).click();
    await page.getByRole('option', { name: new RegExp(CONNECTION) }).click();
    await page.getByRole('button', { name: 'Map stations' }).click();

    await page.getByRole('textbox', { name: "Regulator's industry id" }).fill('RJ-ARAVALI-01');
    await page.getByLabel('Token id', { exact: true }).fill(TOKEN.tokenId);
    const stack = 'Kiln & Raw Mill Stack';
    await page.getByRole('checkbox', { name: new RegExp(`^Push ${stack}`) }).check();
    await page.getByText(/PM.* not mapped \(give a code or skip\)/).first().waitFor();
    await screenshot(page, 'regulator-mapping-gaps-desktop');

    // Ids for the station and its devices, codes from the parameter names.
    const card = page.locator(`[data-station="${stack}"]`);
    await card.getByRole('textbox', { name: "Regulator's station id" }).fill('STN-KILN');
    const deviceIds = card.getByRole('textbox', { name: "Regulator's device id" });
    for (let i = 0; i < (await deviceIds.count()); i++) await deviceIds.nth(i).fill(`DEV-KILN-${i + 1}`);
    await page.getByRole('button', { name: 'Fill empty codes from parameter names' }).click();
    expect(await card.getByText('Not mapped').count()).toBe(0);
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByRole('button', { name: 'Edit mapping' }).waitFor();
    // The other stations are not pushed, and the server's issues say so by name.
    await page.getByText(/issues?: these values are not sent/).waitFor();
    await page.getByText(/Clinker Cooler Stack/).first().waitFor();
    await screenshot(page, 'regulator-mapping-desktop');
    expect(await page.content()).not.toContain(TOKEN.tokenId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a republish is queued, pushed to the receiver, and its progress and logs show it', async () => {
    const { context, page, errors } = await suite.open('desktop', `/app/regulator/${cementId}?tab=republish`, cookies.siteAdmin);
    await page.getByRole('button', { name: 'Republish' }).click();
    await page.getByText('Choose a station').waitFor();
    await page.getByText('Say why the range is sent again').waitFor();
    await page.getByRole('textbox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Kiln & Raw Mill Stack' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Analyser fault corrected');
    await page.getByRole('button', { name: 'Republish' }).click();
    const request = page.locator('[data-republish]').first();
    await request.getByText('Reason: Analyser fault corrected').waitFor();
    await request.getByText('Queued').waitFor();
    // The asker by name, not by the stored `user:<id>`.
    expect(await request.innerText()).toMatch(/asked by (?!user:)\S.* on /);

    await suite.app.regulator.outbox.drain();
    expect(receiver.stats().accepted).toBeGreaterThan(0);
    await page.reload();
    await page.locator('[data-republish]').first().getByText('Done', { exact: true }).waitFor();
    await screenshot(page, 'regulator-republish-desktop');

    await page.getByRole('tab', { name: 'Push logs' }).click();
    await page.waitForURL(/tab=logs/);
    await section(page, 'Push attempts').getByText('Success').first().waitFor();
    await section(page, 'Pushes per day and station').getByText('Kiln & Raw Mill Stack').first().waitFor();
    await chartDrawn(page, 'Successful and failed pushes per day');
    // Filtering by result: no error attempt.
    // The segmented control's visible part is the label of its radio.
    await page.locator('label[for$="-ERROR"]').click();
    await page.waitForURL(/outcome=ERROR/);
    await page.getByText('No push attempt matches.').waitFor();
    await page.locator('label[for$="-ALL"]').click();
    await page.waitForURL((url) => !url.searchParams.has('outcome'));
    await section(page, 'Push attempts').getByText('Success').first().waitFor();
    await page.getByRole('button', { name: /^Records of / }).first().click();
    await page.waitForURL(/day=/);
    expect(new URL(page.url()).searchParams.has('outcome')).toBe(false);
    await page.getByText('SENT').first().waitFor();
    await section(page, 'Push attempts').getByText('Success').first().waitFor();
    await screenshot(page, 'regulator-logs-desktop');

    // The station filter (in the URL): the unmapped stack has nothing, the kiln stack its records.
    await page.goto(`${suite.base}/app/regulator/${cementId}?tab=logs&station=${station.cooler}`);
    await page.getByText('No record in these days.').waitFor();
    await page.getByText('No push attempt matches.').waitFor();
    await page.getByRole('textbox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Kiln & Raw Mill Stack' }).click();
    await page.waitForURL(new RegExp(`station=${station.kiln}`));
    await section(page, 'Push attempts').getByText('Success').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the receiver refuses, the error codes are counted with their meaning', async () => {
    receiver.setFault({ mode: 'expiredKey' });
    const { context, page, errors } = await suite.open('desktop', `/app/regulator/${cementId}?tab=republish`, cookies.siteAdmin);
    await page.getByRole('textbox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Kiln & Raw Mill Stack' }).click();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Second attempt');
    await page.getByRole('button', { name: 'Republish' }).click();
    await page.locator('[data-republish]').first().getByText('Reason: Second attempt').waitFor();
    await suite.app.regulator.outbox.deliver();
    // While records wait, the queue column says what the refusal means in words, never the raw JSON answer.
    await page.goto(`${suite.base}/app/regulator/${cementId}`);
    const queue = page.locator('table').first();
    await queue.getByText(/\(code [A-Z0-9_-]+\)$/).first().waitFor();
    expect(await queue.innerText()).not.toContain('{"');
    await screenshot(page, 'regulator-queue-error-words-desktop');
    receiver.setFault({ mode: 'none' });
    await page.goto(`${suite.base}/app/regulator/${cementId}?tab=logs&outcome=ERROR`);
    const codes = section(page, 'Error codes');
    await codes.getByRole('button', { name: /^Attempts failing with / }).first().waitFor();
    expect(await codes.locator('tbody tr').count()).toBeGreaterThan(0);
    await section(page, 'Push attempts').locator('tbody tr').first().getByText(/^ODAMS-\d+|E\d+|HTTP|NETWORK|BAD/).waitFor();
    await screenshot(page, 'regulator-errors-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)('the board sees its industries worst first and opens one, read-only (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/regulator', cookies.board);
    await page.getByRole('heading', { name: `Industries reporting to ${boardName}` }).waitFor();
    // The actionable task above the list: industries that should report and reach no regulator.
    await page.getByText(/industries do not reach the regulator/).waitFor();
    await screenshot(page, `regulator-board-${viewport}`);
    const table = page.locator('table').first();
    const first = table.locator('tbody tr').first();
    // Industries with no connection come first; the cement works is connected.
    await first.getByText('Not connected').waitFor();
    const cementRow = table.locator('tbody tr', { has: page.getByRole('link', { name: CEMENT }) });
    expect(await cementRow.locator('[data-sync]').getAttribute('data-sync')).toMatch(/^(In Sync|Out of Sync|Delayed)$/);
    expect(await horizontalOverflow(page)).toBe(0);
    if (viewport === 'desktop') expect(await mainMenu(page)).toEqual(['Dashboard', 'Dashboards', 'Air quality', 'Data quality', 'Alerts', 'Regulator sync', 'Devices', 'Cameras', 'Calibration', 'Compliance', 'Change requests', 'Reports', 'Scheduled reports', 'My account']);

    await cementRow.getByRole('link', { name: CEMENT }).click();
    await page.waitForURL(new RegExp(`/app/regulator/${cementId}`));
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    expect(await activeMenuItem(page)).toBe('Regulator sync');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Sync status', 'Push logs']);
    await page.getByText('Stations on CPCB ODAMS').waitFor();
    await page.locator('[data-sync]').nth(1).waitFor();
    await screenshot(page, `regulator-industry-status-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)("the industry's administrator reads its own page, its mapping read-only (%s)", async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/regulator', cookies.tenantAdmin);
    await page.waitForURL(new RegExp(`/app/regulator/${cementId}`));
    await page.getByRole('heading', { level: 1, name: CEMENT }).waitFor();
    expect(await page.getByRole('link', { name: /All industries/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Mapping' }).click();
    await page.getByText(/stations mapped/).waitFor();
    expect(await page.getByRole('button', { name: 'Edit mapping' }).count()).toBe(0);
    await screenshot(page, `regulator-tenant-mapping-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('tab', { name: 'Push logs' }).click();
    await page.getByText('Records per day').waitFor();
    await screenshot(page, `regulator-tenant-logs-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('tab', { name: 'Republish' }).click();
    await page.locator('[data-republish]').first().waitFor();
    await screenshot(page, `regulator-tenant-republish-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a site admin reads the connections on a phone', async () => {
    const { context, page, errors } = await suite.open('phone', '/app/admin/regulator-connections', cookies.siteAdmin);
    await page.getByText(CONNECTION, { exact: true }).waitFor();
    await screenshot(page, 'regulator-connections-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto(`${suite.base}/app/regulator/${cementId}?tab=mapping`);
    await page.getByRole('button', { name: 'Edit mapping' }).click();
    await page.getByRole('button', { name: 'Save mapping' }).waitFor();
    await screenshot(page, 'regulator-mapping-editor-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
