import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RecentValue } from '@enviro/contracts/data/recent';
import type { TrendResult } from '@enviro/contracts/data/trend';
import type { ParamLimit } from '@enviro/contracts/entities';
import { formatIndian } from '@enviro/domain/format-number';
import { apiCall, chartDrawn, horizontalOverflow, screenshot, type ViewportName } from './portal.ts';
import { browserSuite } from './setup.ts';

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'phone'];

/** The demo's stations this file looks at, by industry. */
const DELAYED = { industry: 'Shekhawati Distilleries Pvt Ltd', station: 'Spent Wash ZLD Outlet' };
const OFFLINE = { industry: 'Rajputana Ispat Ltd', station: 'AAQMS Boundary East' };
const ENERGY = { industry: 'Aravali Cement Works Ltd', station: 'Main Incomer 132 kV' };

interface Place {
  tenantId: number;
  stationId: number;
  params: string[];
}

const numbers = (texts: string[]) =>
  texts.map((t) => t.trim()).filter((t) => /^-?[\d,]+(\.\d+)?[KMG]?$/.test(t));
const parse = (text: string) => {
  const scale = { K: 1e3, M: 1e6, G: 1e9 }[text.slice(-1)] ?? 1;
  return Number.parseFloat(text.replace(/,/g, '')) * scale;
};

/** The numbers a chart prints (its value axis' tick labels; time ticks are written with colons and months). */
const axisLabels = (page: Page, label: string) =>
  page.locator(`[role="img"][aria-label="${label}"] svg text`).allTextContents().then(numbers);
const chartTexts = (page: Page, label: string) => page.locator(`[role="img"][aria-label="${label}"] svg text`).allTextContents();
const tile = async (page: Page, label: string) => parse((await page.locator(`[data-stat="${label}"] p`).nth(1).innerText()).split(/\s/)[0]!);

