import type pg from 'pg';
import type { Db } from '@enviro/server/platform/database/database';
import { CorrectionLayer } from '@enviro/server/modules/data/corrections.service';
import { benchTrend, trendFixture, type TrendFixture } from './query-bench.ts';
import { timeRuns, type Timing } from './stats.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The correction layer (`--corrections`, issue 35): the 30-day trend of the query bench's station
 * (8 parameters every minute for 31 days) with no correction (the reference), then with a 7-day
 * correction of its PM in force (its raw parts read through the layer) and with `original` (the
 * corrected quarters read from raw as received); and the approval's own cost: applying a 7-day
 * correction, which recomputes its 672 quarters and their hours and days in the transaction.
 */
export async function benchCorrections(db: Db, pool: pg.Pool, baseUrl: string, runs: number, log: (s: string) => void): Promise<string[]> {
  const now = Date.now();
  const f = await trendFixture(db, pool, now);
  const { rows } = await pool.query<{ id: string; slot: number }>(
    `SELECT d.id::text AS id, dp.slot FROM device d JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id JOIN std_param p ON p.id = dp.std_param_id
     WHERE d.tenant_id = $1 AND p.name = 'pm'`,
    [f.tenantId],
  );
  const pm = rows[0]!;
  log('30-day trend without a correction (reference)');
  const plain = await benchTrend(baseUrl, f, runs);

  const layer = new CorrectionLayer(db);
  const from = new Date(Math.floor((now - 20 * DAY_MS) / 900_000) * 900_000);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  log('applying a 7-day correction (each a new version superseding the last)');
  let factor = 0.8;
  const apply = await timeRuns(
    () =>
      db.transaction().execute((trx) =>
        layer.in(trx).apply({
          tenantId: f.tenantId, deviceId: pm.id, slot: pm.slot, from, to, rule: { kind: 'LINEAR', factor: (factor += 0.01), offset: 0 },
          reason: 'bench', source: 'bench', requestedBy: 'bench', approvedBy: 'bench', at: new Date(),
        }),
      ),
    Math.max(3, Math.round(runs / 20)),
    1,
  );
  await pool.query('ANALYZE reading_correction');
  log('30-day trend with the correction in force');
  const corrected = await benchTrend(baseUrl, f, runs);
  log('30-day trend with original=true');
  const original = await trendOriginal(baseUrl, f, runs);
  const t = (x: Timing) => `p50 ${x.p50} ms, p95 ${x.p95} ms (${x.runs} runs)`;
  return [
    `| 30-day trend (8 parameters, \`hour_1\`, over HTTP) with a 7-day correction of its PM in force | ${t(corrected)} | the same trend without a correction: ${t(plain)} |`,
    `| The same with \`original: true\` (the 672 corrected quarters read from raw) | ${t(original)} | as above |`,
    `| Applying a 7-day correction (672 quarters, their hours and days recomputed, slots fed to every closed-slot consumer) in one transaction | p50 ${apply.p50} ms, p95 ${apply.p95} ms (${apply.runs} runs) | as above |`,
  ];
}

function trendOriginal(baseUrl: string, f: TrendFixture, runs: number): Promise<Timing> {
  const body = JSON.stringify({
    request: { duration: '30d-ago', interval: 'hour_1', entityIds: [f.stationId], params: ['pm', 'so2', 'nox', 'co', 'flow', 'o2', 'co2', 'temperature'].map((name) => ({ name })), original: true },
  });
  return timeRuns(async () => {
    const res = await fetch(`${baseUrl}/api/data/metric`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${f.apiKey}` }, body });
    const json = (await res.json()) as { data: unknown[]; corrected?: unknown[] }[];
    if (res.status !== 200 || json.length !== 8 || !json.some((s) => (s.corrected?.length ?? 0) > 0)) throw new Error(`unexpected trend answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  }, runs);
}
