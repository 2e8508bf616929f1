import type { Calibration, CalibrationDue, FinishCalibration, StartCalibration } from '@enviro/contracts/devices/calibration';
import { z } from 'zod';
import { CalibrationListQuery as ListQuery, FinishCalibration as Finish, PutCalibrationSchedules, StartCalibration as Start } from '@enviro/contracts/devices/calibration';
import { checksKept, driftVerdict, deviationPercent, dueState, lastSatisfied, rulesFor, spanOf, type CalibrationRule, type LastDone } from '@enviro/domain/calibration-schedule';
import { assertMayChangeFleet, assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible, visibleIdsIn, type EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import type { DocumentService } from '../documents/documents.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { CalibrationRepository, type CalibrationDevice, type CalibrationRow } from './calibration.repository.ts';
import { DeviceRpcRepository } from './device-rpc.repository.ts';
import type { SuppressionWindowService } from './suppression-windows.service.ts';

/** How long an RPC to a device waits to be sent and answered before it expires. */
export const RPC_TTL_MS = 10 * 60_000;
/** How far back a calibration may be recorded as started (the regulator push takes 7 days). */
const MAX_BACKDATE_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

const source = (id: number) => `calibration:${id}`;

/**
 * Calibration of devices (SPEC 7 "Devices and calibration", REGULATORY.md calibration protocol).
 * Starting one opens a CALIBRATION suppression window of the device in the same transaction, so
 * what the device reports meanwhile is calibration data for alerts, availability, compliance and
 * the regulator push; finishing or aborting closes it. Devices that take commands get the start and
 * the abort as MQTT RPC (`device_rpc`, sent by `calibration-rpc.ts`).
 */
export class CalibrationService {
  private readonly calibrations: CalibrationRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly windows: SuppressionWindowService,
    private readonly documents: DocumentService,
  ) {
    this.calibrations = new CalibrationRepository(db);
  }

  /**
   * The device among the caller's tenants and, for a user limited to some stations, on one of
   * them; 404 otherwise, so hidden devices are not confirmed to exist.
   */
  private async device(tenantIds: readonly number[], deviceId: number, restriction: EntityRestriction | null = null): Promise<CalibrationDevice> {
    const [device] = await this.calibrations.devices(tenantIds, [deviceId]);
    if (!device || !visible(restriction, device.tenantId, device.entityId)) throw notFound(`No device with id= ${deviceId} exists`);
    return device;
  }

  async start(auth: Auth, input: StartCalibration): Promise<Calibration> {
    const user = assertSignedIn(auth);
    const c = Start.parse(input);
    const device = await this.device(user.tenantIds, c.deviceId, await this.entities.restriction(user));
    assertMayChangeFleet(user, device.tenantId);
    const names = c.params.map((p) => p.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw badRequest('body.params', `parameter ${twice} given twice`);
    const unknown = names.find((n) => !device.params.some((p) => p.name === n));
    if (unknown) throw badRequest('body.params', `the device does not report ${unknown}`);
    const now = new Date();
    const startedAt = c.startedAt ? new Date(c.startedAt) : now;
    if (startedAt.getTime() > now.getTime() + 60_000) throw badRequest('body.startedAt', 'is in the future');
    if (now.getTime() - startedAt.getTime() > MAX_BACKDATE_MS) throw badRequest('body.startedAt', 'is more than 7 days ago');
    if (await this.calibrations.inProgress(device.tenantId, device.id)) throw conflict('body.deviceId', 'the device is being calibrated already; finish or abort that first');

    const id = await this.db.transaction().execute(async (trx) => {
      const repo = this.calibrations.in(trx);
      let id: number;
      try {
        id = await repo.create({
          tenantId: device.tenantId,
          deviceId: device.id,
          entityId: device.entityId,
          type: c.type,
          method: c.method,
          startedAt,
          startedBy: user.userId,
          startedByName: `user:${user.userId}`,
          remarks: c.remarks ?? null,
          points: c.params.flatMap((p) => p.points.map((pt, seq) => ({ param: p.name, seq, kind: pt.kind, expected: pt.expected, measured: pt.measured ?? null, range: p.range ?? null }))),
        });
      } catch (error) {
        // Two starts at once: the partial unique index lets one through.
        if ((error as { code?: string }).code === '23505') throw conflict('body.deviceId', 'the device is being calibrated already; finish or abort that first');
        throw error;
      }
      const window = await this.windows.in(trx).open({
        tenantId: device.tenantId,
        deviceId: String(device.id),
        kind: 'CALIBRATION',
        startsAt: startedAt,
        source: source(id),
        reason: `${c.type.toLowerCase()} calibration of ${names.join(', ')}`,
      });
      let documentPath: string | null = null;
      if (c.file) {
        documentPath = `${device.tenantId}/calibration/${id}/${c.file.fileName}`;
        await this.documents.in(trx).store({
          tenantId: device.tenantId,
          entityId: device.entityId === null ? null : Number(device.entityId),
          type: 'CALIBRATION',
          pathName: documentPath,
          fileName: c.file.fileName,
          contentType: c.file.contentType,
          content: Buffer.from(c.file.content, 'base64'),
        });
      }
      await repo.setWindowAndDocument(device.tenantId, id, window.id, documentPath);
      if (c.method === 'RPC') {
        await new DeviceRpcRepository(trx).queue({
          tenantId: device.tenantId,
          deviceId: device.id,
          method: 'startCalibration',
          params: { calibrationId: id, type: c.type, params: c.params.map((p) => ({ name: p.name, points: p.points.map((pt) => ({ kind: pt.kind, expected: pt.expected })) })) },
          source: source(id),
          expiresAt: new Date(now.getTime() + RPC_TTL_MS),
        });
      }
      return id;
    });
    return this.get(auth, id);
  }

  /** Finishes an in-progress calibration with the measured values: the window closes at its end. */
  async finish(auth: Auth, id: number, input: FinishCalibration): Promise<Calibration> {
    const user = assertSignedIn(auth);
    const f = Finish.parse(input);
    const row = await this.row(user.tenantIds, id);
    assertMayChangeFleet(user, row.tenantId);
    if (row.status !== 'IN_PROGRESS') throw conflict('params.id', `the calibration is ${row.status.toLowerCase()} already`);
    const endedAt = f.endedAt ? new Date(f.endedAt) : new Date();
    if (endedAt < row.startedAt) throw badRequest('body.endedAt', 'is before the calibration started');
    if (endedAt.getTime() > Date.now() + 60_000) throw badRequest('body.endedAt', 'is in the future');
    for (const p of f.params) {
      const points = row.points.filter((pt) => pt.param === p.name);
      if (points.length === 0) throw badRequest('body.params', `${p.name} is not part of this calibration`);
      if (p.measured.length !== points.length) throw badRequest('body.params', `${p.name} has ${points.length} points, ${p.measured.length} values were given`);
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = this.calibrations.in(trx);
      for (const p of f.params) {
        for (const [seq, measured] of p.measured.entries()) await repo.setMeasured(row.tenantId, id, p.name, seq, measured);
      }
      if (!(await repo.end(row.tenantId, id, { status: 'COMPLETED', endedAt, endedBy: user.userId, remarks: f.remarks }))) {
        throw conflict('params.id', 'the calibration was ended meanwhile');
      }
      if (row.windowId) await this.windows.in(trx).close(row.tenantId, row.windowId, endedAt);
    });
    return this.get(auth, id);
  }

  /** Aborts an in-progress calibration: the window closes now, and a device taking commands is told to stop. */
  async abort(auth: Auth, id: number, reason: string | undefined): Promise<Calibration> {
    const user = assertSignedIn(auth);
    const row = await this.row(user.tenantIds, id);
    assertMayChangeFleet(user, row.tenantId);
    if (row.status !== 'IN_PROGRESS') throw conflict('params.id', `the calibration is ${row.status.toLowerCase()} already`);
    const now = new Date();
    const endedAt = now < row.startedAt ? row.startedAt : now;
    await this.db.transaction().execute(async (trx) => {
      const repo = this.calibrations.in(trx);
      if (!(await repo.end(row.tenantId, id, { status: 'ABORTED', endedAt, endedBy: user.userId, abortReason: reason ?? '' }))) {
        throw conflict('params.id', 'the calibration was ended meanwhile');
      }
      if (row.windowId) await this.windows.in(trx).close(row.tenantId, row.windowId, endedAt);
      if (row.method === 'RPC') {
        const rpcs = new DeviceRpcRepository(trx);
        await rpcs.expireQueued(row.tenantId, source(id));
        await rpcs.queue({ tenantId: row.tenantId, deviceId: row.deviceId, method: 'abortCalibration', params: { calibrationId: id }, source: source(id), expiresAt: new Date(now.getTime() + RPC_TTL_MS) });
      }
    });
    return this.get(auth, id);
  }

  private async row(tenantIds: readonly number[], id: number): Promise<CalibrationRow> {
    const row = await this.calibrations.byId(tenantIds, id);
    if (!row) throw notFound(`No calibration with id= ${id} exists`);
    return row;
  }

  /** One calibration with its points, deviations and verdicts. */
  async get(auth: Auth, id: number): Promise<Calibration> {
    const tenantIds = scopeTenantIds(auth);
    const row = await this.row(tenantIds, id);
    if (!visible(await this.entities.restriction(auth), row.tenantId, row.entityId === null ? null : String(row.entityId))) throw notFound(`No calibration with id= ${id} exists`);
    const [shaped] = await this.shape([row]);
    return shaped!;
  }

  /** Calibrations of the caller's tenants, newest first. */
  async list(auth: Auth, query: z.infer<typeof ListQuery>): Promise<{ items: Calibration[]; total: number; page: number; pageSize: number }> {
    const tenantIds = scopeTenantIds(auth, query.tenantId ? [query.tenantId] : undefined);
    const q = query;
    const restriction = await this.entities.restriction(auth);
    const limit = restriction && tenantIds.includes(restriction.tenantId) ? { tenantId: restriction.tenantId, entityIds: visibleIdsIn(restriction, restriction.tenantId) ?? [] } : undefined;
    const { items, total } = await this.calibrations.list({ tenantIds, deviceId: q.deviceId, entityId: q.entityId, status: q.status, limit }, q.page, q.pageSize);
    return { items: await this.shape(items), total, page: q.page, pageSize: q.pageSize };
  }

  /** Whether the device is being calibrated now. */
  async ongoing(auth: Auth, deviceId: number): Promise<{ ongoing: boolean; calibrationId: number | null; startedAt: string | null }> {
    const tenantIds = scopeTenantIds(auth);
    const device = await this.device(tenantIds, deviceId, await this.entities.restriction(auth));
    const row = await this.calibrations.inProgress(device.tenantId, device.id);
    return { ongoing: row !== undefined, calibrationId: row?.id ?? null, startedAt: row?.startedAt.toISOString() ?? null };
  }

  /** The calibration in progress on the device (or null) and the device's newest values. */
  async inProgress(auth: Auth, deviceId: number): Promise<{ calibration: Calibration | null; params: CalibrationDevice['params']; latest: { name: string; label: string; unit: string; value: number; time: string }[] }> {
    const tenantIds = scopeTenantIds(auth);
    const device = await this.device(tenantIds, deviceId, await this.entities.restriction(auth));
    const [row, latest] = await Promise.all([this.calibrations.inProgress(device.tenantId, device.id), this.calibrations.latest(device.tenantId, device.id)]);
    return {
      calibration: row ? (await this.shape([row]))[0]! : null,
      params: device.params,
      latest: latest.flatMap((l) => {
        const p = device.params.find((x) => x.name === l.name);
        return p ? [{ name: l.name, label: p.label, unit: p.unit, value: l.value, time: l.ts.toISOString() }] : [];
      }),
    };
  }

  /** When each completed calibration of the device ran, oldest first. */
  async times(auth: Auth, deviceId: number, range: { startDate?: string | undefined; endDate?: string | undefined }) {
    const tenantIds = scopeTenantIds(auth);
    const rows = await this.completedOf(tenantIds, deviceId, range, undefined, await this.entities.restriction(auth));
    return rows.map((r) => ({ id: r.id, type: r.type, startedAt: r.startedAt.toISOString(), endedAt: r.endedAt!.toISOString(), durationSeconds: seconds(r) }));
  }

  /** Durations of the device's completed zero (or span) calibrations, with their average and the last. */
  async durations(auth: Auth, deviceId: number, type: 'ZERO' | 'SPAN', range: { startDate?: string | undefined; endDate?: string | undefined }) {
    const tenantIds = scopeTenantIds(auth);
    const rows = await this.completedOf(tenantIds, deviceId, range, [type], await this.entities.restriction(auth));
    const items = rows.map((r) => ({ id: r.id, startedAt: r.startedAt.toISOString(), durationSeconds: seconds(r) }));
    const total = items.reduce((s, i) => s + i.durationSeconds, 0);
    return { type, items, averageSeconds: items.length ? Math.round(total / items.length) : null, lastSeconds: items.at(-1)?.durationSeconds ?? null };
  }

  /**
   * Deviation in percent of the zero (or span) points of the device's completed calibrations, per
   * parameter, oldest first: zero points from zero and multipoint calibrations, span points from
   * span and multipoint ones.
   */
  async deviations(auth: Auth, deviceId: number, type: 'ZERO' | 'SPAN', range: { startDate?: string | undefined; endDate?: string | undefined }) {
    const tenantIds = scopeTenantIds(auth);
    const rows = await this.completedOf(tenantIds, deviceId, range, [type, 'MULTIPOINT'], await this.entities.restriction(auth));
    const device = await this.device(tenantIds, deviceId);
    const own = await this.calibrations.rules([device.tenantId]);
    const byParam = new Map<string, { calibrationId: number; time: string; deviationPercent: number }[]>();
    for (const r of rows) {
      for (const name of new Set(r.points.map((p) => p.param))) {
        const points = r.points.filter((p) => p.param === name);
        const span = spanOf(points[0]?.range, points);
        for (const p of points.filter((pt) => pt.kind === type)) {
          const d = deviationPercent(p, span);
          if (d === null) continue;
          const list = byParam.get(name) ?? [];
          list.push({ calibrationId: r.id, time: r.endedAt!.toISOString(), deviationPercent: round(d) });
          byParam.set(name, list);
        }
      }
    }
    return {
      type,
      params: [...byParam].map(([name, data]) => {
        const p = device.params.find((x) => x.name === name);
        const rule = rulesFor(name, own).find((x) => x.check === 'TWO_POINT') ?? null;
        return { name, label: p?.label ?? name, tolerance: rule?.tolerance ?? null, toleranceUnit: rule?.toleranceUnit ?? null, data };
      }),
    };
  }

  /**
   * Each parameter's zero and span deviations (% of span) over the device's completed checks that
   * ended before `until`, oldest first: what the data-quality drift detector (QAL3's CUSUM) reads.
   * No caller: for the data-quality worker, which judges every device.
   */
  async checkDeviations(tenantId: number, deviceId: string, until: Date): Promise<{ param: string; kind: 'ZERO' | 'SPAN'; at: number; deviation: number }[]> {
    const rows = await this.calibrations.completed({ tenantIds: [tenantId], deviceId: Number(deviceId), endedFrom: new Date(0), endedTo: until });
    const out: { param: string; kind: 'ZERO' | 'SPAN'; at: number; deviation: number }[] = [];
    for (const r of rows) {
      for (const name of new Set(r.points.map((p) => p.param))) {
        const points = r.points.filter((p) => p.param === name);
        const span = spanOf(points[0]?.range, points);
        for (const p of points) {
          if (p.kind !== 'ZERO' && p.kind !== 'SPAN') continue;
          const d = deviationPercent(p, span);
          if (d !== null) out.push({ param: name, kind: p.kind, at: r.endedAt!.getTime(), deviation: d });
        }
      }
    }
    return out;
  }

  private async completedOf(
    tenantIds: readonly number[],
    deviceId: number,
    range: { startDate?: string | undefined; endDate?: string | undefined },
    types: CalibrationRow['type'][] | undefined,
    restriction: EntityRestriction | null,
  ) {
    const device = await this.device(tenantIds, deviceId, restriction);
    const endedTo = range.endDate ? new Date(range.endDate) : new Date(Date.now() + 60_000);
    const endedFrom = range.startDate ? new Date(range.startDate) : new Date(endedTo.getTime() - 366 * DAY_MS);
    if (endedFrom >= endedTo) throw badRequest('querystring.startDate', 'must be before endDate');
    return this.calibrations.completed({ tenantIds: [device.tenantId], deviceId: device.id, endedFrom, endedTo, ...(types ? { types } : {}) });
  }

  /** Every scheduled check of the devices in scope, with its due date and state. */
  async due(auth: Auth, query: { tenantId?: number | undefined; deviceId?: number | undefined }, now = new Date()): Promise<CalibrationDue[]> {
    const tenantIds = scopeTenantIds(auth, query.tenantId ? [query.tenantId] : undefined);
    const restriction = await this.entities.restriction(auth);
    const [all, own, last] = await Promise.all([
      this.calibrations.devices(tenantIds, query.deviceId ? [query.deviceId] : undefined),
      this.calibrations.rules(tenantIds),
      this.calibrations.lastDone(tenantIds),
    ]);
    const devices = all.filter((d) => visible(restriction, d.tenantId, d.entityId));
    if (query.deviceId && devices.length === 0) throw notFound(`No device with id= ${query.deviceId} exists`);
    const verdicts = await this.latestVerdicts(tenantIds, last, own);
    const out: CalibrationDue[] = [];
    for (const d of devices) {
      const tenantRules = own.filter((r) => r.tenantId === d.tenantId);
      for (const p of d.params) {
        const done: LastDone = {};
        for (const l of last) if (l.tenantId === d.tenantId && l.deviceId === d.id && l.param === p.name) done[l.type] = l.endedAt;
        for (const rule of rulesFor(p.name, tenantRules)) {
          const lastAt = lastSatisfied(rule.check, done);
          const { state, dueAt } = dueState(rule, lastAt, d.createdAt, now);
          out.push({
            tenantId: d.tenantId,
            tenantName: d.tenantName,
            deviceId: d.id,
            deviceName: d.name,
            entityId: d.entityId === null ? null : Number(d.entityId),
            entityName: d.entityName,
            param: p.name,
            check: rule.check,
            everyDays: rule.everyDays,
            lastDoneAt: lastAt?.toISOString() ?? null,
            dueAt: dueAt.toISOString(),
            state,
            lastVerdict: verdicts.get(`${d.tenantId}/${d.id}/${p.name}`) ?? null,
          });
        }
      }
    }
    return out;
  }

  /**
   * Per device among `tenantIds`, its parameters' scheduled checks due in [from, to) and those done
   * by their due date (the compliance scorecard's calibration on time). Its caller has checked
   * access and passes the tenants it reads.
   */
  async checksKept(tenantIds: readonly number[], from: Date, to: Date): Promise<Map<number, { due: number; onTime: number }>> {
    const [devices, own, completed] = await Promise.all([
      this.calibrations.devices(tenantIds),
      this.calibrations.rules(tenantIds),
      this.calibrations.completed({ tenantIds, endedTo: to }),
    ]);
    const out = new Map<number, { due: number; onTime: number }>();
    for (const d of devices) {
      const mine = completed.filter((c) => c.tenantId === d.tenantId && c.deviceId === d.id && c.endedAt !== null);
      const sum = { due: 0, onTime: 0 };
      for (const p of d.params) {
        const done = mine.filter((c) => c.points.some((pt) => pt.param === p.name)).map((c) => ({ type: c.type, endedAt: c.endedAt! }));
        for (const rule of rulesFor(p.name, own.filter((r) => r.tenantId === d.tenantId))) {
          const kept = checksKept(rule, done, d.createdAt, from, to);
          sum.due += kept.due;
          sum.onTime += kept.onTime;
        }
      }
      out.set(d.id, sum);
    }
    return out;
  }

  /** What is due: checks due within two days, overdue or never done, most urgent first. */
  async maintenanceTasks(auth: Auth, query: { tenantId?: number | undefined; deviceId?: number | undefined }): Promise<CalibrationDue[]> {
    const all = await this.due(auth, query);
    return all.filter((d) => d.state !== 'OK').sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.deviceId - b.deviceId);
  }

  /** Figures over the caller's tenants (a board: its industries). */
  async stats(auth: Auth, query: { tenantId?: number | undefined }) {
    const tenantIds = scopeTenantIds(auth, query.tenantId ? [query.tenantId] : undefined);
    const [due, counts] = await Promise.all([this.due(auth, { tenantId: query.tenantId }), this.calibrations.counts(tenantIds, new Date(Date.now() - 30 * DAY_MS))]);
    const drifted = new Set(due.filter((d) => d.lastVerdict === 'DRIFT').map((d) => `${d.deviceId}/${d.param}`));
    return {
      devices: new Set(due.map((d) => d.deviceId)).size,
      inProgress: counts.inProgress,
      due: due.filter((d) => d.state === 'DUE').length,
      overdue: due.filter((d) => d.state === 'OVERDUE' || d.state === 'NEVER').length,
      completedLast30Days: counts.completed,
      abortedLast30Days: counts.aborted,
      drifted: drifted.size,
    };
  }

  /** The rules in force for the parameters the tenant's devices report: its own, else the protocol's. */
  async schedules(auth: Auth, tenantId: number | undefined) {
    const [id] = scopeTenantIds(auth, tenantId ? [tenantId] : auth.kind === 'user' ? [auth.tenantId] : undefined);
    const [devices, own] = await Promise.all([this.calibrations.devices([id!]), this.calibrations.rules([id!])]);
    const params = [...new Set([...devices.flatMap((d) => d.params.map((p) => p.name)), ...own.map((r) => r.param)])].sort();
    const rules = params.flatMap((param) => {
      const mine = own.filter((r) => r.param === param);
      const all = rulesFor(param, mine).map((r) => ({ ...strip(r), own: mine.some((m) => m.check === r.check) }));
      // A check the tenant turned off (every 0 days) is listed too, so it can be turned on again.
      return [...all, ...mine.filter((m) => m.everyDays === 0).map((m) => ({ ...strip(m), own: true }))];
    });
    return { tenantId: id!, rules };
  }

  /** Replaces the tenant's own rules; audited. */
  async putSchedules(auth: Auth, body: z.infer<typeof PutCalibrationSchedules>) {
    const user = assertMayChangeFleet(auth, body.tenantId);
    const b = body;
    const keys = b.rules.map((r) => `${r.param}/${r.check}`);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice) throw badRequest('body.rules', `${twice} given twice`);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.calibrations.in(trx);
      const before = (await repo.rules([b.tenantId])).map(strip);
      await repo.replaceRules(b.tenantId, b.rules);
      await recordTenantAudit(trx, user, b.tenantId, 'calibration schedules changed', before, b.rules);
    });
    return this.schedules(auth, b.tenantId);
  }

  /** Verdict of the latest completed calibration of each device's parameter ('tenant/device/param'). */
  private async latestVerdicts(tenantIds: readonly number[], last: { tenantId: number; deviceId: number; param: string; endedAt: Date; calibrationId: number }[], own: (CalibrationRule & { tenantId: number })[]) {
    const newest = new Map<string, { endedAt: Date; calibrationId: number }>();
    for (const l of last) {
      const key = `${l.tenantId}/${l.deviceId}/${l.param}`;
      const seen = newest.get(key);
      if (!seen || seen.endedAt < l.endedAt) newest.set(key, l);
    }
    const ids = [...new Set([...newest.values()].map((v) => v.calibrationId))];
    const verdicts = new Map<string, 'PASS' | 'DRIFT'>();
    if (ids.length === 0) return verdicts;
    const rows = new Map<number, CalibrationRow>();
    for (const id of ids) {
      const row = await this.calibrations.byId(tenantIds, id);
      if (row) rows.set(id, row);
    }
    for (const [key, v] of newest) {
      const row = rows.get(v.calibrationId);
      if (!row) continue;
      const param = key.split('/').slice(2).join('/');
      const verdict = verdictOf(row, param, own.filter((r) => r.tenantId === row.tenantId));
      if (verdict) verdicts.set(key, verdict);
    }
    return verdicts;
  }

  /** Rows as the contract shows them: labels, units, deviations and verdicts by the tenant's rules. */
  private async shape(rows: CalibrationRow[]): Promise<Calibration[]> {
    const tenantIds = [...new Set(rows.map((r) => r.tenantId))];
    const deviceIds = [...new Set(rows.map((r) => r.deviceId))];
    const [own, devices] = await Promise.all([this.calibrations.rules(tenantIds), this.calibrations.devices(tenantIds, deviceIds)]);
    const now = Date.now();
    return rows.map((r) => {
      const rules = own.filter((x) => x.tenantId === r.tenantId);
      const device = devices.find((d) => d.id === r.deviceId && d.tenantId === r.tenantId);
      const names = [...new Set(r.points.map((p) => p.param))];
      const params = names.map((name) => {
        const points = r.points.filter((p) => p.param === name);
        const span = spanOf(points[0]?.range, points);
        const rule = ruleFor(r.type, name, rules);
        const p = device?.params.find((x) => x.name === name);
        return {
          name,
          label: p?.label ?? name,
          unit: p?.unit ?? '',
          range: points[0]?.range ?? null,
          points: points.map((pt) => ({ kind: pt.kind, expected: pt.expected, measured: pt.measured, deviationPercent: nullableRound(deviationPercent(pt, span)) })),
          tolerance: rule?.tolerance ?? null,
          toleranceUnit: rule?.toleranceUnit ?? null,
          verdict: rule ? driftVerdict(points, span, rule) : null,
        };
      });
      const verdicts = params.map((p) => p.verdict);
      return {
        id: r.id,
        tenantId: r.tenantId,
        deviceId: r.deviceId,
        deviceName: r.deviceName,
        entityId: r.entityId,
        entityName: r.entityName,
        type: r.type,
        status: r.status,
        method: r.method,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null,
        durationSeconds: Math.max(0, Math.round(((r.endedAt?.getTime() ?? now) - r.startedAt.getTime()) / 1000)),
        startedBy: r.startedBy,
        remarks: r.remarks,
        abortReason: r.abortReason,
        documentPath: r.documentPath,
        rpcState: r.rpcState,
        rpcMessage: r.rpcMessage,
        verdict: verdicts.includes('DRIFT') ? 'DRIFT' : verdicts.length > 0 && verdicts.every((v) => v === 'PASS') ? 'PASS' : null,
        params,
      };
    });
  }
}