describe('what the data screens show', () => {
  const places: Record<'delayed' | 'offline' | 'energy', Place> = {} as never;

  const suite = browserSuite({
    demo: 2,
    seed: async (database) => {
      for (const [key, where] of Object.entries({ delayed: DELAYED, offline: OFFLINE, energy: ENERGY })) {
        const row = await database.pool.query<{ tenant_id: number; id: number }>(
          `SELECT e.tenant_id::int AS tenant_id, e.id::int AS id FROM entity e JOIN tenant t ON t.id = e.tenant_id WHERE t.name = $1 AND e.name = $2`,
          [where.industry, where.station],
        );
        const { tenant_id: tenantId, id: stationId } = row.rows[0]!;
        const params = await database.pool.query<{ name: string }>(
          `SELECT DISTINCT s.name FROM device d JOIN device_param p ON p.device_id = d.id JOIN std_param s ON s.id = p.std_param_id
            WHERE d.entity_id = $1 AND s.name NOT LIKE 'device\\_%' ORDER BY s.name`,
          [stationId],
        );
        places[key as keyof typeof places] = { tenantId, stationId, params: params.rows.map((r) => r.name) };
      }
    },
  });

  const stationUrl = (p: Place) => `/public/dashboard/industry/${p.tenantId}?station=${p.stationId}`;
  const parameterRows = (page: Page) => page.getByRole('table').filter({ hasText: 'Latest value' }).locator('tbody tr');

  it.each(VIEWPORT_NAMES)('a delayed station shows its last 15-minute values with their age on %s', async (viewport) => {
    const place = places.delayed;
    const { context, page, errors } = await suite.open(viewport, stationUrl(place));
    await page.getByRole('heading', { level: 2, name: DELAYED.station, exact: true }).waitFor();
    const hours = await apiCall<TrendResult[]>(suite.base, place.tenantId, '/data/entityMetric', {
      request: { entityIds: [place.stationId], params: place.params.map((name) => ({ name })), duration: '4h-ago', interval: 'minute_15' },
    });
    await expect.poll(() => parameterRows(page).count()).toBe(place.params.length);
    for (const trend of hours) {
      const last = trend.data.filter((p) => p.value !== null).at(-1)!;
      const row = parameterRows(page).filter({ has: page.getByRole('link', { name: trend.paramLabel, exact: true }) });
      await expect.poll(() => row.locator('td').nth(1).innerText()).toBe(formatIndian(last.value, 2));
      const measured = row.locator('td').nth(2);
      // Quiet for two and a half hours: within the 4 hours coloured green, its age in words.
      expect(await measured.locator('[data-age]').getAttribute('data-age')).toBe('green');
      expect(await measured.innerText()).toMatch(/\n+2 h ago · 15-minute (average|sum)$/);
    }
    await screenshot(page, `station-delayed-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a station offline for hours shows its last readings, coloured by age', async () => {
    const place = places.offline;
    const { context, page, errors } = await suite.open('desktop', stationUrl(place));
    await page.getByRole('heading', { level: 2, name: OFFLINE.station, exact: true }).waitFor();
    const readings = await apiCall<RecentValue[]>(suite.base, place.tenantId, '/data/recent/metric', {
      request: { entityIds: [place.stationId], backscan: 24 * 31 },
    });
    await expect.poll(() => parameterRows(page).count()).toBe(place.params.length);
    for (const reading of readings.filter((r) => place.params.includes(r.paramName))) {
      const row = parameterRows(page).filter({ has: page.getByRole('link', { name: reading.paramLabel, exact: true }) });
      await expect.poll(() => row.locator('td').nth(1).innerText()).toBe(formatIndian(reading.value, 2));
      const measured = row.locator('td').nth(2);
      expect(await measured.locator('[data-age]').getAttribute('data-age')).toBe('orange');
      expect(await measured.innerText()).toMatch(/\n+1\d h ago · last reading$/);
    }
    await screenshot(page, 'station-offline-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('energy is summed per quarter hour on the station and on its trend, and each says so, on %s', async (viewport) => {
    const place = places.energy;
    const { context, page, errors } = await suite.open(viewport, stationUrl(place));
    await page.getByRole('heading', { level: 2, name: ENERGY.station, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Parameter' }).click();
    await page.getByRole('option', { name: 'Energy', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Last 4 hours (15-minute sums)' }).waitFor();
    await chartDrawn(page, 'Energy over the last 4 hours');
    expect(await chartTexts(page, 'Energy over the last 4 hours')).toContain('kWh, 15-minute sums');
    // The window cuts its first quarter hour, and the current one is still running.
    await page.getByText('Hollow points are periods only partly covered').waitFor();
    await screenshot(page, `station-energy-${viewport}`);

    await page.getByRole('link', { name: 'Energy', exact: true }).click();
    await page.waitForURL(/\/public\/dashboard\/details\/.*paramId=kwh/);
    await chartDrawn(page, `Energy at ${ENERGY.station}`);
    expect(await chartTexts(page, `Energy at ${ENERGY.station}`)).toContain('kWh, 15-minute sums');
    expect(await page.getByRole('textbox', { name: "Each period's value" }).inputValue()).toBe('Sum (default)');
    const sums = await apiCall<TrendResult[]>(suite.base, place.tenantId, '/data/entityMetric', {
      request: { entityIds: [place.stationId], params: [{ name: 'kwh' }], duration: '15d-ago', interval: 'minute_15' },
    });
    expect(sums[0]!.dsAgg).toBe('sum');
    // The tiles are of the sums drawn (hundreds of kWh), not of single readings (tens).
    const whole = sums[0]!.data.slice(1, -1).map((p) => p.value!);
    await expect.poll(() => tile(page, 'Max')).toBe(Number(Math.max(...whole).toFixed(2)));
    await page.getByText('Min, max and average of the 15-minute sums, leaving out periods only partly covered.').waitFor();
    await screenshot(page, `trend-energy-${viewport}`);
    expect(await horizontalOverflow(page)).toBe(0);

    // Another aggregation is the user's choice, kept in the URL and named on the axis.
    await page.getByRole('textbox', { name: "Each period's value" }).click();
    await page.getByRole('option', { name: 'Average' }).click();
    await page.waitForURL(/aggregation=avg/);
    await expect.poll(() => chartTexts(page, `Energy at ${ENERGY.station}`)).toContain('kWh, 15-minute averages');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(VIEWPORT_NAMES)('the pH trend shows its limits and the extremes it quotes, on ticks that differ, on %s', async (viewport) => {
    const place = places.delayed;
    const limits = await apiCall<ParamLimit[]>(suite.base, place.tenantId, '/alertlimit', { entityIds: [place.stationId], params: ['ph'] });
    const { min: low, max: high } = limits[0]!;
    const { context, page, errors } = await suite.open(
      viewport,
      `/public/dashboard/details/${place.tenantId}?entityType=eqms&entityId=${place.stationId}&paramId=ph&publicTenantId=${place.tenantId}`,
    );
    const chart = `pH at ${DELAYED.station}`;
    await chartDrawn(page, chart);
    await expect.poll(() => page.locator('[data-stat="Max"] p').nth(1).innerText()).toMatch(/^\d/);
    const [min, max] = [await tile(page, 'Min'), await tile(page, 'Max')];
    const ticks = (await axisLabels(page, chart)).map(parse);
    expect(Math.min(...ticks)).toBeLessThanOrEqual(Math.min(min, low!));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(Math.max(max, high!));
    expect(await chartTexts(page, chart)).toContain('15-minute averages');
    await screenshot(page, `trend-ph-${viewport}`);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const bytes = await readFile((await csv.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const values = bytes.toString('utf8').slice(1).trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[1]!);
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the last four hours of pH label their ticks with decimals that tell them apart', async () => {
    const place = places.delayed;
    const { context, page, errors } = await suite.open('desktop', stationUrl(place));
    await page.getByRole('textbox', { name: 'Parameter' }).click();
    await page.getByRole('option', { name: 'pH', exact: true }).click();
    await chartDrawn(page, 'pH over the last 4 hours');
    const labels = await axisLabels(page, 'pH over the last 4 hours');
    expect(labels.length).toBeGreaterThan(2);
    expect(new Set(labels).size).toBe(labels.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
