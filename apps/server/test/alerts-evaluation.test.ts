import { AlertDetail } from '@enviro/contracts/alerts';
import { describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { SuppressionWindowService } from '../src/modules/devices/suppression-windows.service.ts';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;

describe('alert evaluation on closed 15-minute slots', () => {
  const ctx = useTestApp();
  // Well in the past, so every slot used is closed.
  const base = () => Math.floor(Date.now() / BUCKET) * BUCKET - 40 * BUCKET;

  async function send(token: string, entries: { ts: number; values: Record<string, number> }[]) {
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries });
    expect(res.statusCode).toBe(200);
  }

  /** A station device (pm max 50) with the CPCB default rules. */
  async function station() {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }, { name: 'so2' }] });
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).ensureDefaults();
    return d;
  }

  async function evaluate() {
    await drainRollups(ctx.database);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
  }

  async function episodes(deviceId: number) {
    const { rows } = await ctx.database.pool.query(
      `SELECT a.id::int, a.status, a.type, a.started_at, a.ended_at, a.peak, a.slot_count, a.message, sp.name AS param
         FROM alert_episode a LEFT JOIN std_param sp ON sp.id = a.std_param_id
        WHERE a.device_id = $1 ORDER BY a.started_at, a.id`,
      [deviceId],
    );
    return rows as { id: number; status: string; type: string; started_at: Date; ended_at: Date | null; peak: number; slot_count: number; message: string; param: string }[];
  }

  /** The alerts that stand for a breach (not merged, with breaching slots): [status, start, end, slots, peak], times in slots from `t`. */
  async function alertsOnGrid(deviceId: number, t: number) {
    const { rows } = await ctx.database.pool.query(
      `SELECT status, started_at, ended_at, slot_count, peak FROM alert_episode WHERE device_id = $1 AND merged_into IS NULL AND slot_count > 0 ORDER BY started_at`,
      [deviceId],
    );
    return rows.map((r) => [r.status, (r.started_at.getTime() - t) / BUCKET, r.ended_at === null ? null : (r.ended_at.getTime() - t) / BUCKET, r.slot_count, r.peak]);
  }

  /** Readings of pm, one a minute through a slot, at `value`. */
  const slotOf = (start: number, value: number) => Array.from({ length: 3 }, (_, i) => ({ ts: start + (i * 5 + 1) * MINUTE, values: { pm: value } }));

  it('creates a CPCB default rule for every parameter with a limit, once', async () => {
    const d = await station();
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).ensureDefaults();
    const { rows } = await ctx.database.pool.query(
      `SELECT r.condition, r.comparison, r.is_default, sp.name FROM alert_rule r JOIN std_param sp ON sp.id = ANY(r.std_param_ids) WHERE r.tenant_id = $1`,
      [d.tenantId],
    );
    expect(rows).toEqual([{ condition: 'AVG_15M', comparison: 'OUTSIDE', is_default: true, name: 'pm' }]);
    const esc = await ctx.database.pool.query(`SELECT is_default, levels FROM alert_escalation WHERE tenant_id = $1`, [d.tenantId]);
    expect(esc.rows).toHaveLength(1);
    expect(esc.rows[0].levels[0].recipients.cpcb).toBe(true);
  });

  it('opens one alert for a breach of several slots, with start, peak and slot count, and resolves it when a slot is back within limits', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, [...slotOf(t, 10), ...slotOf(t + BUCKET, 60), ...slotOf(t + 2 * BUCKET, 80), ...slotOf(t + 3 * BUCKET, 70)]);
    await evaluate();
    let found = await episodes(d.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 'OPEN', type: 'AVG_15M', param: 'pm', peak: 80, slot_count: 3, ended_at: null });
    expect(found[0]!.started_at.getTime()).toBe(t + BUCKET);
    expect(found[0]!.message).toContain('exceeded for more than 15 minutes');

    await send(d.accessToken, slotOf(t + 4 * BUCKET, 20));
    await evaluate();
    found = await episodes(d.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 'RESOLVED', slot_count: 3 });
    expect(found[0]!.ended_at!.getTime()).toBe(t + 4 * BUCKET);
    const transitions = await ctx.database.pool.query(`SELECT from_status, to_status FROM alert_transition WHERE alert_id = $1 ORDER BY id`, [found[0]!.id]);
    expect(transitions.rows).toEqual([
      { from_status: null, to_status: 'OPEN' },
      { from_status: 'OPEN', to_status: 'RESOLVED' },
    ]);
  });

  it('opens and resolves within one batch of slots, as after a backlog', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, [...slotOf(t, 60), ...slotOf(t + BUCKET, 70), ...slotOf(t + 2 * BUCKET, 10), ...slotOf(t + 3 * BUCKET, 65)]);
    await evaluate();
    const found = await episodes(d.id);
    expect(found.map((e) => [e.status, e.slot_count, e.peak])).toEqual([
      ['RESOLVED', 2, 70],
      ['OPEN', 1, 65],
    ]);
  });

  it('keeps one alert across slots without data while the breach lasts', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, [...slotOf(t, 60), ...slotOf(t + 4 * BUCKET, 70)]);
    await evaluate();
    await send(d.accessToken, slotOf(t + 8 * BUCKET, 90));
    await evaluate();
    const found = await episodes(d.id);
    expect(found.map((e) => [e.status, e.slot_count, e.peak])).toEqual([['OPEN', 3, 90]]);
  });

  it('a slot in which the parameter has no reading neither clears its alert nor breaks its limit', async () => {
    const d = await station();
    const t = base();
    // pm breaks its limit, then only so2 reports for two slots (the device sends, pm does not).
    await send(d.accessToken, [
      ...slotOf(t, 70),
      { ts: t + BUCKET + MINUTE, values: { so2: 5 } },
      { ts: t + 2 * BUCKET + MINUTE, values: { so2: 5 } },
    ]);
    await evaluate();
    expect((await episodes(d.id)).map((e) => [e.status, e.slot_count])).toEqual([['OPEN', 1]]);
    await send(d.accessToken, slotOf(t + 3 * BUCKET, 20));
    await evaluate();
    const found = await episodes(d.id);
    expect(found.map((e) => [e.status, e.slot_count, e.ended_at?.getTime()])).toEqual([['RESOLVED', 1, t + BUCKET]]);
  });

  it('a late reading that clears the only breaching slot resolves the alert; a late breach opens one at the time it happened', async () => {
    const d = await station();
    const t = base();
    // One reading of 90: the slot average breaks the limit.
    await send(d.accessToken, [{ ts: t + MINUTE, values: { pm: 90 } }]);
    await evaluate();
    expect((await episodes(d.id)).map((e) => e.status)).toEqual(['OPEN']);
    // Late readings of the same slot bring its average to 35: the slot is clean, nothing was exceeded.
    await send(d.accessToken, [
      { ts: t + 2 * MINUTE, values: { pm: 10 } },
      { ts: t + 3 * MINUTE, values: { pm: 5 } },
    ]);
    await evaluate();
    let found = await episodes(d.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 'RESOLVED', slot_count: 0 });

    // A breach back-filled two hours earlier opens an alert with that time; the clean slot already
    // stored after it resolves it (slots without data in between neither clear nor end it).
    const early = t - 8 * BUCKET;
    await send(d.accessToken, slotOf(early, 75));
    await evaluate();
    found = await episodes(d.id);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ status: 'RESOLVED', peak: 75, slot_count: 1 });
    expect(found[0]!.started_at.getTime()).toBe(early);
    expect(found[0]!.ended_at!.getTime()).toBe(early + BUCKET);
  });

  it('a late clean slot in the middle of an alert splits it in two; a late breach in that slot joins them again', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, [...slotOf(t, 60), ...slotOf(t + BUCKET, 70), ...slotOf(t + 2 * BUCKET, 80), ...slotOf(t + 3 * BUCKET, 65)]);
    await evaluate();
    const [first] = await episodes(d.id);
    expect(first).toMatchObject({ status: 'OPEN', slot_count: 4 });

    // Late low readings bring slot t+1 to an average of 28: back within limits for one slot.
    await send(d.accessToken, Array.from({ length: 3 }, (_, i) => ({ ts: t + BUCKET + (i * 5 + 2) * MINUTE, values: { pm: 0 } })));
    await evaluate();
    let found = await episodes(d.id);
    expect(found.map((e) => [e.id === first!.id, e.status, e.slot_count, e.peak, e.started_at.getTime(), e.ended_at?.getTime() ?? null])).toEqual([
      [true, 'RESOLVED', 1, 60, t, t + BUCKET],
      [false, 'OPEN', 2, 80, t + 2 * BUCKET, null],
    ]);
    const second = found[1]!;
    const transitions = async (id: number) =>
      (await ctx.database.pool.query(`SELECT from_status, to_status, comment FROM alert_transition WHERE alert_id = $1 ORDER BY id`, [id])).rows.map((r) => `${r.from_status}>${r.to_status}`);
    expect(await transitions(first!.id)).toEqual(['null>OPEN', 'OPEN>RESOLVED']);
    expect(await transitions(second.id)).toEqual(['null>OPEN']);
    // The new alert escalates like any other.
    const esc = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM alert_escalation_state WHERE alert_id = $1`, [second.id]);
    expect(esc.rows[0].n).toBe(1);

    // A late reading of 500 in that slot (average 112) breaks it again: one alert of four slots, the
    // active one; the other is resolved as merged into it and no longer counted.
    await send(d.accessToken, [{ ts: t + BUCKET + 14 * MINUTE, values: { pm: 500 } }]);
    await evaluate();
    found = await episodes(d.id);
    expect(found.map((e) => [e.id, e.status, e.slot_count, e.started_at.getTime()])).toEqual([
      [first!.id, 'RESOLVED', 1, t],
      [second.id, 'OPEN', 4, t],
    ]);
    const merged = await ctx.database.pool.query(`SELECT merged_into::int FROM alert_episode WHERE id = $1`, [first!.id]);
    expect(merged.rows[0].merged_into).toBe(second.id);
    // Its page says where the episode went.
    const reader = (await ctx.signedIn({ tenantId: d.tenantId, role: 'user' })).cookie;
    const page = await ctx.inject({ method: 'GET', url: `/api/alert/${first!.id}`, headers: { cookie: reader } });
    expect(page.statusCode).toBe(200);
    expect(AlertDetail.parse(page.json())).toMatchObject({ status: 'RESOLVED', mergedInto: second.id });
    expect(AlertDetail.parse((await ctx.inject({ method: 'GET', url: `/api/alert/${second.id}`, headers: { cookie: reader } })).json()).mergedInto).toBeNull();
    expect(await transitions(first!.id)).toEqual(['null>OPEN', 'OPEN>RESOLVED', 'RESOLVED>RESOLVED']);
    // Evaluating the same slots again changes nothing.
    await ctx.database.pool.query(
      `INSERT INTO slot_change (tenant_id, consumer, device_id, bucket) SELECT $1, 'alerts', $2, b FROM unnest($3::timestamptz[]) b`,
      [d.tenantId, d.id, [0, 1, 2, 3].map((k) => new Date(t + k * BUCKET))],
    );
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
    expect((await episodes(d.id)).map((e) => [e.id, e.status, e.slot_count])).toEqual([
      [first!.id, 'RESOLVED', 1],
      [second.id, 'OPEN', 4],
    ]);
    expect(await transitions(first!.id)).toHaveLength(3);
  });

  it('with a clear condition of two slots, one clean slot neither splits nor resolves an alert', async () => {
    const d = await station();
    await ctx.database.pool.query(`UPDATE alert_rule SET clear_slots = 2 WHERE tenant_id = $1`, [d.tenantId]);
    const t = base();
    await send(d.accessToken, [...slotOf(t, 60), ...slotOf(t + BUCKET, 10), ...slotOf(t + 2 * BUCKET, 80)]);
    await evaluate();
    expect((await episodes(d.id)).map((e) => [e.status, e.slot_count, e.peak])).toEqual([['OPEN', 2, 80]]);
    await send(d.accessToken, [...slotOf(t + 3 * BUCKET, 10), ...slotOf(t + 4 * BUCKET, 10)]);
    await evaluate();
    const found = await episodes(d.id);
    expect(found.map((e) => [e.status, e.slot_count, e.ended_at?.getTime()])).toEqual([['RESOLVED', 2, t + 3 * BUCKET]]);
  });

  // Slot averages of pm (limit 50); null: no data. Breaches that span passes, gaps without data
  // inside a breach, and a breach whose clean slot lies hours later.
  const backlog = [10, 60, 70, 80, 10, 65, null, null, null, 70, 75, 10, 60, 10, 55, null, null, null, null, null, null, 52, 90, 10, 20, 58, 61];
  const flushed = [
    {
      clearSlots: 1,
      // [status, start slot, end slot, breaching slots, peak]
      expected: [
        ['RESOLVED', 1, 4, 3, 80],
        ['RESOLVED', 5, 11, 3, 75],
        ['RESOLVED', 12, 13, 1, 60],
        ['RESOLVED', 14, 23, 3, 90],
        ['OPEN', 25, null, 2, 61],
      ],
    },
    {
      clearSlots: 2,
      expected: [
        ['RESOLVED', 1, 23, 10, 90],
        ['OPEN', 25, null, 2, 61],
      ],
    },
  ];
  for (const { clearSlots, expected } of flushed) {
    it(`a backlog flushed newest first, a few slots a pass, ends with the alerts of the same readings sent in order (clear after ${clearSlots} slot(s))`, async () => {
      const inOrder = await station();
      const newestFirst = await station();
      await ctx.database.pool.query(`UPDATE alert_rule SET clear_slots = $2 WHERE tenant_id = ANY($1::int[])`, [[inOrder.tenantId, newestFirst.tenantId], clearSlots]);
      const t = base();
      const slots = backlog.flatMap((v, k) => (v === null ? [] : slotOf(t + k * BUCKET, v)));
      await send(inOrder.accessToken, slots);
      await evaluate();
      for (let end = backlog.length; end > 0; end -= 4) {
        const chunk = slots.filter((r) => r.ts >= t + (end - 4) * BUCKET && r.ts < t + end * BUCKET);
        if (chunk.length > 0) await send(newestFirst.accessToken, chunk);
        await evaluate();
      }
      expect(await alertsOnGrid(inOrder.id, t)).toEqual(expected);
      expect(await alertsOnGrid(newestFirst.id, t)).toEqual(expected);
    });
  }

  // Random series (breaches, clean slots, slots without data) delivered in random chunks, newest
  // first or shuffled: each ends with the alerts of the same readings sent at once. The evaluation
  // reads only the rows around each change, and stops reading at the end of the ones that cannot
  // change an alert; this checks those shortcuts against the whole series.
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Odd seeds shuffle the chunks, even ones send them newest first; every third is a SUSTAINED rule.
  // 17, 25, 89 and 133 failed before the evaluation looked back across slots without data; 21, 27
  // and 57 before it read a SUSTAINED breach back without an alert, resolved alerts whose breach
  // late readings cut short of the duration, and left out alerts without breaching slots
  // (ALERTS_RANDOM_SEEDS=1,2,...: try others).
  for (const seed of (process.env.ALERTS_RANDOM_SEEDS ?? '17,25,89,133,21,27,57,2,4').split(',').map(Number)) {
    it(`a random series delivered in random chunks ends with the alerts of the series sent at once (seed ${seed})`, async () => {
      const next = random(seed);
      const clearSlots = 1 + Math.floor(next() * 3);
      // Slot averages of pm (limit 50): breaching a third of the time, and gaps of up to six slots without data.
      const values: (number | null)[] = [];
      while (values.length < 48) {
        const r = next();
        if (r < 0.12) values.push(...Array.from({ length: 1 + Math.floor(next() * 6) }, () => null));
        else values.push(r < 0.45 ? 51 + Math.round(next() * 40) : Math.round(next() * 45));
      }
      values.length = 48;
      const atOnce = await station();
      const chunked = await station();
      // Every third seed a SUSTAINED rule of 30 minutes: two breaching slots in a row open an alert.
      const sustained = seed % 3 === 0;
      await ctx.database.pool.query(
        `UPDATE alert_rule SET clear_slots = $2, condition = $3, duration_minutes = $4 WHERE tenant_id = ANY($1::int[])`,
        [[atOnce.tenantId, chunked.tenantId], clearSlots, sustained ? 'SUSTAINED' : 'AVG_15M', sustained ? 30 : null],
      );
      const t = base() - 20 * BUCKET;
      const slots = values.flatMap((v, k) => (v === null ? [] : slotOf(t + k * BUCKET, v)));
      await send(atOnce.accessToken, slots);
      await evaluate();
      const chunks: number[][] = [];
      for (let k = 0; k < values.length; ) {
        const size = 1 + Math.floor(next() * 6);
        chunks.push(Array.from({ length: Math.min(size, values.length - k) }, (_, i) => k + i));
        k += size;
      }
      const order = seed % 2 === 0 ? chunks.reverse() : chunks.sort(() => next() - 0.5);
      for (const chunk of order) {
        const rows = slots.filter((r) => chunk.includes(Math.floor((r.ts - t) / BUCKET)));
        if (rows.length > 0) await send(chunked.accessToken, rows);
        await evaluate();
      }
      const expected = await alertsOnGrid(atOnce.id, t);
      // A seed of ALERTS_RANDOM_SEEDS may raise no alert; those of the suite raise some.
      if (!process.env.ALERTS_RANDOM_SEEDS) expect(expected.length).toBeGreaterThan(0);
      expect(await alertsOnGrid(chunked.id, t)).toEqual(expected);
    });
  }

  it('attributes slots to the station the device was mounted on then: its rules before a move, the new station’s after', async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const a = (await ctx.b.newEntity({ tenantId, name: 'Stack A' })).id;
    const b = (await ctx.b.newEntity({ tenantId, name: 'Stack B' })).id;
    const device = await ctx.b.newDevice({ tenantId, entityId: a, params: [{ name: 'pm' }] });
    await ctx.database.pool.query(
      `INSERT INTO alert_rule (tenant_id, name, entity_id, std_param_ids, condition, comparison, threshold_max)
       SELECT $1, 'pm at ' || e, e, ARRAY[(SELECT id FROM std_param WHERE name = 'pm')], 'AVG_15M', 'ABOVE', 50 FROM unnest($2::bigint[]) e`,
      [tenantId, [a, b]],
    );
    const admin = (await ctx.signedIn({ tenantId, role: 'admin' })).cookie;
    const move = await ctx.inject({ method: 'POST', url: `/api/entity/${b}/mount/device/${device.id}`, headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' } });
    expect(move.statusCode).toBe(200);
    // The move as history, in the middle of slot t+2 (that slot and the later ones are B's).
    const t = base();
    const at = new Date(t + 2 * BUCKET + 7 * MINUTE);
    await ctx.database.pool.query(`UPDATE device_mount SET unmounted_at = $2 WHERE device_id = $1 AND unmounted_at IS NOT NULL`, [device.id, at]);
    await ctx.database.pool.query(`UPDATE device_mount SET mounted_at = $2 WHERE device_id = $1 AND unmounted_at IS NULL`, [device.id, at]);
    await send(device.accessToken, [0, 1, 2, 3].flatMap((k) => slotOf(t + k * BUCKET, 60 + k)));
    await evaluate();
    const { rows } = await ctx.database.pool.query(
      `SELECT r.entity_id::int AS rule_station, a.entity_id::int AS station, a.status, a.slot_count, a.started_at, a.peak
         FROM alert_episode a JOIN alert_rule r ON r.tenant_id = a.tenant_id AND r.id = a.rule_id WHERE a.device_id = $1 ORDER BY a.started_at`,
      [device.id],
    );
    expect(rows.map((r) => [r.rule_station, r.station, r.status, r.slot_count, r.started_at.getTime(), r.peak])).toEqual([
      [a, a, 'OPEN', 2, t, 61],
      [b, b, 'OPEN', 2, t + 2 * BUCKET, 63],
    ]);
    // Each station's rule judged only its own slots.
    const slots = await ctx.database.pool.query(
      `SELECT r.entity_id::int AS station, count(*)::int AS n FROM alert_slot s JOIN alert_rule r ON r.tenant_id = s.tenant_id AND r.id = s.rule_id WHERE s.device_id = $1 GROUP BY 1 ORDER BY 1`,
      [device.id],
    );
    expect(slots.rows).toEqual([
      { station: a, n: 2 },
      { station: b, n: 2 },
    ]);
  });

  it('INSTANT breaks on one reading, SUSTAINED only when every reading breaks for its duration', async () => {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm' }, { name: 'so2' }] });
    await ctx.database.pool.query(
      `INSERT INTO alert_rule (tenant_id, name, entity_id, std_param_ids, condition, comparison, threshold_max, duration_minutes)
       SELECT $1, c, $2, ARRAY[(SELECT id FROM std_param WHERE name = p)], c, 'ABOVE', 50, m
       FROM (VALUES ('INSTANT', 'pm', NULL::int), ('SUSTAINED', 'so2', 30)) AS x(c, p, m)`,
      [d.tenantId, d.entityId],
    );
    const t = base();
    // pm: one reading of 80 among low ones (average 30); so2: every reading above 50 for two slots,
    // then a slot whose average is above 50 but one reading is not.
    await send(d.accessToken, [
      { ts: t + MINUTE, values: { pm: 80, so2: 60 } },
      { ts: t + 6 * MINUTE, values: { pm: 5, so2: 70 } },
      { ts: t + 11 * MINUTE, values: { pm: 5, so2: 65 } },
      { ts: t + BUCKET + MINUTE, values: { pm: 5, so2: 90 } },
      { ts: t + BUCKET + 6 * MINUTE, values: { pm: 5, so2: 55 } },
      { ts: t + 2 * BUCKET + MINUTE, values: { pm: 5, so2: 120 } },
      { ts: t + 2 * BUCKET + 6 * MINUTE, values: { pm: 5, so2: 40 } },
    ]);
    await evaluate();
    const found = await episodes(d.id);
    expect(found.map((e) => [e.type, e.param, e.status, e.peak, e.slot_count])).toEqual([
      ['INSTANT', 'pm', 'RESOLVED', 80, 1],
      ['SUSTAINED', 'so2', 'RESOLVED', 60, 2],
    ]);
    expect(found.every((e) => e.started_at.getTime() === t)).toBe(true);
  });

  it('raises nothing for readings inside a calibration window of the device or its station', async () => {
    const d = await station();
    const t = base();
    const windows = new SuppressionWindowService(ctx.db);
    await windows.open({ tenantId: d.tenantId, entityId: String(d.entityId), kind: 'MAINTENANCE', startsAt: new Date(t), endsAt: new Date(t + 2 * BUCKET) });
    await send(d.accessToken, [...slotOf(t, 90), ...slotOf(t + BUCKET, 90)]);
    await evaluate();
    expect(await episodes(d.id)).toEqual([]);
    const { rows } = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM alert_slot WHERE device_id = $1 AND suppressed`, [d.id]);
    expect(rows[0].n).toBe(2);
    // After the window the same values open an alert.
    await send(d.accessToken, slotOf(t + 2 * BUCKET, 90));
    await evaluate();
    expect((await episodes(d.id)).map((e) => e.started_at.getTime())).toEqual([t + 2 * BUCKET]);
  });

  it('neither loses nor duplicates an alert when evaluation dies mid-way or two servers evaluate at once', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, slotOf(t, 90));
    await drainRollups(ctx.database);
    // "kill -9" after the effects were written but before commit: the transaction rolls back.
    const dying = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const { rows } = await ctx.database.pool.query(`SELECT tenant_id, device_id::text, bucket FROM slot_change WHERE consumer = 'alerts' AND device_id = $1`, [d.id]);
        await dying.evaluate(trx, rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.device_id, bucket: r.bucket })));
        expect(await episodes(d.id)).toEqual([]); // not visible outside the transaction
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await episodes(d.id)).toEqual([]);
    // Two servers then take the queue at once: one alert.
    await Promise.all([new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain(1), new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain(1)]);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
    expect((await episodes(d.id)).map((e) => e.status)).toEqual(['OPEN']);
    // Evaluating the same slot again changes nothing.
    await ctx.database.pool.query(`INSERT INTO slot_change (tenant_id, consumer, device_id, bucket) VALUES ($1, 'alerts', $2, $3)`, [d.tenantId, d.id, new Date(t)]);
    await new AlertEvaluator(ctx.db, ctx.app.devices.windows).drain();
    expect(await episodes(d.id)).toHaveLength(1);
  });

  it('opens and resolves data-loss alerts from the last reading, and a data-fill alert when the gap is back-filled', async () => {
    const d = await station();
    const t = base();
    await send(d.accessToken, slotOf(t, 10));
    await ctx.database.pool.query(
      `INSERT INTO alert_rule (tenant_id, name, entity_id, condition, duration_minutes, severity) VALUES ($1, 'loss', $2, 'DATA_LOSS', 60, 'MINOR'), ($1, 'fill', $2, 'DATA_FILL', NULL, 'WARNING')`,
      [d.tenantId, d.entityId],
    );
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    await evaluator.checkDataLoss();
    await evaluator.checkDataLoss();
    let found = (await episodes(d.id)).filter((e) => e.type !== 'AVG_15M');
    expect(found.map((e) => [e.type, e.status])).toEqual([['DATA_LOSS', 'OPEN']]);
    // Readings come back, then the gap is back-filled.
    const back = Date.now() - 2 * MINUTE;
    await send(d.accessToken, [{ ts: back, values: { pm: 10 } }]);
    await evaluate();
    await evaluator.checkDataLoss();
    await send(d.accessToken, slotOf(t + 10 * BUCKET, 10));
    await evaluate();
    found = (await episodes(d.id)).filter((e) => e.type !== 'AVG_15M');
    expect(found.map((e) => [e.type, e.status])).toEqual([
      ['DATA_LOSS', 'RESOLVED'],
      ['DATA_FILL', 'OPEN'],
    ]);
    expect(found[0]!.ended_at!.getTime()).toBe(back);
  });

  it("evaluates a tenant's slots in one transaction at a time, each tenant apart, so two servers do not deadlock on its alerts", async () => {
    // Two evaluations of one tenant's slots lock its alerts, and once locked them in different
    // orders and deadlocked (a server's worker beside the demo seed). The second now waits for the
    // first's tenant lock before touching an alert; another tenant's goes on.
    const [a, other] = [await ctx.b.newTenant(), await ctx.b.newTenant()];
    const slot = (tenantId: number) => [{ tenantId, deviceId: '1', bucket: new Date(Date.UTC(2026, 0, 1)) }];
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstIn!: () => void;
    const entered = new Promise<void>((resolve) => (firstIn = resolve));
    const first = ctx.db.transaction().execute(async (trx) => {
      await evaluator.evaluate(trx, slot(a.id));
      firstIn();
      await held;
    });
    await entered;
    let secondDone = false;
    const second = ctx.db
      .transaction()
      .execute((trx) => evaluator.evaluate(trx, slot(a.id)))
      .then(() => (secondDone = true));
    await ctx.db.transaction().execute((trx) => evaluator.evaluate(trx, slot(other.id)));
    const waiting = async () =>
      Number((await ctx.database.pool.query(`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1`, [a.id])).rows[0].count);
    for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await waiting()).toBe(1);
    expect(secondDone).toBe(false);
    release();
    await first;
    await second;
    expect(secondDone).toBe(true);
  });
});
