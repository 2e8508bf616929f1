import { startCameraSim, type CameraSim } from '@enviro/camera-sim/launch';
import { afterAll, describe, expect, it } from 'vitest';
import { builders } from '../../server/test/builders.ts';
import { horizontalOverflow, screenshot } from './portal.ts';
import { browserSuite, signedInUser } from './setup.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * Cameras in a browser (issue 32): the industry's administrator watches a simulated camera (ffmpeg's
 * test pattern with a clock, served over RTSP by tools/camera-sim) through the server, the video's
 * time advancing as frames arrive, and moves it through ONVIF; the list fits a phone.
 */
describe('cameras in a browser', () => {
  let sim: CameraSim;
  let cookie = '';
  let cameraId = 0;
  let tenantId = 0;
  const suite = browserSuite({
    seed: async (database) => {
      sim = await startCameraSim({ cameras: ['outlet'] });
      const build = builders(database.db);
      const tenant = await build.newTenant({ name: 'Kota Cement' });
      tenantId = tenant.id;
      await build.newEntity({ tenantId: tenant.id, name: 'ETP outlet', type: 'eqms', properties: [{ name: 'Camera', value: 'True' }] });
      cookie = (await signedInUser(database.db, { tenantId: tenant.id, userType: 'tenant', role: 'admin', name: 'Asha Admin', password: undefined })).cookie;
    },
    started: async ({ app }) => {
      const stations = await app.inject({ method: 'GET', url: '/api/getEntitiesForCamera', headers: { cookie } });
      const stationId = (stations.json() as { items: { id: number }[] }).items[0]!.id;
      const res = await app.inject({ method: 'POST', url: '/api/camera', headers: { cookie, ...XHR }, payload: { name: 'Outlet PTZ', stationId, rtspUrl: sim.rtsp.outlet, onvifUrl: sim.onvif.outlet, rtspTransport: 'udp' } });
      cameraId = (res.json() as { id: number }).id;
    },
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('plays the live view with frames advancing, and pans the camera', async () => {
    const { page, errors } = await suite.open('desktop', `/app/cameras/${cameraId}`, cookie);
    await page.getByRole('heading', { level: 1, name: 'Outlet PTZ' }).waitFor();
    const video = page.getByLabel('Live view of Outlet PTZ');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 });
    const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) > t + 1, first, { timeout: 20_000 });
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    expect(suite.app.cameras.live.upstreamCount).toBe(1);

    await page.getByRole('button', { name: 'Pan right' }).click();
    await expect.poll(async () => (await sim.moves()).some((m) => m.action === 'ContinuousMove' && m.pan === 0.5), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'camera-desktop');
    await page.close();
    // The last viewer left: the server stops reading the camera.
    await expect.poll(() => suite.app.cameras.live.upstreamCount, { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows the cameras' health beside the stations' uptime on the compliance scorecard, on a phone", async () => {
    // The health check has read the camera (as the worker does every five minutes).
    await suite.app.cameras.healthPass();
    const { page, errors } = await suite.open('phone', `/app/compliance/${tenantId}`, cookie);
    await page.getByRole('heading', { name: "Cameras' health" }).waitFor();
    const card = page.getByLabel("Cameras' health").locator('> *').filter({ hasText: 'Outlet PTZ' });
    expect(await card.innerText()).toMatch(/Outlet PTZ\s+ETP outlet\s+Online\s+Last frame \d{2} \w{3} \d{4} \d{2}:\d{2} IST/i);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lists the cameras with their health on a phone', async () => {
    const { page, errors } = await suite.open('phone', '/app/cameras', cookie);
    const row = page.getByRole('table', { name: 'Cameras' }).locator('tbody tr').filter({ hasText: 'Outlet PTZ' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/ETP outlet[\s\S]*Online/i);
    await screenshot(page, 'cameras-phone');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});
