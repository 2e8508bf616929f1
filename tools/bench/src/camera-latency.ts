import { chromium } from 'playwright-core';
import { clockStripCentres, decodeClockStrip, msSinceStrip } from '@enviro/camera-sim/clock-strip';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The page's side, as source text (tsx would wrap named functions in a helper the page lacks): for
 * `seconds`, each frame shown is drawn to a canvas and the brightness at the clock strip's block
 * middles kept with the time the frame is shown. The strip is grey (black or white): any channel tells.
 */
const READ_FRAMES = `async ({ seconds, centres }) => {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  canvas.width = 512;
  canvas.height = 16;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const out = [];
  const until = performance.now() + seconds * 1000;
  await new Promise((resolve) => {
    function onFrame(now, meta) {
      g.drawImage(video, 0, 0, 512, 16, 0, 0, 512, 16);
      const px = g.getImageData(0, 0, 512, 16).data;
      out.push({ shownAt: performance.timeOrigin + meta.expectedDisplayTime, lumas: centres.map((c) => px[(c.y * 512 + c.x) * 4]) });
      if (performance.now() < until) video.requestVideoFrameCallback(onFrame);
      else resolve();
    }
    video.requestVideoFrameCallback(onFrame);
  });
  return out;
}`;

/** Notes in the page when it first asks for a live view (fetch of /api/camera/{id}/live). */
const LIVE_REQUEST_CLOCK = `(() => {
  const fetchOf = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/live') && window.liveAskedAt === undefined) window.liveAskedAt = performance.now();
    return fetchOf(input, init);
  };
})();`;

export interface LatencyFigure {
  /** Glass-to-glass latency of the frames shown, ms. */
  median: number;
  p95: number;
  max: number;
  /** Frames read. */
  frames: number;
  /** Frames whose strip did not decode to a time within the last minute (should be 0). */
  unreadable: number;
  /** The camera page opened with the camera's stream not running: navigation to the first decoded frame, ms. */
  firstFrameMs: number;
  /** The same from the player's request for the stream (the page's own load left out), ms. */
  fromRequestMs: number;
}

/**
 * Glass-to-glass latency (issue 32): the app's camera page in Chromium plays the camera's live view
 * (the web app's own player: MSE fed by the server's fragmented MP4); for every frame the browser
 * shows (requestVideoFrameCallback), its top-left strip is copied to a canvas and the capture time
 * the simulated camera burnt there (tools/camera-sim/src/clock-strip.ts) is read and compared with
 * the time the browser shows the frame. Camera and browser share this machine's clock.
 */
export async function benchGlassToGlass(baseUrl: string, cookie: string, cameraId: number, seconds: number): Promise<LatencyFigure> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    // First frame: from navigation, and from the player's request for the stream, until the player has
    // decoded a frame (the camera's stream starts cold). The page notes when it asks for the live view.
    await page.addInitScript(LIVE_REQUEST_CLOCK);
    const opened = Date.now();
    await page.goto(`${baseUrl}/app/cameras/${cameraId}`);
    const fromRequestMs = (await (
      await page.waitForFunction(
        () => {
          const v = document.querySelector('video');
          const asked = (window as unknown as { liveAskedAt?: number }).liveAskedAt;
          return v && v.readyState >= 2 && asked !== undefined ? performance.now() - asked : false;
        },
        undefined,
        { timeout: 30_000, polling: 20 },
      )
    ).jsonValue()) as number;
    const firstFrameMs = Date.now() - opened;
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 });
    const samples = (await page.evaluate(`(${READ_FRAMES})(${JSON.stringify({ seconds, centres: clockStripCentres() })})`)) as { shownAt: number; lumas: number[] }[];
    const all = samples.map((s) => msSinceStrip(Math.round(s.shownAt), decodeClockStrip(s.lumas)));
    const readable = all.filter((ms) => ms < 60_000).sort((a, b) => a - b);
    if (readable.length === 0) throw new Error(`no readable clock strip in ${samples.length} frames`);
    const at = (q: number) => readable[Math.min(readable.length - 1, Math.ceil(readable.length * q) - 1)]!;
    return { median: at(0.5), p95: at(0.95), max: readable.at(-1)!, frames: readable.length, unreadable: all.length - readable.length, firstFrameMs, fromRequestMs };
  } finally {
    await browser.close();
  }
}
