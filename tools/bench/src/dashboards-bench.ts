import type pg from 'pg';
import { addCalendar, dayOf, DEFAULT_TIME_ZONE, startOfCalendar } from '@enviro/domain/time-zone';
import { chromium } from 'playwright-core';
import { HistoryRepository } from '@enviro/server/demo/history.repository';
import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '@enviro/server/platform/access/session';
import { SessionRepository } from '@enviro/server/modules/accounts/sessions.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { percentile, round, timeRuns, type Timing } from './stats.ts';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

const DAY_MS = 24 * 3600_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface CalendarFixture {
  tenantId: number;
  stationId: number;
  deviceId: number;
  apiKey: string;
  /** 1 January (Kolkata) of the first of the four years a 3-previous-years heatmap shows. */
  startDate: string;
  readings: number;
}

/**
 * One ambient station whose analyser reported PM2.5 every minute from 1 January three years ago
 * (Kolkata) until now: what a calendar heatmap with `numberofyears: 3` shows.
 */
export async function calendarFixture(db: Db, pool: pg.Pool, nowMs: number): Promise<CalendarFixture> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Calendar Industry' });
  const { id: stationId } = await svc.createEntity({ tenantId, type: 'caaqms', name: 'AAQMS 1' });
  const device = await svc.createDevice({ tenantId, entityId: stationId, name: 'AAQMS', params: [{ name: 'pm2_5' }] });
  const from = addCalendar(startOfCalendar(nowMs, 'year', DEFAULT_TIME_ZONE), -3, 'year', DEFAULT_TIME_ZONE);
  const startDate = dayOf(from, DEFAULT_TIME_ZONE);
  const to = Math.floor(nowMs / 60_000) * 60_000;
  const minutes = Math.floor((to - from) / 60_000);
  const history = new HistoryRepository({ db, pool });
  await history.copyReadings(lines(tenantId, device.id, from, minutes), from, to + DAY_MS);
  await history.buildRollups([tenantId], from, to);
  await pool.query('ANALYZE reading; ANALYZE reading_15m; ANALYZE reading_1h; ANALYZE reading_1d');
  const { key } = await svc.createApiKey(tenantId, 'bench');
  return { tenantId, stationId, deviceId: device.id, apiKey: key, startDate, readings: minutes };
}

