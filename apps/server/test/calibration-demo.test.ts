import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { useTestApp } from './test-app.ts';

/** The demo shows calibration working: an analyser on schedule, one being calibrated, one overdue. */
const ctx = useTestApp();
await ctx.start();
const seeded = await seedDemo(ctx.app, { days: 1, demoPassword: 'demo-password-1' });
const site = (await ctx.b.newTenant({ type: 'site' })).id;
const admin = await ctx.signedIn({ tenantId: site, userType: 'site', role: 'admin' });
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: { cookie: admin.cookie } }).then((r) => r.json());

describe('demo calibrations', () => {
  it('has one calibration in progress, an overdue check, completed ones and a drift in the history', async () => {
    expect(seeded.skipped).toBe(false);
    const stats = await get('/api/calibrationStats');
    expect(stats.inProgress).toBe(1);
    expect(stats.overdue).toBeGreaterThanOrEqual(1);
    expect(stats.completedLast30Days).toBeGreaterThan(5);
    const tasks = await get('/api/actionable-task/device-maintenance');
    expect(tasks.some((t: { state: string; check: string }) => t.state === 'OVERDUE' && t.check === 'TWO_POINT')).toBe(true);
    const running = await get('/api/calibrateList?status=IN_PROGRESS');
    expect(running.total).toBe(1);
    const deviceId = running.items[0].deviceId;
    expect((await get(`/api/checkOnGoingCalibration/${deviceId}`)).ongoing).toBe(true);
    const completed = await get('/api/calibrateList?status=COMPLETED&pageSize=200');
    expect(completed.items.some((c: { verdict: string }) => c.verdict === 'DRIFT')).toBe(true);
  });
});
