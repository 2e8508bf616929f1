import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../src/platform/net/free-port.ts';
import { count, drive, missing, newDevices, startServer, waitForAcks, type Acked, type Device, type Server } from './server-process.ts';
import { useTestApp } from './test-app.ts';

const HTTP_DEVICES = 12;
const MQTT_DEVICES = 4;

/**
 * The real server as a child process: killed with SIGKILL under load, restarted, and then every
 * reading it acknowledged (HTTP 200 or MQTT PUBACK) must be in the database.
 */
describe('crash safety', () => {
  const ctx = useTestApp({ app: false });
  let devices: Device[];
  const acked: Acked = new Map();
  const running: Server[] = [];

  beforeAll(async () => {
    devices = await newDevices(ctx.db, HTTP_DEVICES + MQTT_DEVICES);
  });
  afterAll(() => {
    for (const s of running) s.child.kill('SIGKILL');
  });

  it('keeps every acknowledged reading across SIGKILL, and flushes in-flight batches on SIGTERM', async () => {
    const ports = { http: await findFreePort(0, '127.0.0.1'), mqtt: await findFreePort(0, '127.0.0.1') };
    const env = { DATABASE_URL: ctx.database.url, MQTT_PORT: String(ports.mqtt) };
    const load = () =>
      drive(acked, {
        http: { ports: [ports.http], devices: devices.slice(0, HTTP_DEVICES) },
        mqtt: { url: `mqtt://127.0.0.1:${ports.mqtt}`, devices: devices.slice(HTTP_DEVICES) },
      });

    const first = await startServer(ports.http, env);
    running.push(first);
    const loading = load();
    // A slow MQTT connect must not let HTTP alone reach the count before the kill.
    await waitForAcks(acked, 200, [devices.slice(0, HTTP_DEVICES), devices.slice(HTTP_DEVICES)]);
    first.child.kill('SIGKILL');
    await first.exited;
    await loading.stop();
    const ackedBeforeKill = count(acked);
    // Both transports were acknowledged before the kill.
    expect(devices.slice(0, HTTP_DEVICES).some((d) => acked.has(d.id))).toBe(true);
    expect(devices.slice(HTTP_DEVICES).some((d) => acked.has(d.id))).toBe(true);

    const second = await startServer(ports.http, env);
    running.push(second);
    expect(await missing(ctx.database.pool, acked)).toEqual([]);

    // Graceful: SIGTERM mid-load answers what it took in and exits cleanly.
    const again = load();
    await waitForAcks(acked, ackedBeforeKill + 200);
    expect(count(acked)).toBeGreaterThanOrEqual(ackedBeforeKill + 200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await again.stop();
    expect(await missing(ctx.database.pool, acked)).toEqual([]);
  });
});
