import { describe, expect, it } from 'vitest';
import { MAX_READING_VALUES } from '../src/modules/devices/device-admin.service.ts';
import { insertReadings } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * A spectral analyser's Modbus readings by type and wavelength (issue 13): its
 * device_<type>_<nm>nm parameters, registered through the app (their catalogue entries made on
 * first use), reported as any reading, and answered grouped by type and wavelength.
 */
describe('modbus readings of a spectral analyser', () => {
  const ctx = useTestApp();

  it('registers wavelengths, stores their readings and answers them by type and wavelength', async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const other = (await ctx.b.newTenant()).id;
    const station = (await ctx.b.newEntity({ tenantId, type: 'eqms', name: 'ETP Outlet' })).id;
    const admin = (await ctx.signedIn({ tenantId, role: 'admin' })).cookie;
    const user = (await ctx.signedIn({ tenantId, role: 'user' })).cookie;
    const outsider = (await ctx.signedIn({ tenantId: other, role: 'admin' })).cookie;
    const call = (url: string, cookie: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      ctx.inject({ method, url, headers: { cookie, ...XHR }, ...(payload ? { payload } : {}) });

    const params = ['cod', 'device_absorbance_254nm', 'device_absorbance_220nm', 'device_transmittance_254nm', 'device_intensity_254nm'].map((name) => ({ name }));
    const created = await call('/api/devices', admin, 'POST', { entityId: station, name: 'UV-Vis probe', params });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json() as { id: number; accessToken: string; params: { name: string; label: string; unit: string; diagnostic: boolean }[] };
    expect(device.params.find((p) => p.name === 'device_absorbance_254nm')).toMatchObject({ label: 'Absorbance 254 nm', unit: 'AU', diagnostic: true });
    const catalogue = (await call('/api/allMetaStdParams', user)).json() as { name: string }[];
    expect(catalogue.map((p) => p.name)).toContain('device_intensity_254nm');

    const base = Date.parse('2026-03-10T10:00:00Z');
    const entries = [0, 1].map((i) => ({
      ts: base + i * 60_000,
      values: { cod: 40 + i, device_absorbance_254nm: 0.5 + i, device_absorbance_220nm: 0.9 + i, device_transmittance_254nm: 31 + i, device_intensity_254nm: 12000 + i },
    }));
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: entries })).statusCode).toBe(200);

    const range = `startTime=${new Date(base).toISOString()}&endTime=${new Date(base + 3_600_000).toISOString()}`;
    const all = await call(`/api/devices/${device.id}/modbus?${range}`, user);
    expect(all.statusCode, all.body).toBe(200);
    const at = (i: number) => new Date(base + i * 60_000).toISOString();
    expect(all.json()).toEqual([
      {
        type: 'absorbance',
        label: 'Absorbance',
        unit: 'AU',
        wavelengths: [
          { wavelength: 220, name: 'device_absorbance_220nm', data: [{ time: at(0), value: 0.9 }, { time: at(1), value: 1.9 }] },
          { wavelength: 254, name: 'device_absorbance_254nm', data: [{ time: at(0), value: 0.5 }, { time: at(1), value: 1.5 }] },
        ],
      },
      { type: 'intensity', label: 'Intensity', unit: 'counts', wavelengths: [{ wavelength: 254, name: 'device_intensity_254nm', data: [{ time: at(0), value: 12000 }, { time: at(1), value: 12001 }] }] },
      { type: 'transmittance', label: 'Transmittance', unit: '%', wavelengths: [{ wavelength: 254, name: 'device_transmittance_254nm', data: [{ time: at(0), value: 31 }, { time: at(1), value: 32 }] }] },
    ]);

    const byWavelength = (await call(`/api/devices/${device.id}/modbus?${range}&wavelength=254`, user)).json() as { type: string; wavelengths: { wavelength: number }[] }[];
    expect(byWavelength.map((t) => [t.type, t.wavelengths.map((w) => w.wavelength)])).toEqual([['absorbance', [254]], ['intensity', [254]], ['transmittance', [254]]]);
    const slot = (await call(`/api/devices/${device.id}/modbus?type=absorbance&wavelength=220&time=${at(1)}`, user)).json();
    expect(slot).toEqual([{ type: 'absorbance', label: 'Absorbance', unit: 'AU', wavelengths: [{ wavelength: 220, name: 'device_absorbance_220nm', data: [{ time: at(0), value: 0.9 }, { time: at(1), value: 1.9 }] }] }]);
    // The process parameter stays out of the spectrum, and the spectrum out of the process parameters.
    const process = (await call(`/api/devices/${device.id}/diagnosticParams?type=process`, user)).json() as { name: string }[];
    expect(process.map((p) => p.name)).toEqual(['cod']);

    for (const [query, field] of [
      ['type=colour&time=2026-03-10T10:00:00Z', 'querystring.type'],
      ['wavelength=99&time=2026-03-10T10:00:00Z', 'querystring.wavelength'],
      ['wavelength=abc&time=2026-03-10T10:00:00Z', 'querystring.wavelength'],
      [`startTime=${at(0)}`, 'endTime'],
      [`startTime=${at(0)}&endTime=2026-03-20T10:00:00Z`, 'endTime'],
    ] as const) {
      const res = await call(`/api/devices/${device.id}/modbus?${query}`, user);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    // A type or wavelength the device does not report is a wrong question, not an empty answer.
    for (const [query, field, message] of [
      ['type=absorbance&wavelength=300', 'wavelength', 'reports absorbance at 220, 254 nm, not at 300 nm'],
      ['type=transmittance&wavelength=220', 'wavelength', 'reports transmittance at 254 nm, not at 220 nm'],
      ['wavelength=300', 'wavelength', 'reports at 220, 254 nm, not at 300 nm'],
    ] as const) {
      const res = await call(`/api/devices/${device.id}/modbus?${range}&${query}`, user);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field, message: expect.stringContaining(message) });
    }
    const plain = (await call('/api/devices', admin, 'POST', { entityId: station, name: 'Flow meter', params: [{ name: 'flow' }] })).json() as { id: number };
    const noSpectrum = await call(`/api/devices/${plain.id}/modbus?${range}&type=absorbance`, user);
    expect(noSpectrum.json()).toMatchObject({ field: 'type', message: expect.stringContaining('reports no spectrum') });
    expect((await call(`/api/devices/${plain.id}/modbus?${range}`, user)).json()).toEqual([]);
    expect((await call(`/api/devices/${device.id}/modbus?${range}&type=absorbance&wavelength=300`, outsider)).statusCode).toBe(404);
    expect((await call(`/api/devices/${device.id}/modbus?${range}`, outsider)).statusCode).toBe(404);
    // Without a range: the last 24 hours (the fixture's March 2026 readings are older), and another tenant still gets 404.
    const recent = await call(`/api/devices/${device.id}/modbus`, user);
    expect(recent.statusCode).toBe(200);
    expect((recent.json() as { wavelengths: { data: unknown[] }[] }[]).flatMap((t) => t.wavelengths.flatMap((w) => w.data))).toEqual([]);
    expect((await call(`/api/devices/${device.id}/modbus`, outsider)).statusCode).toBe(404);
    const unknownType = await call('/api/devices', admin, 'POST', { entityId: station, name: 'Probe 2', params: [{ name: 'device_colour_254nm' }] });
    expect(unknownType.json().field).toBe('params.0.name');
  });

  it('answers a spectrum too large for one answer with 400 naming endTime, and a narrower question in full', async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const station = (await ctx.b.newEntity({ tenantId, type: 'eqms', name: 'ETP Inlet' })).id;
    const user = (await ctx.signedIn({ tenantId, role: 'user' })).cookie;
    // 200 wavelengths: one answer holds the readings of MAX_READING_VALUES / 200 instants.
    const wavelengths = Array.from({ length: 200 }, (_, i) => 200 + i);
    const device = await ctx.b.newDevice({ tenantId, entityId: station, params: wavelengths.map((w) => ({ name: `device_absorbance_${w}nm` })) });
    const instants = MAX_READING_VALUES / wavelengths.length + 1;
    const base = Date.parse('2026-03-10T00:00:00Z');
    await insertReadings(
      ctx.database,
      tenantId,
      device.id,
      Array.from({ length: instants }, (_, i) => ({ ts: base + i * 60_000, vals: wavelengths.map((w) => w / 1000 + i) })),
    );
    const range = `startTime=${new Date(base).toISOString()}&endTime=${new Date(base + 86_400_000).toISOString()}`;
    const get = (query: string) => ctx.inject({ method: 'GET', url: `/api/devices/${device.id}/modbus?${range}${query}`, headers: { cookie: user } });
    const all = await get('');
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ field: 'endTime', message: expect.stringContaining('ask a shorter range or fewer parameters') });
    const one = await get('&type=absorbance&wavelength=254');
    expect(one.statusCode).toBe(200);
    const [absorbance] = one.json() as { wavelengths: { wavelength: number; data: { value: number }[] }[] }[];
    expect(absorbance!.wavelengths.map((w) => w.wavelength)).toEqual([254]);
    expect(absorbance!.wavelengths[0]!.data).toHaveLength(instants);
    expect(absorbance!.wavelengths[0]!.data.at(-1)!.value).toBeCloseTo(0.254 + instants - 1, 9);
  });

});
