import { describe, expect, it } from 'vitest';
import { AlertDetail, AlertPage, AlertRule } from '@enviro/contracts/alerts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { AlertEvaluator } from '../src/modules/alerts/alert-evaluation.ts';
import { OperatorProvisioning } from '../src/operator-provisioning.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('alert routes', () => {
  const ctx = useTestApp();

  /** An industry with an admin, a station with pm (max 50) and so2 (max 80), two open alerts; a board reading it; another industry. */
  async function world() {
    const d = await ctx.b.newStationDevice({ params: [{ name: 'pm', max: 50 }, { name: 'so2', max: 80 }] });
    const admin = await ctx.signedIn({ tenantId: d.tenantId, role: 'admin' });
    const board = await ctx.b.newTenant({ type: 'statutory' });
    await ctx.database.pool.query(`INSERT INTO statutory_association (tenant_id, statutory_id) VALUES ($1, $2)`, [d.tenantId, board.id]);
    const boardUser = await ctx.signedIn({ tenantId: board.id, userType: 'statutory', role: 'statutory' });
    const other = await ctx.b.newStationDevice();
    const otherAdmin = await ctx.signedIn({ tenantId: other.tenantId, role: 'admin' });
    const t = Math.floor(Date.now() / BUCKET) * BUCKET - 8 * BUCKET;
    await ctx.inject({ method: 'POST', url: `/api/v1/${d.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 90, so2: 100 } }] });
    await ctx.inject({ method: 'POST', url: `/api/v1/${other.accessToken}/telemetry`, payload: [{ ts: t + MINUTE, values: { pm: 90 } }] });
    const evaluator = new AlertEvaluator(ctx.db, ctx.app.devices.windows);
    await evaluator.ensureDefaults();
    await drainRollups(ctx.database);
    await evaluator.drain();
    return { d, admin, board, boardUser, other, otherAdmin, t };
  }

  const list = (cookie: string, payload: object) => ctx.inject({ method: 'POST', url: '/api/alerts', headers: { cookie, ...XHR }, payload });

  it('lists alerts with filters and paging, to the industry and its board, never to another industry', async () => {
    const w = await world();
    let res = await list(w.admin.cookie, { size: 1 });
    expect(res.statusCode).toBe(200);
    const page = AlertPage.parse(res.json());
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ tenantId: w.d.tenantId, status: 'OPEN', state: 1, type: 'AVG_15M', stationId: w.d.entityId });

    res = await list(w.admin.cookie, { paramName: 'so2', status: ['OPEN'], stationId: w.d.entityId });
    expect(res.json().items.map((a: { paramName: string; peak: number }) => [a.paramName, a.peak])).toEqual([['so2', 100]]);
    res = await list(w.admin.cookie, { status: ['CLOSED'] });
    expect(res.json().total).toBe(0);

    res = await list(w.boardUser.cookie, { tenantId: w.d.tenantId });
    expect(res.json().total).toBe(2);
    const byTenant = await ctx.inject({ method: 'POST', url: `/api/tenants/${w.board.id}/alertDataByTenant`, headers: { cookie: w.boardUser.cookie, ...XHR }, payload: {} });
    expect(byTenant.statusCode).toBe(200);
    expect(byTenant.json().tenants).toEqual([expect.objectContaining({ tenantId: w.d.tenantId, open: 2, total: 2 })]);

    // Another industry's user: its own alert only; naming this tenant or station answers 404.
    expect((await list(w.otherAdmin.cookie, {})).json().total).toBe(1);
    expect((await list(w.otherAdmin.cookie, { tenantId: w.d.tenantId })).statusCode).toBe(404);
    expect((await list(w.otherAdmin.cookie, { stationId: w.d.entityId })).statusCode).toBe(404);
    // Bad input names the field; no session is 401.
    res = await list(w.admin.cookie, { status: ['SHOUTING'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(/^body\.status/);
    res = await list(w.admin.cookie, { startDate: '2026-01-02T00:00:00Z', endDate: '2026-01-01T00:00:00Z' });
    expect(res.json().field).toBe('body.endDate');
    expect((await ctx.inject({ method: 'POST', url: '/api/alerts', headers: XHR, payload: {} })).statusCode).toBe(401);
  });

  it('lists to a quasi-regulator the alerts of the industries it watches, not of the others', async () => {
    const w = await world();
    const committee = await ctx.b.newTenant({ type: 'quasi_regulator' });
    await OperatorProvisioning.over(ctx.db).setWatched(committee.id, [w.d.tenantId]);
    const user = await ctx.signedIn({ tenantId: committee.id, userType: 'quasi_regulator', role: 'user' });
    for (const url of ['/api/quasi-alerts', '/api/alerts']) {
      const page = AlertPage.parse((await ctx.inject({ method: 'POST', url, headers: { cookie: user.cookie, ...XHR }, payload: {} })).json());
      expect(page.total, url).toBe(2);
      expect(page.items.every((a) => a.tenantId === w.d.tenantId)).toBe(true);
    }
    const other = await ctx.inject({ method: 'POST', url: '/api/quasi-alerts', headers: { cookie: user.cookie, ...XHR }, payload: { tenantId: w.other.tenantId } });
    expect(other.statusCode).toBe(404);
  });

  it('acknowledges, closes with a reason and bulk-acknowledges, keeping every transition; another tenant gets 404', async () => {
    const w = await world();
    const ids = (AlertPage.parse((await list(w.admin.cookie, {})).json()).items).map((a) => a.id);
    const [first, second] = ids as [number, number];

    expect((await ctx.inject({ method: 'GET', url: `/api/alert/${first}`, headers: { cookie: w.otherAdmin.cookie } })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'POST', url: `/api/alert/${first}/acknowledge`, headers: { cookie: w.otherAdmin.cookie, ...XHR }, payload: {} })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/alert/${first}` })).statusCode).toBe(401);

    let res = await ctx.inject({ method: 'POST', url: `/api/alert/${first}/close`, headers: { cookie: w.admin.cookie, ...XHR }, payload: { reason: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.reason');
    res = await ctx.inject({ method: 'POST', url: `/api/alert/${first}/close`, headers: { cookie: w.admin.cookie, ...XHR }, payload: { reason: 'analyser purge, not an emission' } });
    expect(res.statusCode).toBe(200);
    const closed = AlertDetail.parse(res.json());
    expect(closed).toMatchObject({ status: 'CLOSED', state: 4, closeReason: 'analyser purge, not an emission', closedBy: 'Test User' });
    expect(closed.transitions.map((t) => [t.from, t.to])).toEqual([
      [null, 'OPEN'],
      ['OPEN', 'CLOSED'],
    ]);

    res = await ctx.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { cookie: w.boardUser.cookie, ...XHR }, payload: { ids: [first, second], comment: 'seen by the board' } });
    expect(res.json()).toEqual({ acknowledged: 1 });
    const detail = AlertDetail.parse((await ctx.inject({ method: 'GET', url: `/api/alert/${second}`, headers: { cookie: w.admin.cookie } })).json());
    expect(detail).toMatchObject({ status: 'ACKNOWLEDGED', ackComment: 'seen by the board' });
    res = await ctx.inject({ method: 'POST', url: `/api/alert/${second}/acknowledge`, headers: { cookie: w.admin.cookie, ...XHR }, payload: {} });
    expect(res.statusCode).toBe(400);
    res = await ctx.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { cookie: w.otherAdmin.cookie, ...XHR }, payload: { ids: [second] } });
    expect(res.statusCode).toBe(404);
    res = await ctx.inject({ method: 'POST', url: '/api/alerts/acknowledge', headers: { cookie: w.admin.cookie, ...XHR }, payload: { ids: [] } });
    expect(res.json().field).toBe('body.ids');

    const counts = await ctx.inject({ method: 'GET', url: `/api/alertCounts?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } });
    expect(counts.json()).toMatchObject({ total: 2, closed: 1, acknowledged: 1, active: 1, byType: { AVG_15M: 2 } });
    expect((await ctx.inject({ method: 'GET', url: `/api/alertCounts?tenantId=${w.d.tenantId}`, headers: { cookie: w.otherAdmin.cookie } })).statusCode).toBe(404);
    const fill = await ctx.inject({ method: 'GET', url: '/api/alertFillLoss?startDate=2026-01-01T00:00:00Z', headers: { cookie: w.admin.cookie } });
    expect(fill.json()).toMatchObject({ loss: 0, fill: 0, items: [] });
    expect((await ctx.inject({ method: 'GET', url: '/api/alertFillLoss?endDate=yesterday', headers: { cookie: w.admin.cookie } })).json().field).toBe('querystring.endDate');
  });

  it('administers rules: list, create, patch, change the condition with an audit entry; writes refused to others', async () => {
    const w = await world();
    let res = await ctx.inject({ method: 'GET', url: `/api/alertConfiguration?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((r: AlertRule) => [r.type, r.paramNames, r.isDefault])).toEqual([
      ['AVG_15M', ['pm'], true],
      ['AVG_15M', ['so2'], true],
    ]);
    const input = { industryId: w.d.tenantId, name: 'Station offline', nodeId: w.d.entityId, type: 'DATA_LOSS', durationMinutes: 30, severity: 'CRITICAL' };
    res = await ctx.inject({ method: 'POST', url: '/api/alertConfiguration', headers: { cookie: w.admin.cookie, ...XHR }, payload: input });
    expect(res.statusCode).toBe(201);
    const rule = AlertRule.parse(res.json());
    expect(rule).toMatchObject({ type: 'DATA_LOSS', durationMinutes: 30, nodeId: w.d.entityId, status: 'ENABLED' });

    res = await ctx.inject({ method: 'POST', url: '/api/alertConfiguration', headers: { cookie: w.admin.cookie, ...XHR }, payload: { ...input, paramNames: ['nonsense'] } });
    expect(res.json().field).toBe('body.paramNames');
    res = await ctx.inject({ method: 'POST', url: '/api/alertConfiguration', headers: { cookie: w.admin.cookie, ...XHR }, payload: { ...input, durationMinutes: null } });
    expect(res.json().field).toBe('body.durationMinutes');
    res = await ctx.inject({ method: 'POST', url: '/api/alertConfiguration', headers: { cookie: w.otherAdmin.cookie, ...XHR }, payload: input });
    expect(res.statusCode).toBe(404);

    res = await ctx.inject({ method: 'PATCH', url: `/api/alertConfiguration/${rule.id}`, headers: { cookie: w.admin.cookie, ...XHR }, payload: [{ op: 'SET', att: 'status', value: 'DISABLED' }] });
    expect(res.json().status).toBe('DISABLED');
    res = await ctx.inject({ method: 'PATCH', url: `/api/alertConfiguration/${rule.id}`, headers: { cookie: w.otherAdmin.cookie, ...XHR }, payload: [{ op: 'SET', att: 'status', value: 'ENABLED' }] });
    expect(res.statusCode).toBe(404);

    const pm = (await ctx.inject({ method: 'GET', url: `/api/alertConfiguration?tenantId=${w.d.tenantId}&type=AVG_15M`, headers: { cookie: w.admin.cookie } })).json().items[0] as AlertRule;
    res = await ctx.inject({
      method: 'PUT',
      url: `/api/alertRules/change-condition/${pm.id}`,
      headers: { cookie: w.admin.cookie, ...XHR },
      payload: { type: 'AVG_15M', comparison: 'ABOVE', thresholdMax: 40, clearSlots: 2, comment: 'consent order of 2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ thresholdMax: 40, comparison: 'ABOVE', clearSlots: 2 });
    const audit = await ctx.database.pool.query(`SELECT action, before, after FROM audit_log WHERE entity = $1`, [`alert_rule:${pm.id}`]);
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: 'change-condition', before: expect.objectContaining({ threshold_max: null }), after: expect.objectContaining({ threshold_max: 40, comment: 'consent order of 2026' }) }),
    ]);
    res = await ctx.inject({ method: 'PUT', url: `/api/alertRules/change-condition/${pm.id}`, headers: { cookie: w.admin.cookie, ...XHR }, payload: { type: 'AVG_15M', thresholdMin: 10, thresholdMax: 5 } });
    expect(res.json().field).toBe('body.thresholdMax');
    // A board user reads the rules but may not write them.
    expect((await ctx.inject({ method: 'GET', url: `/api/alertConfiguration?tenantId=${w.d.tenantId}`, headers: { cookie: w.boardUser.cookie } })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'PUT', url: `/api/alertRules/change-condition/${pm.id}`, headers: { cookie: w.boardUser.cookie, ...XHR }, payload: { type: 'AVG_15M' } })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/alertConfiguration' })).statusCode).toBe(401);
  });

  it('administers escalations and keeps one default per tenant', async () => {
    const w = await world();
    let res = await ctx.inject({ method: 'GET', url: `/api/escalations?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } });
    expect(res.json().map((e: { isDefault: boolean }) => e.isDefault)).toEqual([true]);
    const levels = [{ delayMinutes: 0, repeatMinutes: 30, recipients: { industryRoles: ['admin'], emails: ['ehs@example.in'] } }];
    res = await ctx.inject({ method: 'POST', url: '/api/escalations', headers: { cookie: w.admin.cookie, ...XHR }, payload: { tenantId: w.d.tenantId, name: 'Night shift', isDefault: true, levels } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    res = await ctx.inject({ method: 'GET', url: `/api/escalations?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } });
    expect(res.json().filter((e: { isDefault: boolean }) => e.isDefault).map((e: { name: string }) => e.name)).toEqual(['Night shift']);
    res = await ctx.inject({ method: 'POST', url: '/api/escalations', headers: { cookie: w.admin.cookie, ...XHR }, payload: { tenantId: w.d.tenantId, name: 'x', levels: [{ delayMinutes: 0, repeatMinutes: 0, recipients: {} }] } });
    expect(res.json().field).toBe('body.levels.0.repeatMinutes');
    res = await ctx.inject({ method: 'PUT', url: `/api/escalations/${created.id}`, headers: { cookie: w.otherAdmin.cookie, ...XHR }, payload: { tenantId: w.other.tenantId, name: 'mine', levels } });
    expect(res.statusCode).toBe(404);
    res = await ctx.inject({ method: 'DELETE', url: `/api/escalations/${created.id}`, headers: { cookie: w.otherAdmin.cookie, ...XHR } });
    expect(res.statusCode).toBe(404);
    res = await ctx.inject({ method: 'DELETE', url: `/api/escalations/${created.id}`, headers: { cookie: w.admin.cookie, ...XHR } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { name: string }) => e.name)).not.toContain('Night shift');
  });

  it("answers 404 to another industry's user on every route naming an alert, rule, escalation or tenant", async () => {
    const w = await world();
    const alertId = (AlertPage.parse((await list(w.admin.cookie, {})).json()).items[0]!).id;
    const rule = (await ctx.inject({ method: 'GET', url: `/api/alertConfiguration?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } })).json().items[0] as AlertRule;
    const escalation = (await ctx.inject({ method: 'GET', url: `/api/escalations?tenantId=${w.d.tenantId}`, headers: { cookie: w.admin.cookie } })).json()[0];
    const ruleBody = { industryId: w.d.tenantId, name: 'x', type: 'AVG_15M' };
    const escBody = { tenantId: w.d.tenantId, name: 'x', levels: [{ delayMinutes: 0, repeatMinutes: null, recipients: {} }] };
    const calls = [
      { method: 'GET', url: `/api/alert/${alertId}` },
      { method: 'GET', url: `/api/alertNotificationDetails/${alertId}` },
      { method: 'POST', url: `/api/alert/${alertId}/close`, payload: { reason: 'not mine' } },
      { method: 'GET', url: `/api/alertConfiguration?tenantId=${w.d.tenantId}` },
      { method: 'PUT', url: `/api/alertConfiguration/${rule.id}`, payload: ruleBody },
      { method: 'PUT', url: `/api/alertRules/change-condition/${rule.id}`, payload: { type: 'AVG_15M' } },
      { method: 'GET', url: `/api/escalations?tenantId=${w.d.tenantId}` },
      { method: 'POST', url: '/api/escalations', payload: escBody },
      { method: 'PUT', url: `/api/escalations/${escalation.id}`, payload: escBody },
      { method: 'GET', url: `/api/alertCounts?tenantId=${w.d.tenantId}` },
      { method: 'GET', url: `/api/alertFillLoss?tenantId=${w.d.tenantId}` },
      { method: 'POST', url: `/api/tenants/${w.d.tenantId}/alertDataByTenant`, payload: {} },
      { method: 'POST', url: '/api/quasi-alerts', payload: { tenantId: w.d.tenantId } },
      { method: 'POST', url: '/api/corp-alerts', payload: { tenantId: w.d.tenantId, corporateId: 1 } },
    ] as const;
    for (const call of calls) {
      const res = await ctx.inject({ ...call, headers: { cookie: w.otherAdmin.cookie, ...XHR } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    // Nothing changed.
    expect(AlertDetail.parse((await ctx.inject({ method: 'GET', url: `/api/alert/${alertId}`, headers: { cookie: w.admin.cookie } })).json()).status).toBe('OPEN');
  });

  it('keeps channel choices per severity and marks notifications read', async () => {
    const w = await world();
    let res = await ctx.inject({ method: 'GET', url: '/api/notificationPreferences', headers: { cookie: w.admin.cookie } });
    expect(res.json().preferences).toContainEqual({ severity: 'CRITICAL', channels: ['EMAIL', 'SMS', 'IN_APP'] });
    res = await ctx.inject({ method: 'PUT', url: '/api/notificationPreferences', headers: { cookie: w.admin.cookie, ...XHR }, payload: { preferences: [{ severity: 'MAJOR', channels: ['SMS'] }] } });
    expect(res.json().preferences).toContainEqual({ severity: 'MAJOR', channels: ['SMS'] });
    res = await ctx.inject({ method: 'PUT', url: '/api/notificationPreferences', headers: { cookie: w.admin.cookie, ...XHR }, payload: { preferences: [{ severity: 'MAJOR', channels: [] }, { severity: 'MAJOR', channels: ['SMS'] }] } });
    expect(res.json().field).toBe('body.preferences.1.severity');
    res = await ctx.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: w.admin.cookie, ...XHR }, payload: {} });
    expect(res.json().field).toBe('body.ids');
    res = await ctx.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: w.admin.cookie, ...XHR }, payload: { all: true } });
    expect(res.json()).toEqual({ unread: 0, items: [] });
    expect((await ctx.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