/** The rule a calibration of `type` is judged by: the multipoint rule for a multipoint, else the two-point one. */
function ruleFor(type: CalibrationRow['type'], param: string, own: readonly CalibrationRule[]): CalibrationRule | undefined {
  const rules = rulesFor(param, own);
  return rules.find((r) => r.check === (type === 'MULTIPOINT' ? 'MULTIPOINT' : 'TWO_POINT')) ?? rules[0];
}

function verdictOf(row: CalibrationRow, param: string, own: readonly CalibrationRule[]) {
  const points = row.points.filter((p) => p.param === param);
  const rule = ruleFor(row.type, param, own);
  return rule ? driftVerdict(points, spanOf(points[0]?.range, points), rule) : null;
}

/** Whether a user limited to some stations sees a device on `entityId` (an unmounted device: only when the tenant is not the limited one). */
function visible(restriction: EntityRestriction | null, tenantId: number, entityId: string | null): boolean {
  if (restriction === null || restriction.tenantId !== tenantId) return true;
  return entityId !== null && entityVisible(restriction, { tenant_id: tenantId, id: entityId });
}

const strip = (r: CalibrationRule): CalibrationRule => ({ param: r.param, check: r.check, everyDays: r.everyDays, tolerance: r.tolerance, toleranceUnit: r.toleranceUnit });
const seconds = (r: CalibrationRow) => Math.round((r.endedAt!.getTime() - r.startedAt.getTime()) / 1000);
const round = (n: number) => Math.round(n * 1000) / 1000;
const nullableRound = (n: number | null) => (n === null ? null : round(n));