function* lines(tenantId: number, deviceId: number, from: number, minutes: number): Generator<string> {
  let chunk = '';
  for (let m = 0; m < minutes; m++) {
    // A yearly and a daily cycle, and gaps: a value missing every 97th minute.
    const v = m % 97 === 0 ? 'NULL' : (60 + 30 * Math.sin(m / 83_000) + 10 * Math.sin(m / 229) + ((m * 7919) % 17) / 10).toFixed(2);
    chunk += `${tenantId}\t${deviceId}\t${new Date(from + m * 60_000).toISOString()}\t{${v}}\n`;
    if (m % 5000 === 4999) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * The requests a calendar heatmap widget sends at once (widget-request.ts): three years a request,
 * newest first, since a range may not pass 1,325 days. `previous`: years shown before this one.
 */
const calendarBodies = (f: CalendarFixture, previous: number) => {
  const last = Number(f.startDate.slice(0, 4)) + 3;
  const years = Array.from({ length: previous + 1 }, (_, i) => last - i);
  const chunks = [years.slice(0, 3), years.slice(3)].filter((c) => c.length > 0);
  return chunks.map((c) =>
    JSON.stringify({
      request: {
        entityIds: [f.stationId],
        params: [{ name: 'pm2_5' }],
        interval: 'day_1',
        startDate: `${c.at(-1)}-01-01`,
        ...(c[0]! < last ? { endDate: `${c[0]! + 1}-01-01` } : {}),
        groupAll: true,
      },
    }),
  );
};

/** The heatmap's days: its answers joined. */
async function calendarDays(baseUrl: string, f: CalendarFixture, previous: number): Promise<TrendAnswer['data']> {
  const answers = await Promise.all(calendarBodies(f, previous).map((body) => post(baseUrl, f.apiKey, body)));
  return answers.flatMap((a) => a[0]?.data ?? []);
}

interface TrendAnswer {
  data: { time: number; value: number | null }[];
}

async function post(baseUrl: string, apiKey: string, body: string): Promise<TrendAnswer[]> {
  const res = await fetch(`${baseUrl}/api/data/entityMetric`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body });
  if (res.status !== 200) throw new Error(`calendar request answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TrendAnswer[];
}

/**
 * Checks the heatmap's days against the raw readings: each Kolkata day's average computed from
 * `reading` alone must equal the API's value (to 1e-9), and no day may be missing or extra.
 * Answers the number of days compared.
 */
export async function checkCalendarExact(baseUrl: string, pool: pg.Pool, f: CalendarFixture): Promise<number> {
  const days = await calendarDays(baseUrl, f, 3);
  const raw = await pool.query<{ day: number; avg: number }>(
    `SELECT extract(epoch FROM date_trunc('day', ts AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')::bigint * 1000 AS day, avg(vals[1]) AS avg
     FROM reading WHERE tenant_id = $1 AND device_id = $2 AND vals[1] IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [f.tenantId, f.deviceId],
  );
  const api = new Map(days.map((p) => [p.time, p.value]));
  if (api.size !== raw.rows.length) throw new Error(`calendar: ${api.size} days from the API, ${raw.rows.length} from raw`);
  for (const r of raw.rows) {
    const v = api.get(Number(r.day));
    if (v === undefined || v === null || Math.abs(v - Number(r.avg)) > 1e-9 * Math.max(1, Math.abs(Number(r.avg)))) {
      throw new Error(`calendar: day ${new Date(Number(r.day)).toISOString()} is ${v} from the API, ${r.avg} from raw`);
    }
  }
  return raw.rows.length;
}

/** p50/p95 of a calendar heatmap's requests (this year and `previous` before it), sent at once over HTTP, until the last answers. */
export function benchCalendar(baseUrl: string, f: CalendarFixture, previous: number, runs: number): Promise<Timing> {
  return timeRuns(async () => {
    const days = await calendarDays(baseUrl, f, previous);
    if (days.length < previous * 365) throw new Error(`calendar answered ${days.length} days`);
  }, runs);
}

/** Reference in the same run: that station's 30-day hourly trend. */
export function benchMonthTrend(baseUrl: string, f: CalendarFixture, runs: number): Promise<Timing> {
  const body = JSON.stringify({ request: { entityIds: [f.stationId], params: [{ name: 'pm2_5' }], interval: 'hour_1', duration: '30d-ago' } });
  return timeRuns(() => post(baseUrl, f.apiKey, body), runs);
}

/** A tenant administrator and a session of theirs, as the Cookie header's name and value. */
export async function adminSession(db: Db, tenantId: number): Promise<{ name: string; value: string }> {
  const { id: userId } = await services().users.accounts.create(
    { name: 'bench', userId: null },
    { tenantId, name: 'Bench Admin', userName: `bench.${Date.now()}@example.in`, userType: 'tenant', role: 'admin', password: 'bench password 1' },
  );
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({ id, tenantId, userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS), ip: null, userAgent: null });
  return { name: SESSION_COOKIE, value: token };
}

const KINDS_OF_TWELVE = ['line', 'bar', 'area', 'airQuality', 'candlestick', 'calendarHeatmap', 'facilityHeatmap', 'dualAxis', 'line', 'bar', 'area', 'candlestick'] as const;

/**
 * A 12-widget dashboard over a demo industry's stations (every kind but pie, whose 2 s spinner is
 * SPEC 9's floor, not speed), made through the API as the web app makes it. Answers its id.
 */
export async function twelveWidgetBoard(baseUrl: string, cookie: { name: string; value: string }, stationId: number, params: [string, string]): Promise<number> {
  const widgets = KINDS_OF_TWELVE.map((kind, i) => ({
    id: `w${i}`,
    kind,
    name: `${kind} ${i + 1}`,
    layout: { x: (i % 3) * 4, y: Math.floor(i / 3) * 4, w: 4, h: 4 },
    entityIds: [stationId],
    params: kind === 'dualAxis' ? params : [params[i % 2]!],
    interval: kind === 'candlestick' || kind === 'calendarHeatmap' || kind === 'airQuality' ? 'day_1' : 'hour_1',
    duration: kind === 'calendarHeatmap' ? '1y-ago' : i < 6 ? '7d-ago' : '30d-ago',
  }));
  const res = await fetch(`${baseUrl}/api/dashboards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'Bench twelve', owner: 'tenant', widgets }),
  });
  if (res.status !== 200) throw new Error(`dashboard not made: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/**
 * A dashboard's first meaningful paint with a cold cache (a new browser context each run): from
 * navigation start until every widget shows its drawn chart (or says it has no data), which
 * includes SPEC 9's 200 ms fetch delay.
 */
export async function benchBoardPaint(baseUrl: string, cookie: { name: string; value: string }, boardId: number, runs: number): Promise<{ p50: number; p95: number; runs: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ ...cookie, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/app/boards/${boardId}`);
      await page.waitForFunction(
        () => {
          const widgets = [...document.querySelectorAll('[data-widget]')];
          return widgets.length === 12 && widgets.every((w) => w.querySelector('[role="img"] svg') || w.textContent?.includes('No data found'));
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      const t = await page.evaluate(() => performance.now());
      if (i >= 2) samples.push(t);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50), 0), p95: round(percentile(samples, 95), 0), runs };
}
