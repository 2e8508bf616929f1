import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';

describe('loadConfig', () => {
  it('takes defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, MQTT_PORT: 1883, LOG_LEVEL: 'info', SEED_DEMO: 'auto' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.MQTT_URL).toBeUndefined();
    expect(c.TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(c.DEMO_LIVE).toBe(true);
    expect(loadConfig({ DEMO_LIVE: 'false' }).DEMO_LIVE).toBe(false);
    expect([c.DEMO_CAMERAS, loadConfig({ DEMO_CAMERAS: 'false' }).DEMO_CAMERAS]).toEqual([true, false]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ MQTT_URL: 'http://broker' }, 'MQTT_URL: must be an mqtt://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MQTT_CLIENT_ID: 'has spaces in it' }, 'MQTT_CLIENT_ID'],
    // Its sessions' ids add '-7': 23 characters, the most every MQTT 3.1.1 broker must take.
    [{ MQTT_CLIENT_ID: 'x'.repeat(22) }, 'MQTT_CLIENT_ID: letters, digits, _ or -, at most 21'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ DEMO_LIVE: 'off' }, 'DEMO_LIVE: must be true or false'],
    [{ DEMO_CAMERAS: 'no' }, 'DEMO_CAMERAS: must be true or false'],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', MQTT_PORT: 'y' })).toThrow(/PORT[\s\S]*MQTT_PORT/);
  });
});
