import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, dayOf } from '@enviro/domain/time-zone';
import { DEMO_INDUSTRIES } from '../src/demo/catalogue.ts';
import { QualitySettings, QualityStation } from '@enviro/contracts/data-quality';
import { QUALITY_STORIES } from '../src/demo/quality-demo.ts';
import { seedDemo, type SeedResult } from '../src/demo/seed-demo.ts';
import { STATION_TEMPLATES } from '../src/demo/station-templates.ts';
import { useTestApp } from './test-app.ts';

// Two days across a month boundary, so rollups are built in two monthly partitions.
const NOW = Date.UTC(2025, 2, 1, 6, 0);
const HOUR_MS = 3_600_000;

describe('seedDemo', () => {
  const ctx = useTestApp();
  let seeded: SeedResult;
  beforeAll(async () => {
    seeded = await seedDemo(ctx.app, { days: 2, now: NOW });
  });

  it("shows the board a stack whose SO2 stood still for six hours and a stack whose PM sits just under its limit, with the slots as evidence", async () => {
    const { cookie } = await ctx.signedIn({ tenantId: seeded.statutoryTenantId, userType: 'statutory', role: 'user' });
    const stationOf = async (industry: string, station: string) =>
      (await ctx.database.pool.query(`SELECT e.id FROM entity e JOIN tenant t ON t.id = e.tenant_id WHERE t.name = $1 AND e.name = $2`, [industry, station])).rows[0].id as string;
    const { flatLine, bunching } = QUALITY_STORIES;
    const day = '2025-02-28';
    const read = async (id: string) => QualityStation.parse((await ctx.inject({ method: 'GET', url: `/api/data-quality/stations/${id}?from=${day}&to=${day}`, headers: { cookie } })).json());
    const stuck = await read(await stationOf(flatLine.industry, flatLine.station));
    const flat = stuck.flags.filter((f) => f.param === 'so2' && f.detectors.includes('flat_line'));
    // 02:00 to 08:00 IST: 24 quarters, or fewer where the demo's outages or a calibration fall.
    expect(flat.length).toBeGreaterThanOrEqual(20);
    expect(new Set(flat.map((f) => f.value!.toFixed(6))).size).toBe(1);
    const hot = await read(await stationOf(bunching.industry, bunching.station));
    const bunched = hot.flags.filter((f) => f.param === 'pm' && f.detectors.includes('bunching'));
    expect(bunched.length).toBeGreaterThan(40);
    expect(bunched.every((f) => f.value! >= 45 && f.value! < 50)).toBe(true);
    expect(hot.days[0]!.score).toBeLessThan(90);
    // The furnace stack's PM analyser carries the board's own full scale, shown beside the default.
    const settings = QualitySettings.parse((await ctx.inject({ method: 'GET', url: `/api/data-quality/stations/${await stationOf(bunching.industry, bunching.station)}/settings`, headers: { cookie } })).json());
    const pm = settings.params.find((p) => p.param === QUALITY_STORIES.setting.param);
    expect([pm?.settings?.fullScale, pm?.defaults.fullScale]).toEqual([QUALITY_STORIES.setting.settings.fullScale, 500]);
  });

  it('raises alert episodes in every state from the last day, with an escalation that repeats', async () => {
    const { rows } = await ctx.database.pool.query(`SELECT status, count(*)::int AS n FROM alert_episode GROUP BY status`);
    const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    for (const status of ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'CLOSED']) expect(n(status), status).toBeGreaterThan(0);
    const types = await ctx.database.pool.query(`SELECT DISTINCT type FROM alert_episode ORDER BY type`);
    expect(types.rows.map((r) => r.type)).toEqual(expect.arrayContaining(['AVG_15M', 'DATA_LOSS']));
    const repeating = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM alert_escalation WHERE is_default AND levels->0->>'repeatMinutes' = '15'`);
    expect(repeating.rows[0].n).toBe(1);
  });

  it("leaves the first industry an exceedance in progress, its escalation due, so its and the board's users are told at start", async () => {
    const { rows } = await ctx.database.pool.query(
      `SELECT a.slot_count, a.ended_at, s.next_at FROM alert_episode a
       JOIN tenant t ON t.id = a.tenant_id
       JOIN alert_escalation_state s ON s.tenant_id = a.tenant_id AND s.alert_id = a.id AND s.level = 1
       WHERE t.name = $1 AND a.type = 'AVG_15M' AND a.status = 'OPEN'`,
      [DEMO_INDUSTRIES[0]!.name],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.ended_at).toBeNull();
      expect(row.next_at.getTime()).toBeLessThanOrEqual(NOW);
    }
  });

  it('shows alerts that late readings joined: one resolved and pointing at the one carrying the breach', async () => {
    const { rows } = await ctx.database.pool.query(
      `SELECT m.status, m.slot_count AS merged_slots, s.slot_count, s.started_at < m.started_at AS survivor_first, s.merged_into
       FROM alert_episode m JOIN alert_episode s ON s.tenant_id = m.tenant_id AND s.id = m.merged_into`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // Two breached slots with a clean one between, then that slot breached too: one alert of three slots.
    for (const row of rows) expect(row).toEqual({ status: 'RESOLVED', merged_slots: 1, slot_count: 3, survivor_first: true, merged_into: null });
  });

  it("gives the first industry change requests: a window the board approved in the last day, left out of its alerts and compliance, and requests waiting", async () => {
    const { rows } = await ctx.database.pool.query(
      `SELECT r.cr_type, r.status, r.station_id, r.starts_at, r.ends_at, w.kind FROM change_request r JOIN tenant t ON t.id = r.tenant_id
       LEFT JOIN suppression_window w ON w.tenant_id = r.tenant_id AND w.id = r.window_id
       WHERE t.name = $1 ORDER BY r.id`,
      [DEMO_INDUSTRIES[0]!.name],
    );
    expect(rows.map((r) => [r.cr_type, r.status, r.kind])).toEqual([
      ['MAINTENANCE', 'APPROVED', 'MAINTENANCE'],
      ['MAINTENANCE', 'SUBMITTED', null],
      ['CORRECTION', 'APPROVED', null],
      ['CORRECTION', 'UNDER_REVIEW', null],
    ]);
    const window = rows[0]!;
    expect(window.ends_at.getTime()).toBeGreaterThan(NOW - 24 * HOUR_MS);
    const slots = await ctx.database.pool.query(
      `SELECT count(*) FILTER (WHERE s.breach)::int AS breaches, count(*) FILTER (WHERE s.suppressed)::int AS suppressed
       FROM alert_slot s JOIN device d ON d.tenant_id = s.tenant_id AND d.id = s.device_id
       WHERE d.entity_id = $1 AND s.bucket >= $2 AND s.bucket < $3`,
      [window.station_id, window.starts_at, window.ends_at],
    );
    expect(slots.rows[0]).toMatchObject({ breaches: 0 });
    expect(slots.rows[0].suppressed).toBeGreaterThan(0);
    const days = await ctx.database.pool.query(
      `SELECT sum(p.suppressed)::int AS suppressed FROM compliance_param_day p JOIN device d ON d.tenant_id = p.tenant_id AND d.id = p.device_id WHERE d.entity_id = $1`,
      [window.station_id],
    );
    expect(days.rows[0].suppressed).toBeGreaterThan(0);

    // The approved correction is version 1 of the correction layer: its quarters' averages are the raw ones × 0.8, the readings unchanged.
    const correction = await ctx.database.pool.query(
      `SELECT c.version, c.kind, c.factor, c.device_id, c.slot, c.starts_at, c.ends_at FROM change_request r
       JOIN reading_correction c ON c.tenant_id = r.tenant_id AND c.id = r.correction_id JOIN tenant t ON t.id = r.tenant_id WHERE t.name = $1`,
      [DEMO_INDUSTRIES[0]!.name],
    );
    expect(correction.rows.map((c) => [c.version, c.kind, c.factor])).toEqual([[1, 'LINEAR', 0.8]]);
    const c = correction.rows[0]!;
    const { rows: quarters } = await ctx.database.pool.query<{ rollup: number; raw: number }>(
      `SELECT q.sum / q.n AS rollup, (SELECT avg(x.vals[q.slot]) FROM reading x WHERE x.tenant_id = q.tenant_id AND x.device_id = q.device_id
                                        AND x.ts >= q.bucket AND x.ts < q.bucket + interval '15 minutes' AND x.vals[q.slot] IS NOT NULL) AS raw
       FROM reading_15m q WHERE q.device_id = $1 AND q.slot = $2 AND q.bucket >= $3 AND q.bucket < $4`,
      [c.device_id, c.slot, c.starts_at, c.ends_at],
    );
    expect(quarters.length).toBeGreaterThan(0);
    for (const q of quarters) expect(q.rollup).toBeCloseTo(q.raw * 0.8, 6);
  });

  it('gives the first industry two warranty requests with its service partner, with comments, one overdue', async () => {
    const { rows } = await ctx.database.pool.query(
      `SELECT w.status, w.due_at < $2 AS overdue, (SELECT count(*)::int FROM warranty_comment c WHERE c.tenant_id = w.tenant_id AND c.request_id = w.id) AS comments
       FROM warranty_request w JOIN tenant t ON t.id = w.tenant_id WHERE t.name = $1 ORDER BY w.id`,
      [DEMO_INDUSTRIES[0]!.name, new Date(NOW)],
    );
    expect(rows).toEqual([
      { status: 'OPEN', overdue: true, comments: 1 },
      { status: 'IN_PROGRESS', overdue: false, comments: 2 },
    ]);
  });

  it('bills the industries by status: paid invoices (two with a coupon), trials, one in grace reminded, one expired still mapped to the regulator', async () => {
    const { rows } = await ctx.database.pool.query(`
      SELECT t.status, count(DISTINCT s.tenant_id)::int AS subscribed, count(DISTINCT i.id)::int AS invoices,
             count(DISTINCT i.id) FILTER (WHERE o.coupon_code = 'WELCOME10')::int AS with_coupon,
             count(DISTINCT n.tenant_id) FILTER (WHERE n.step = 'reminder:7')::int AS reminded,
             count(DISTINCT o.id) FILTER (WHERE o.status = 'OPEN' AND o.purpose = 'RENEWAL')::int AS renewals_open
      FROM tenant t JOIN subscription s ON s.tenant_id = t.id
      LEFT JOIN invoice i ON i.tenant_id = t.id LEFT JOIN subscription_order o ON o.tenant_id = t.id
      LEFT JOIN subscription_notice n ON n.tenant_id = t.id
      WHERE t.type = 'tenant' GROUP BY t.status ORDER BY t.status`);
    const by = Object.fromEntries(rows.map((r) => [r.status, r]));
    expect(by.ENABLED.invoices).toBe(by.ENABLED.subscribed);
    expect(by.ENABLED.with_coupon).toBe(2);
    expect(by.TRIAL.subscribed).toBeGreaterThan(0);
    expect(by.GRACE).toMatchObject({ reminded: by.GRACE.subscribed, renewals_open: by.GRACE.subscribed });
    expect(by.EXPIRED.subscribed).toBe(1);
    const expired = (await ctx.database.pool.query(`SELECT t.id FROM tenant t WHERE t.status = 'EXPIRED' AND t.type = 'tenant'`)).rows[0].id;
    expect(seeded.statutoryTenantId).toBeGreaterThan(0);
    expect((await ctx.database.pool.query('SELECT 1 FROM statutory_association WHERE tenant_id = $1 AND statutory_id = $2', [expired, seeded.statutoryTenantId])).rowCount).toBe(1);
  });

  it('gives the first industry PTZ cameras on its stack and at its open exceedance, a playlist, a snapshot attached to that exceedance, and an unplugged camera with its offline alert', async () => {
    const { rows } = await ctx.database.pool.query<{ name: string; type: string; add_on: boolean; presets: string[]; snapshots: { reason: string; status: string; jpeg: boolean }[] }>(
      `SELECT c.name, e.type, e.properties @> '[{"name": "Camera", "value": "True"}]' AS add_on,
              (SELECT array_agg(p.name) FROM camera_preset p WHERE p.tenant_id = c.tenant_id AND p.camera_id = c.id) AS presets,
              coalesce((SELECT json_agg(json_build_object('reason', s.reason, 'status', a.status, 'jpeg', substring(s.jpeg FROM 1 FOR 2) = decode('ffd8', 'hex')))
                 FROM camera_snapshot s JOIN alert_episode a ON a.tenant_id = s.tenant_id AND a.id = s.alert_id WHERE s.tenant_id = c.tenant_id AND s.camera_id = c.id), '[]') AS snapshots
       FROM camera c JOIN tenant t ON t.id = c.tenant_id JOIN entity e ON e.tenant_id = c.tenant_id AND e.id = c.entity_id WHERE t.name = $1 ORDER BY c.name`,
      [DEMO_INDUSTRIES[0]!.name],
    );
    expect(rows).toEqual([
      { name: 'AAQMS Near Mines Gate PTZ', type: 'caaqms', add_on: true, presets: ['outlet'], snapshots: [{ reason: 'EXCEEDANCE', status: 'OPEN', jpeg: true }] },
      { name: 'Clinker Cooler Stack PTZ', type: 'cems', add_on: true, presets: ['port-hole'], snapshots: [] },
      { name: 'Packing plant gate camera', type: 'cems', add_on: true, presets: null, snapshots: [] },
    ]);
    // The unplugged one has its system alert open, naming it.
    const offline = await ctx.database.pool.query(`SELECT a.subject, a.status, a.message FROM alert_episode a JOIN tenant t ON t.id = a.tenant_id WHERE t.name = $1 AND a.type = 'CAMERA_OFFLINE'`, [DEMO_INDUSTRIES[0]!.name]);
    expect(offline.rows).toEqual([{ subject: 'Packing plant gate camera', status: 'OPEN', message: expect.stringMatching(/^Camera 'Packing plant gate camera' has sent no picture for 40 minutes/) }]);
    const playlist = await ctx.database.pool.query(`SELECT p.name, p.layout, (SELECT count(*)::int FROM camera_playlist_item i WHERE i.tenant_id = p.tenant_id AND i.playlist_id = p.id) AS cameras FROM camera_playlist p`);
    expect(playlist.rows).toEqual([{ name: 'Discharge points', layout: 4, cameras: 2 }]);
  });

  it('creates a statutory body with its industries in mixed statuses', async () => {
    const tenants = await ctx.db.selectFrom('tenant').select(['id', 'type', 'status']).execute();
    const statutory = tenants.filter((t) => t.type === 'statutory');
    expect(statutory).toEqual([{ id: seeded.statutoryTenantId, type: 'statutory', status: 'ENABLED' }]);
    const industries = tenants.filter((t) => t.type === 'tenant');
    expect(industries).toHaveLength(DEMO_INDUSTRIES.length);
    expect(industries.length).toBeGreaterThanOrEqual(12);
    const count = (status: string) => industries.filter((t) => t.status === status).length;
    expect(count('ENABLED')).toBeGreaterThan(industries.length / 2);
    expect(count('TRIAL')).toBeGreaterThan(0);
    expect(count('GRACE')).toBeGreaterThan(0);
    expect(count('DISABLED')).toBe(1);
    expect(count('EXPIRED')).toBe(1);
    const associations = await ctx.db
      .selectFrom('statutory_association')
      .select('tenant_id')
      .where('statutory_id', '=', seeded.statutoryTenantId)
      .execute();
    expect(associations).toHaveLength(industries.length);
    expect(seeded.apiKey).toMatch(/^ek_/);
    // The board publishes its industries' open data; the disabled and expired industries stay out.
    const open = await ctx.inject({ method: 'GET', url: '/api/open/v1/stations?pageSize=200' });
    expect(open.statusCode).toBe(200);
    const shown = new Set(open.json().data.map((s: { industry: { id: number } }) => s.industry.id));
    const hidden = industries.filter((t) => t.status === 'DISABLED' || t.status === 'EXPIRED').map((t) => t.id);
    expect(shown.size).toBeGreaterThan(5);
    expect(hidden.filter((id) => shown.has(id))).toEqual([]);
  });

  it('gives each station type its parameter set, units and limits', async () => {
    const rows = await sql<{ type: string; params: string[]; properties: { name: string }[] }>`
      SELECT e.type, e.properties, array_agg(s.name ORDER BY p.slot) AS params
      FROM device d JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      JOIN device_param p ON p.tenant_id = d.tenant_id AND p.device_id = d.id
      JOIN std_param s ON s.id = p.std_param_id
      WHERE d.serial_no <> 'DEMO-UVVIS-01' AND d.serial_no NOT LIKE 'DEMO-EM-%'
      GROUP BY d.tenant_id, d.id, e.type, e.properties`.execute(ctx.db);
    expect(rows.rows).toHaveLength(seeded.devices);
    expect(new Set(rows.rows.map((r) => r.type))).toEqual(new Set(Object.keys(STATION_TEMPLATES)));
    for (const row of rows.rows) {
      const template = STATION_TEMPLATES[row.type as keyof typeof STATION_TEMPLATES];
      expect(row.params).toEqual(template.params.map((p) => p.name));
      // The camera add-on ('Camera') is on the stations with the demo's cameras only.
      expect(row.properties.map((p) => p.name).filter((n) => n !== 'Camera')).toEqual(['Operational', 'Capacity', 'Commisoning Date', 'CTO Document']);
    }
    const limits = await sql<{ name: string; min: number | null; max: number | null }>`
      SELECT DISTINCT s.name, l.min_value AS min, l.max_value AS max FROM param_limit l
      JOIN device_param p USING (tenant_id, device_id, slot) JOIN std_param s ON s.id = p.std_param_id
      JOIN device d ON d.tenant_id = l.tenant_id AND d.id = l.device_id
      JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
      WHERE e.type IN ('cems', 'eqms') ORDER BY 1`.execute(ctx.db);
    expect(limits.rows).toEqual([
      { name: 'bod', min: null, max: 30 },
      { name: 'cod', min: null, max: 250 },
      { name: 'nox', min: null, max: 450 },
      { name: 'ph', min: 6.5, max: 8.5 },
      { name: 'pm', min: null, max: 50 },
      { name: 'so2', min: null, max: 600 },
      { name: 'tss', min: null, max: 100 },
    ]);
  });

  it('mounts a spectral analyser beside an effluent analyser, with readings per wavelength', async () => {
    const { rows } = await ctx.database.pool.query<{ type: string; params: string[]; readings: number }>(
      `SELECT e.type, array_agg(s.name ORDER BY p.slot) AS params,
              (SELECT count(*)::int FROM reading r WHERE r.tenant_id = d.tenant_id AND r.device_id = d.id) AS readings
         FROM device d JOIN entity e ON e.tenant_id = d.tenant_id AND e.id = d.entity_id
         JOIN device_param p ON p.tenant_id = d.tenant_id AND p.device_id = d.id JOIN std_param s ON s.id = p.std_param_id
        WHERE d.serial_no = 'DEMO-UVVIS-01' GROUP BY d.tenant_id, d.id, e.type`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.type).toBe('eqms');
    expect(rows[0]!.params).toContain('device_absorbance_254nm');
    expect(rows[0]!.params.every((n) => /^device_((absorbance|intensity)_\d+nm|temperature)$/.test(n))).toBe(true);
    expect(rows[0]!.readings).toBeGreaterThan(1440);
  });

  it('writes 1-minute history with exceedance alerts outside the limits', async () => {
    const { count } = await ctx.db
      .selectFrom('reading')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(seeded.readings);
    // Forty devices over two days, less outages and silenced stations.
    expect(seeded.readings).toBeGreaterThan(40 * 2 * 1440 * 0.8);
    expect(seeded.alerts).toBeGreaterThan(0);
    const inside = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM alert
      WHERE NOT (value > coalesce(limit_max, 'Infinity') OR value < coalesce(limit_min, '-Infinity'))`.execute(ctx.db);
    expect(inside.rows[0]!.n).toBe(0);
    const unalerted = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM param_limit l JOIN reading r USING (tenant_id, device_id)
      WHERE (r.vals[l.slot] > l.max_value OR r.vals[l.slot] < l.min_value)
        AND NOT EXISTS (SELECT 1 FROM alert a WHERE a.tenant_id = l.tenant_id AND a.device_id = l.device_id
                        AND a.slot = l.slot AND a.ts = r.ts)`.execute(ctx.db);
    expect(unalerted.rows[0]!.n).toBe(0);
  });

  it('leaves hours-long gaps and mixed last-data ages', async () => {
    const gaps = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT ts - lag(ts) OVER (PARTITION BY tenant_id, device_id ORDER BY ts) AS gap FROM reading
      ) g WHERE gap >= interval '1 hour'`.execute(ctx.db);
    expect(gaps.rows[0]!.n).toBeGreaterThan(0);
    const stations = await ctx.db
      .selectFrom('entity')
      .select('last_data_at')
      .where('type', '!=', 'facility')
      .execute();
    const ages = stations.map((s) => NOW - s.last_data_at!.getTime());
    expect(ages.some((a) => a < 15 * 60_000)).toBe(true);
    expect(ages.some((a) => a >= 2 * HOUR_MS && a < 12 * HOUR_MS)).toBe(true);
    expect(ages.some((a) => a >= 12 * HOUR_MS)).toBe(true);
  });

  it('issues every station a CTO document that its property points at', async () => {
    const rows = await ctx.database.pool.query<{ path: string; content_type: string; type: string; head: string }>(
      `SELECT e.properties -> 3 ->> 'value' AS path, d.content_type, d.type, encode(substring(d.content from 1 for 5), 'escape') AS head
         FROM entity e JOIN document d ON d.tenant_id = e.tenant_id AND d.entity_id = e.id
        WHERE e.type NOT IN ('facility')`,
    );
    expect(rows.rows).toHaveLength(seeded.stations);
    for (const r of rows.rows) {
      expect(r).toMatchObject({ content_type: 'application/pdf', type: 'CTO', head: '%PDF-' });
      expect(r.path).toMatch(/^\d+\/cto\/station-\d+\.pdf$/);
    }
  });

  it("records every station's CTO as its PDF states it, one expiring in 20 days and one expired, and gives each industry a logo", async () => {
    const consents = await ctx.database.pool.query<{ expires_on: string; n: number }>(
      `SELECT to_char(expires_on, 'YYYY-MM-DD') AS expires_on, count(*)::int AS n FROM consent WHERE kind = 'CTO' GROUP BY expires_on`,
    );
    expect(consents.rows.reduce((sum, r) => sum + r.n, 0)).toBe(seeded.stations);
    const day = (ms: number) => dayOf(ms, DEFAULT_TIME_ZONE);
    expect(consents.rows.find((r) => r.expires_on === day(NOW + 20 * 86_400_000))?.n).toBe(1);
    expect(consents.rows.find((r) => r.expires_on === day(NOW - 10 * 86_400_000))?.n).toBe(1);
    expect(consents.rows.filter((r) => r.expires_on < day(NOW)).map((r) => r.n)).toEqual([1]);
    const logos = await ctx.database.pool.query(`SELECT count(DISTINCT tenant_id)::int AS n FROM document WHERE type = 'LOGO'`);
    expect(logos.rows[0].n).toBe(DEMO_INDUSTRIES.length);
  });

  it('gives every industry with a stack or an effluent outlet a template and a lab result each quarter of the past year', async () => {
    const { rows } = await ctx.database.pool.query<{ tenant_id: number; name: string; results: number; newest: Date }>(
      `SELECT t.tenant_id, t.name, count(m.id)::int AS results, max(m.sampled_at) AS newest
         FROM measure_template t JOIN manual_measurement m ON m.tenant_id = t.tenant_id AND m.template_id = t.id GROUP BY t.tenant_id, t.name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(DEMO_INDUSTRIES.length - 3);
    for (const r of rows) {
      expect(r.results).toBe(4);
      expect(NOW - r.newest.getTime()).toBeLessThan(13 * 86_400_000);
    }
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(['Quarterly stack monitoring', 'Quarterly effluent analysis']));
  });

  it('builds reading_15m that matches the raw readings', async () => {
    const mismatches = await sql<{ n: number; checked: number }>`
      WITH sample AS (
        SELECT tenant_id, id AS device_id FROM device ORDER BY tenant_id, id LIMIT 5
      ), raw AS (
        SELECT r.tenant_id, r.device_id, v.slot::smallint AS slot, enviro_bucket15(r.ts) AS bucket,
               count(*)::int AS n, sum(v.value) AS sum, min(v.value) AS min, max(v.value) AS max,
               (array_agg(v.value ORDER BY r.ts))[1] AS first, (array_agg(v.value ORDER BY r.ts DESC))[1] AS last
        FROM reading r JOIN sample USING (tenant_id, device_id)
        CROSS JOIN LATERAL unnest(r.vals) WITH ORDINALITY AS v(value, slot)
        WHERE v.value IS NOT NULL GROUP BY 1, 2, 3, 4
      ), rolled AS (
        SELECT r.* FROM reading_15m r JOIN sample USING (tenant_id, device_id)
      )
      -- A slot still marked dirty (the one filling now, which the demo's ongoing exceedance rewrote)
      -- waits for the rollup worker to close it; queries read it from raw meanwhile.
      SELECT count(*) FILTER (WHERE raw.n IS DISTINCT FROM rolled.n OR raw.min IS DISTINCT FROM rolled.min
                                OR raw.max IS DISTINCT FROM rolled.max OR raw.first IS DISTINCT FROM rolled.first
                                OR raw.last IS DISTINCT FROM rolled.last
                                OR abs(raw.sum - rolled.sum) > 1e-6 * greatest(abs(raw.sum), 1)
                                OR raw.sum IS NULL OR rolled.sum IS NULL)::int AS n,
             count(*)::int AS checked
      FROM raw FULL JOIN rolled USING (tenant_id, device_id, slot, bucket)
      WHERE (tenant_id, device_id, bucket) NOT IN (SELECT tenant_id, device_id, bucket FROM rollup_dirty)
        -- Quarters an approved correction covers hold corrected values (checked with the change requests).
        AND NOT EXISTS (SELECT 1 FROM reading_correction c
                        WHERE c.tenant_id = coalesce(raw.tenant_id, rolled.tenant_id) AND c.device_id = coalesce(raw.device_id, rolled.device_id)
                          AND c.slot = coalesce(raw.slot, rolled.slot) AND c.superseded_at IS NULL
                          AND c.starts_at < coalesce(raw.bucket, rolled.bucket) + interval '15 minutes' AND c.ends_at > coalesce(raw.bucket, rolled.bucket))`.execute(ctx.db);
    expect(mismatches.rows[0]!.checked).toBeGreaterThan(1000);
    expect(mismatches.rows[0]!.n).toBe(0);
  });

  it('hands the closed-slot consumers (alerts, the regulator push) no slot still filling', async () => {
    // (The compliance consumer is told of whole days, today's included, when windows change.)
    const { rows } = await sql<{ feed: number; outbox: number }>`
      WITH filling AS (SELECT enviro_bucket15(max(ts)) AS bucket FROM reading)
      SELECT (SELECT count(*) FROM slot_change s, filling f WHERE s.bucket >= f.bucket AND s.consumer <> 'compliance')::int AS feed,
             (SELECT count(*) FROM regulator_outbox o, filling f WHERE o.slot >= f.bucket)::int AS outbox`.execute(ctx.db);
    expect(rows[0]).toEqual({ feed: 0, outbox: 0 });
  });

  it('keeps the latest value of every series and each device last_data_at', async () => {
    const wrong = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM device_param p
      LEFT JOIN series_latest s USING (tenant_id, device_id, slot)
      CROSS JOIN LATERAL (SELECT max(ts) AS ts FROM reading r
                          WHERE r.tenant_id = p.tenant_id AND r.device_id = p.device_id AND r.vals[p.slot] IS NOT NULL) m
      WHERE s.ts IS DISTINCT FROM m.ts`.execute(ctx.db);
    expect(wrong.rows[0]!.n).toBe(0);
  });

  it('skips when the demo already exists', async () => {
    const again = await seedDemo(ctx.app, { days: 1, now: NOW });
    expect(again).toMatchObject({ skipped: true, statutoryTenantId: seeded.statutoryTenantId, readings: 0 });
    const { count } = await ctx.db
      .selectFrom('tenant')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    // The board, its industries, and the site operator, partner, corporate head office, CGWA, investor
    // and quasi-regulator of the demo accounts.
    expect(Number(count)).toBe(DEMO_INDUSTRIES.length + 7);
  });

  it('creates demo accounts of every kind, each reading what its kind may', async () => {
    const accounts = seeded.accounts!;
    expect(accounts.password.length).toBeGreaterThanOrEqual(16);
    const tenantsSeenBy = async (local: string) => {
      const userName = accounts.accounts.find((a) => a.userName.startsWith(`${local}@`))!.userName;
      const { res, cookie } = await ctx.login(userName, accounts.password, `10.9.0.${local.length}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = await ctx.inject({ method: 'GET', url: '/api/tenants?size=200&status=ENABLED,TRIAL,GRACE,EXPIRED,DISABLED,DEMO,AWAITED', headers: { cookie } });
      expect(list.statusCode, list.body).toBe(200);
      return { user: res.json(), tenants: (list.json() as { items: { type: string }[] }).items };
    };
    const site = await tenantsSeenBy('site.admin');
    expect(site.user).toMatchObject({ userType: 'site', role: 'admin' });
    expect(site.tenants.filter((t) => t.type === 'tenant')).toHaveLength(DEMO_INDUSTRIES.length);
    const board = await tenantsSeenBy('board');
    expect(board.tenants.filter((t) => t.type === 'tenant')).toHaveLength(DEMO_INDUSTRIES.length);
    const partner = await tenantsSeenBy('partner');
    expect(partner.tenants.filter((t) => t.type === 'tenant')).toHaveLength(3);
    const corporate = await tenantsSeenBy('corporate');
    expect(corporate.tenants.filter((t) => t.type === 'tenant')).toHaveLength(2);
    const groundWater = DEMO_INDUSTRIES.filter((i) => i.stations.some((s) => s.type === 'ground water')).map((i) => i.name).sort();
    const cgwa = await tenantsSeenBy('cgwa');
    expect(cgwa.user).toMatchObject({ userType: 'cgwa', view: 'cgwa' });
    expect(cgwa.tenants.filter((t) => t.type === 'tenant').map((t) => (t as unknown as { name: string }).name).sort()).toEqual(groundWater);
    const investor = await tenantsSeenBy('investor');
    expect(investor.user).toMatchObject({ userType: 'investor', role: 'investor', view: 'investor' });
    expect(investor.tenants.filter((t) => t.type === 'tenant')).toHaveLength(3);
    const committee = await tenantsSeenBy('monitoring.committee');
    expect(committee.user).toMatchObject({ userType: 'quasi_regulator', view: 'quasi_regulator' });
    expect(committee.tenants.filter((t) => t.type === 'tenant')).toHaveLength(5);
    for (const local of ['industry.admin', 'industry.user']) {
      const industry = await tenantsSeenBy(local);
      expect(industry.tenants.map((t) => t.type)).toEqual(['tenant']);
    }
  });
});
