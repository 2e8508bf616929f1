import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { percentile, round } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PaintFigure {
  fcp: { p50: number; p95: number };
  meaningful: { p50: number; p95: number };
  runs: number;
}

/**
 * Builds the web app for production before a browser bench, so the server serves what users get:
 * the bundle found in dist/ may be older than the sources, or a development build (the browser
 * tests built one until this session, and the 12-widget paint measured on it took ~300 ms more).
 */
export function ensureWebBuilt(): void {
  execFileSync('npm', ['run', 'build', '-w', '@enviro/web'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export const chromiumAvailable = () => existsSync(CHROMIUM);

/**
 * The public industry page with a cold cache (a new browser context each run): first contentful
 * paint, and first meaningful paint = the industry's heading and the selected station's parameter
 * table with live values on screen, both from navigation start.
 */
export async function benchIndustryPage(baseUrl: string, path: string, runs: number): Promise<PaintFigure> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const fcp: number[] = [];
  const meaningful: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`);
      // Polled every animation frame, so the instant is within one frame of the paint.
      await page.waitForFunction(
        () =>
          document.querySelector('h1') !== null &&
          [...document.querySelectorAll('table tbody tr td')].some((td) => /\d/.test(td.textContent ?? '')),
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      const t = await page.evaluate(() => ({
        meaningful: performance.now(),
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      }));
      if (i >= 2) {
        // The first two runs warm the server (JIT, database caches), not the browser.
        fcp.push(t.fcp);
        meaningful.push(t.meaningful);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  // A run without a first-contentful-paint entry (none recorded yet) leaves its FCP out.
  const summary = (xs: number[]) => {
    const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    return { p50: round(percentile(s, 50), 0), p95: round(percentile(s, 95), 0) };
  };
  return { fcp: summary(fcp), meaningful: summary(meaningful), runs };
}
