import type { Db } from '@enviro/server/platform/database/database';
import { provisionFleet } from './fleet.ts';
import { timeRuns, type Timing } from './stats.ts';

export interface FleetPageFigures {
  devices: number;
  firstPage: Timing;
  filtered: Timing;
  deepPage: Timing;
  /** GET /healthz in the same run: the HTTP round trip every figure above includes. */
  floor: Timing;
}

/**
 * The devices page of a 1,000-device industry (GET /api/devices, issue 13) over HTTP: the first page
 * of 25, a search with a status filter, and page 30, each p50/p95 over `runs` calls.
 */
export async function benchFleetPage(db: Db, baseUrl: string, runs: number, count = 1000): Promise<FleetPageFigures> {
  const fleet = await provisionFleet(db, count);
  const headers = { authorization: `Bearer ${fleet.apiKey}` };
  const get = (query: string) => async () => {
    const res = await fetch(`${baseUrl}/api/devices?${query}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/devices?${query} answered ${res.status}`);
    const body = (await res.json()) as { total: number };
    if (body.total === 0) throw new Error(`GET /api/devices?${query} found nothing`);
  };
  return {
    devices: count,
    firstPage: await timeRuns(get('size=25'), runs),
    filtered: await timeRuns(get('size=25&search=analyser%2099&status=UNKNOWN'), runs),
    deepPage: await timeRuns(get('size=25&page=30'), runs),
    floor: await timeRuns(async () => (await fetch(`${baseUrl}/healthz`)).arrayBuffer(), runs),
  };
}
