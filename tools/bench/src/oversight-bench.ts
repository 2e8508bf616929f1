import type pg from 'pg';
import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '@enviro/server/platform/access/session';
import { SessionRepository } from '@enviro/server/modules/accounts/sessions.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { timeRuns, type Timing } from './stats.ts';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

export interface NationalFleet {
  boardId: number;
  industries: number;
  stations: number;
  alerts: number;
  cookie: string;
}

/**
 * A national-scale tenant set for a board's overview, written set-based: `industries` industries
 * associated with one statutory board, 3 stations each (cems, eqms, caaqms) with one 5-parameter
 * device each, a latest value per series (about 3 % of stations over a limit now), live statuses
 * spread as a real fleet's (80 % live, 10 % delayed, 5 % offline, 5 % never), 40 alerts per
 * industry over this month and last, and two days of availability maps with ~90 % of quarters set.
 */
export async function nationalFleet(db: Db, pool: pg.Pool, industries: number): Promise<NationalFleet> {
  const svc = OperatorProvisioning.of(services());
  const { id: boardId } = await svc.createTenant({ name: 'Bench State Board', type: 'statutory' });
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  await q(
    `INSERT INTO tenant (name, state, city, industry_category)
     SELECT 'Bench Industry ' || i, 'State ' || (i % 28), 'City ' || (i % 700), 'Category ' || (i % 17)
     FROM generate_series(1, $1) i`,
    [industries],
  );
  await q(`CREATE TEMP TABLE bench_industry AS SELECT id FROM tenant WHERE name LIKE 'Bench Industry %'`);
  await q(`INSERT INTO statutory_association (tenant_id, statutory_id) SELECT id, $1 FROM bench_industry`, [boardId]);
  await q(
    `INSERT INTO entity (tenant_id, type, name, last_data_at)
     SELECT t.id, (ARRAY['cems','eqms','caaqms'])[k], 'Station ' || k,
            CASE WHEN r < 0.80 THEN now() - interval '2 minutes'
                 WHEN r < 0.90 THEN now() - interval '1 hour'
                 WHEN r < 0.95 THEN now() - interval '2 days' END
     FROM bench_industry t, generate_series(1, 3) k, LATERAL (SELECT random() + 0 * k AS r) x`,
  );
  await q(
    `INSERT INTO device (tenant_id, entity_id, name, last_data_at)
     SELECT e.tenant_id, e.id, 'Analyser', e.last_data_at FROM entity e JOIN bench_industry t ON t.id = e.tenant_id`,
  );
  await q(
    `INSERT INTO device_param (tenant_id, device_id, slot, std_param_id)
     SELECT d.tenant_id, d.id, s.slot, p.id
     FROM device d JOIN bench_industry t ON t.id = d.tenant_id,
          (VALUES (1, 'pm'), (2, 'so2'), (3, 'nox'), (4, 'co'), (5, 'flow')) s(slot, name)
     JOIN std_param p ON p.name = s.name`,
  );
  await q(
    `INSERT INTO param_limit (tenant_id, device_id, slot, max_value)
     SELECT d.tenant_id, d.id, 1, 50 FROM device d JOIN bench_industry t ON t.id = d.tenant_id`,
  );
  await q(
    `INSERT INTO series_latest (tenant_id, device_id, slot, ts, value)
     SELECT d.tenant_id, d.id, s, coalesce(d.last_data_at, now() - interval '30 days'),
            CASE WHEN s = 1 AND random() < 0.03 THEN 80 ELSE 20 END
     FROM device d JOIN bench_industry t ON t.id = d.tenant_id, generate_series(1, 5) s`,
  );
  // Exceedance alerts as the alerts module keeps them: an episode per rule, series and breach.
  await q(`INSERT INTO alert_rule (tenant_id, name, condition) SELECT id, 'pm 15-minute average', 'AVG_15M' FROM bench_industry`);
  const alerts = await q(
    `INSERT INTO alert_episode (tenant_id, rule_id, device_id, entity_id, slot, std_param_id, type, severity, status, started_at, last_breach_at, ended_at, peak, limit_max, slot_count, message)
     SELECT d.tenant_id, r.id, d.id, d.entity_id, 1, (SELECT id FROM std_param WHERE name = 'pm'), 'AVG_15M', 'MAJOR', 'RESOLVED',
            e.at, e.at, e.at + interval '15 minutes', 80, 50, 1, 'pm exceeded its limit for more than 15 minutes'
     FROM device d JOIN bench_industry t ON t.id = d.tenant_id JOIN alert_rule r ON r.tenant_id = d.tenant_id,
          generate_series(1, 13) n,
          LATERAL (SELECT now() - (random() * interval '50 days') - n * interval '1 second' + (d.id * 0) * interval '1 second' AS at) e`,
  );
  await q(
    `INSERT INTO device_day_quarters (tenant_id, device_id, day, quarters)
     SELECT d.tenant_id, d.id, (now() AT TIME ZONE 'Asia/Kolkata')::date - k,
            -- correlated (d.id in its FROM), so each device gets its own bits
            (SELECT string_agg(CASE WHEN random() < 0.9 THEN '1' ELSE '0' END, '') FROM generate_series(1, 96 + (d.id * 0)::int))::bit(96)
     FROM device d JOIN bench_industry t ON t.id = d.tenant_id, generate_series(0, 1) k`,
  );
  // As autovacuum leaves a settled database: statistics, and visibility maps for index-only scans.
  await q('VACUUM ANALYZE');
  const users = services().users.accounts;
  const { id: userId } = await users.create(
    { name: 'bench', userId: null },
    { name: 'Board Officer', userName: `board.${Date.now()}@bench.in`, userType: 'statutory', role: 'user', tenantId: boardId },
  );
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({ id, tenantId: boardId, userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS), ip: null, userAgent: null });
  const stations = Number((await q(`SELECT count(*) FROM entity e JOIN bench_industry t ON t.id = e.tenant_id`)).rows[0].count);
  return { boardId, industries, stations, alerts: alerts.rowCount ?? 0, cookie: `${SESSION_COOKIE}=${token}` };
}

/** p50/p95 of the board's overview (GET /api/oversight, first page of 50, worst first) over HTTP. */
export function benchOversight(baseUrl: string, fleet: NationalFleet, runs: number): Promise<Timing> {
  return timeRuns(async () => {
    const res = await fetch(`${baseUrl}/api/oversight?size=50`, { headers: { cookie: fleet.cookie } });
    const json = (await res.json()) as { total: number; totals: { stations: number }; items: unknown[] };
    if (res.status !== 200 || json.total !== fleet.industries || json.totals.stations !== fleet.stations || json.items.length !== 50) {
      throw new Error(`unexpected oversight answer ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    }
  }, runs);
}
