import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatInZone } from '@enviro/domain/format-date';

/** An instant as the app writes it (src/lib/dates.ts formatInstant). */
const formatInstant = (at: number) => formatInZone(at, 'DD MMM YYYY HH:mm');
import { addSessionCookie, horizontalOverflow, openPage, screenshot, type ViewportName } from './portal.ts';
import { browserSuite, CEMENT, signedInUser, tenantIdNamed } from './setup.ts';

describe('dashboards in a browser', () => {
  let admin = '';
  let cementId = 0;

  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      cementId = await tenantIdNamed(database.db, CEMENT);
      admin = (await signedInUser(database.db, { tenantId: cementId, name: 'Arjun Admin', role: 'admin' })).cookie;
    },
  });

  /** Waits until every widget on the page has drawn its chart or said it has no data. */
  async function widgetsSettled(page: Page) {
    await expect
      .poll(async () => page.locator('[data-widget]').evaluateAll((ws) => ws.length > 0 && ws.every((w) => w.querySelector('[role="img"] svg') || w.textContent?.includes('No data found'))), { timeout: 30_000 })
      .toBe(true);
  }

  // The cause of a CI flake: the board page (opened by its URL, so the list was never loaded) deletes
  // and opens the list at once; the list's first answer, read before the delete committed, came back
  // after it, and the refetch the delete asked for joined that answer instead of starting anew.
  it('drops a deleted dashboard from a list whose first answer was read before the delete', async () => {
    const { context, page, errors } = await openPage(suite.browser, 'desktop');
    await addSessionCookie(context, suite.base, admin);
    const created = await context.request.post(`${suite.base}/api/dashboards`, { data: { name: 'Short-lived board' }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: number };

    let listRead!: () => void;
    const listReadBeforeDelete = new Promise<void>((resolve) => (listRead = resolve));
    let deleteAnswered!: () => void;
    const afterDelete = new Promise<void>((resolve) => (deleteAnswered = resolve));
    let firstList = true;
    await page.route(/\/api\/dashboards(\?.*)?$/, async (route) => {
      if (!firstList || route.request().method() !== 'GET') return route.continue();
      firstList = false;
      const response = await route.fetch();
      listRead();
      await afterDelete;
      await route.fulfill({ response }).catch(() => undefined); // cancelled by the page: nothing to answer
    });
    await page.route(`${suite.base}/api/dashboards/${id}`, async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      await listReadBeforeDelete;
      await route.fulfill({ response: await route.fetch() });
      deleteAnswered();
    });

    await page.goto(`${suite.base}/app/boards/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Short-lived board' }).waitFor();
    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await afterDelete;
    await page.getByRole('link', { name: /overview$/ }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Short-lived board' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('lists the seeded templates and shows one with its charts (%s)', async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/boards', admin);
    await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
    const template = page.getByRole('link', { name: /overview$/ }).first();
    await template.waitFor();
    await screenshot(page, `dashboards-list-${viewport}`);
    await template.click();
    await page.waitForURL(/\/app\/boards\/\d+$/);
    await page.locator('[data-widget]').first().waitFor();
    expect(await page.locator('[data-widget]').count()).toBeGreaterThanOrEqual(5);
    await widgetsSettled(page);
    expect(await page.locator('[data-widget] [role="img"] svg').count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, `dashboards-board-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // Every chart has its table view and CSV export.
    const first = page.locator('[data-widget]').first();
    await first.getByText('Table', { exact: true }).click();
    await first.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a dashboard: drags a widget, adds one through the form with its preview, saves, and the grid stays', async () => {
    const { context, page, errors } = await suite.open('desktop', '/app/boards', admin);
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByLabel('Name').fill('Kiln watch');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/app\/boards\/\d+\?edit=1$/);
    const id = Number(/boards\/(\d+)/.exec(page.url())![1]);

    for (const [name, kind] of [['Daily candles', 'Candlestick'], ['Year of days', 'Calendar heatmap']] as const) {
      await page.getByRole('button', { name: 'Add widget' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('textbox', { name: 'Chart', exact: true }).click();
      await page.getByRole('option', { name: kind, exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Stations' }).click();
      await page.getByRole('option').first().click();
      // A click beside the list closes it (Escape would close the dialog too).
      await dialog.getByText('Preview', { exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Parameters' }).click();
      await page.getByRole('option').first().click();
      await dialog.getByText('Preview', { exact: true }).click();
      await dialog.getByLabel('Widget preview').locator('svg, :text("No data found")').first().waitFor({ timeout: 30_000 });
      if (kind === 'Calendar heatmap') await screenshot(page, 'dashboards-widget-form-desktop');
      await dialog.getByRole('button', { name: 'Add widget' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // The second widget went below the first; drag it up beside it.
    const handle = page.getByRole('button', { name: 'Move Year of days', exact: true });
    const box = (await handle.boundingBox())!;
    const firstBox = (await page.locator('[data-widget]').first().boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(firstBox.x + firstBox.width + 40, firstBox.y + 5, { steps: 8 });
    await page.mouse.up();
    await screenshot(page, 'dashboards-editing-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/app/boards/${id}$`));

    const saved = (await page.evaluate(async (url) => (await fetch(url, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json(), `${suite.base}/api/dashboards/${id}`)) as {
      widgets: { name: string; kind: string; layout: { x: number; y: number; w: number; h: number } }[];
    };
    expect(saved.widgets.map((w) => [w.name, w.kind, w.layout])).toEqual([
      ['Daily candles', 'candlestick', { x: 0, y: 0, w: 6, h: 4 }],
      ['Year of days', 'calendarHeatmap', { x: 6, y: 0, w: 6, h: 4 }],
    ]);
    await page.reload();
    await widgetsSettled(page);
    await screenshot(page, 'dashboards-saved-desktop');

    page.on('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(/\?edit=1$/);
    const copyId = Number(/boards\/(\d+)/.exec(page.url())![1]);
    await page.getByRole('heading', { level: 1, name: 'Kiln watch (copy)' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Waited for by its response, so a delete that fails or is never sent says so here (CI once
    // saw the copy stay listed for 20 s, with nothing to tell which).
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/dashboards\/\d+$/.test(r.url()));
    await page.getByRole('button', { name: 'Delete' }).click();
    const response = await deleted;
    expect(`${response.status()} ${response.url()}`).toBe(`200 ${suite.base}/api/dashboards/${copyId}`);
    await page.waitForURL(`${suite.base}/app/boards`);
    await page.getByRole('link', { name: 'Kiln watch', exact: true }).waitFor();
    // The list refetches once the delete is done.
    await expect.poll(() => page.getByRole('link', { name: 'Kiln watch (copy)' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reading posted over HTTP reaches a widget without a refresh, and several series tile', async () => {
    // A station of the industry that reports two parameters, and its device's access token.
    const { rows } = await suite.database.pool.query<{ id: string; token: string; params: string[] }>(
      `SELECT e.id, c.access_token AS token, array_agg(p.name ORDER BY dp.slot) AS params
       FROM entity e JOIN device d ON d.tenant_id = e.tenant_id AND d.entity_id = e.id
       JOIN device_credential c ON c.tenant_id = d.tenant_id AND c.device_id = d.id
       JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id JOIN std_param p ON p.id = dp.std_param_id
       WHERE e.tenant_id = $1 AND d.deleted_date IS NULL AND dp.deleted_date IS NULL
       GROUP BY e.id, c.access_token HAVING count(*) >= 2 ORDER BY e.id LIMIT 1`,
      [cementId],
    );
    const station = { id: Number(rows[0]!.id), token: rows[0]!.token, params: rows[0]!.params };
    const layout = (x: number) => ({ x, y: 0, w: 6, h: 5 });
    const widgets = [
      { id: 'raw', kind: 'line', name: 'Raw readings', layout: layout(0), entityIds: [station.id], params: [station.params[0]], interval: 'instances', duration: '1h-ago' },
      { id: 'two', kind: 'bar', name: 'Two parameters', layout: layout(6), entityIds: [station.id], params: station.params.slice(0, 2), interval: 'hour_1', duration: '1d-ago' },
    ];
    const made = await suite.app.inject({ method: 'POST', url: '/api/dashboards', headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' }, payload: { name: 'Live watch', widgets } });
    expect(made.statusCode).toBe(200);

    const { context, page, errors } = await suite.open('desktop', `/app/boards/${made.json().id}`, admin);
    await widgetsSettled(page);
    const live = page.getByTestId('board-live');
    await live.waitFor({ timeout: 30_000 });
    const raw = page.locator('[data-widget="raw"]');
    await raw.getByText('Table', { exact: true }).click();
    const ts = Math.floor(Date.now() / 1000) * 1000;
    const posted = await fetch(`${suite.base}/api/v1/${station.token}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ ts, values: { [station.params[0]!]: 123.5 } }]),
    });
    expect(posted.status).toBe(200);
    // Pushed over the stream, then the widget's data asked again (within 5 s): its table has the reading.
    await expect.poll(() => raw.innerText(), { timeout: 20_000 }).toContain(formatInstant(ts));
    expect(await live.innerText()).toContain('Live: last reading');

    // Two series: line / bar / stack / tiled; tiled draws a chart per series.
    const two = page.locator('[data-widget="two"]');
    for (const label of ['Line', 'Bar', 'Stack', 'Tiled']) await two.getByText(label, { exact: true }).waitFor();
    await two.getByText('Tiled', { exact: true }).click();
    await expect.poll(() => two.locator('[role="img"] svg').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'dashboards-live-tiled-desktop');
    await two.getByText('Stack', { exact: true }).click();
    await expect.poll(() => two.locator('[role="img"] svg').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
