import type { Db } from '@enviro/server/platform/database/database';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

/** CEMS analysers report these five together, the typical width of a device's reading row. */
export const CEMS_PARAMS = ['pm', 'so2', 'nox', 'co', 'flow'] as const;

export interface Fleet {
  tenantId: number;
  apiKey: string;
  stationIds: number[];
  devices: { id: number; token: string }[];
}

/** A tenant with `count` stations, one five-parameter analyser each, limits on pm. */
export async function provisionFleet(db: Db, count: number): Promise<Fleet> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: `Bench Industries ${Date.now()}` });
  const { id: plantId } = await svc.createEntity({ tenantId, type: 'facility', name: 'Plant' });
  const stationIds: number[] = [];
  const devices: Fleet['devices'] = [];
  for (let i = 0; i < count; i++) {
    const { id: stationId } = await svc.createEntity({ tenantId, parentId: plantId, type: 'cems', name: `Stack ${i + 1}` });
    const d = await svc.createDevice({
      tenantId,
      entityId: stationId,
      name: `Analyser ${i + 1}`,
      params: CEMS_PARAMS.map((name) => (name === 'pm' ? { name, max: 50 } : { name })),
    });
    stationIds.push(stationId);
    devices.push({ id: d.id, token: d.accessToken });
  }
  const { key } = await svc.createApiKey(tenantId, 'bench');
  return { tenantId, apiKey: key, stationIds, devices };
}

/**
 * A telemetry body of `entries` one-minute readings of all five parameters, from `startMs`. The
 * signals are functions of the minute `phaseMinute` + i, by default the readings' own minute.
 */
export function telemetryBody(startMs: number, entries: number, phaseMinute = startMs / 60_000): string {
  const out = new Array<string>(entries);
  for (let i = 0; i < entries; i++) {
    const m = phaseMinute + i;
    out[i] =
      `{"ts":${startMs + i * 60_000},"values":{"pm":${(30 + 15 * Math.sin(m / 90)).toFixed(2)},"so2":${(300 + 50 * Math.cos(m / 70)).toFixed(1)},` +
      `"nox":${(200 + 40 * Math.sin(m / 50)).toFixed(1)},"co":${(40 + 5 * Math.sin(m / 30)).toFixed(2)},"flow":${(150000 + 9000 * Math.cos(m / 120)).toFixed(0)}}}`;
  }
  return `[${out.join(',')}]`;
}
