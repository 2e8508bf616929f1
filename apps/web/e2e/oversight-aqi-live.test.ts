import { describe, expect, it } from 'vitest';
import { formatInZone } from '@enviro/domain/format-date';

/** An instant as the app writes it (src/lib/dates.ts formatInstant). */
const formatInstant = (at: number) => formatInZone(at, 'DD MMM YYYY HH:mm');
import { chartDrawn, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { demoBoardId } from './demo-database.ts';
import { browserSuite, signedInUser } from './setup.ts';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

/**
 * A board's oversight overview, a CAAQMS station's National AQI (public portal and app) and live
 * values pushed into the signed-in station view, on two days of demo data.
 */
describe('oversight, National AQI and live values in a browser', () => {
  let board: number;
  let cookie: string;
  const aqms = { tenantId: 0, stationId: 0, token: '', name: '', industry: '' };

  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      board = await demoBoardId(database.db);
      const row = await database.pool.query<{ tenant_id: number; id: string; name: string; industry: string; access_token: string }>(
        `SELECT e.tenant_id, e.id, e.name, t.name AS industry, c.access_token
         FROM entity e JOIN tenant t ON t.id = e.tenant_id JOIN device d ON d.tenant_id = e.tenant_id AND d.entity_id = e.id
         JOIN device_credential c ON c.tenant_id = d.tenant_id AND c.device_id = d.id
         WHERE e.type = 'caaqms' AND e.last_data_at > now() - interval '1 hour' ORDER BY e.id LIMIT 1`,
      );
      const r = row.rows[0]!;
      Object.assign(aqms, { tenantId: r.tenant_id, stationId: Number(r.id), token: r.access_token, name: r.name, industry: r.industry });
      cookie = (await signedInUser(database.db, { tenantId: board, userType: 'statutory', role: 'user', password: undefined, name: 'Bala Board' })).cookie;
    },
  });

  it.each(VIEWPORTS)("a board's dashboard lists its industries worst first and opens one (%s)", async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, '/app/dashboard', cookie);
    const table = page.getByRole('table', { name: 'Industries, worst first' });
    await table.waitFor();
    await page.getByText('Industries in exceedance now').waitFor();
    await expect.poll(() => table.getByRole('link').count()).toBeGreaterThan(2);
    await screenshot(page, `oversight-board-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    const first = await table.getByRole('link').first().innerText();
    await table.getByRole('link').first().click();
    await page.waitForURL(/\/app\/industries\/\d+$/);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORTS)("the public portal shows a CAAQMS station's AQI and its calendar (%s)", async (viewport) => {
    const { context, page, errors } = await suite.open(viewport, `/public/dashboard/industry/${aqms.tenantId}?back=${board}&station=${aqms.stationId}`);
    await page.getByRole('heading', { name: 'National Air Quality Index' }).waitFor({ timeout: 30_000 });
    const now = page.getByTestId('aqi-now');
    await now.waitFor({ timeout: 30_000 });
    expect(await now.innerText()).toMatch(/^\d+\s+(Good|Satisfactory|Moderate|Poor|Very Poor|Severe)\s+Prominent: /);
    await page.getByRole('table', { name: 'Sub-indices' }).waitFor();
    await chartDrawn(page, `Daily AQI of ${aqms.name} over the last 12 months`);
    await page.getByRole('heading', { name: 'National Air Quality Index' }).scrollIntoViewIfNeeded();
    await screenshot(page, `aqi-public-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    // The portal keeps polling: no live stream.
    expect(await page.getByTestId('live-values').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pushes a reading committed by a device into the signed-in station view', async () => {
    const { context, page, errors } = await suite.open('desktop', `/app/industries/${aqms.tenantId}?station=${aqms.stationId}`, cookie);
    const live = page.getByTestId('live-values');
    await live.waitFor({ timeout: 30_000 });
    const ts = Date.now();
    const res = await fetch(`${suite.base}/api/v1/${aqms.token}/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ ts, values: { pm2_5: 41.5 } }]) });
    expect(res.status).toBe(200);
    await expect.poll(() => live.innerText(), { timeout: 15_000 }).toContain(`Live: last reading ${formatInstant(ts)} IST`);
    await screenshot(page, 'live-station-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
