import { sql, type ColumnType, type Generated } from 'kysely';
import type { CalibrationRule } from '@enviro/domain/calibration-schedule';
import { Repository } from '../../platform/database/repository.ts';
import type { RpcState } from './device-rpc.repository.ts';
import { entityRows } from '../entities/entities.queries.ts';
import { tenantRows } from '../tenants/tenants.queries.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<string, number | string, number | string>;

/** migrations/035_calibration.sql */
export type CalibrationTables = {
  calibration: {
    tenant_id: number;
    id: ColumnType<string, never, never> & Generated<string>;
    device_id: BigId;
    entity_id: BigId | null;
    type: 'ZERO' | 'SPAN' | 'MULTIPOINT';
    status: 'IN_PROGRESS' | 'COMPLETED' | 'ABORTED';
    method: 'MANUAL' | 'RPC';
    started_at: Timestamp;
    ended_at: Timestamp | null;
    started_by: BigId | null;
    started_by_name: string | null;
    ended_by: BigId | null;
    remarks: string | null;
    abort_reason: string | null;
    document_path: string | null;
    window_id: BigId | null;
    created_at: ColumnType<Date, never, never>;
  };
  calibration_point: {
    tenant_id: number;
    calibration_id: BigId;
    param: string;
    seq: number;
    kind: 'ZERO' | 'SPAN' | 'POINT';
    expected: number;
    measured: number | null;
    range: number | null;
  };
  calibration_schedule: {
    tenant_id: number;
    param: string;
    check_kind: 'TWO_POINT' | 'MULTIPOINT';
    every_days: number;
    tolerance: number;
    tolerance_unit: 'PERCENT' | 'ABSOLUTE';
  };
};


/** A device as calibration needs it: its station, its parameters and when it was created. */
export interface CalibrationDevice {
  tenantId: number;
  tenantName: string;
  id: number;
  name: string;
  entityId: string | null;
  entityName: string | null;
  createdAt: Date;
  params: { name: string; label: string; unit: string }[];
}

export interface PointRow {
  param: string;
  seq: number;
  kind: 'ZERO' | 'SPAN' | 'POINT';
  expected: number;
  measured: number | null;
  range: number | null;
}

export interface CalibrationRow {
  tenantId: number;
  id: number;
  deviceId: number;
  deviceName: string;
  entityId: number | null;
  entityName: string | null;
  type: 'ZERO' | 'SPAN' | 'MULTIPOINT';
  status: 'IN_PROGRESS' | 'COMPLETED' | 'ABORTED';
  method: 'MANUAL' | 'RPC';
  startedAt: Date;
  endedAt: Date | null;
  startedBy: string | null;
  remarks: string | null;
  abortReason: string | null;
  documentPath: string | null;
  windowId: string | null;
  rpcState: RpcState | null;
  rpcMessage: string | null;
  points: PointRow[];
}

export interface NewCalibration {
  tenantId: number;
  deviceId: number;
  entityId: string | null;
  type: CalibrationRow['type'];
  method: CalibrationRow['method'];
  startedAt: Date;
  startedBy: number | null;
  startedByName: string | null;
  remarks: string | null;
  points: PointRow[];
}

export interface CalibrationFilter {
  tenantIds: readonly number[];
  deviceId?: number | undefined;
  entityId?: number | undefined;
  status?: CalibrationRow['status'] | undefined;
  types?: readonly CalibrationRow['type'][];
  endedFrom?: Date;
  endedTo?: Date;
  /** A user limited to some stations: in that tenant, only calibrations on those stations. */
  limit?: { tenantId: number; entityIds: readonly string[] } | undefined;
}

/** Calibrations with their points, tenants' schedule rules and the RPC requests to devices. */
export class CalibrationRepository extends Repository {
  private get t() {
    return this.db.withTables<CalibrationTables>();
  }

  /** Devices not deleted among the tenants, by id (all of them when `ids` is omitted), with their parameters. */
  async devices(tenantIds: readonly number[], ids?: readonly number[]): Promise<CalibrationDevice[]> {
    if (tenantIds.length === 0 || ids?.length === 0) return [];
    const rows = await this.t
      .selectFrom('device as d')
      .innerJoin(tenantRows(this.db).as('t'), 't.id', 'd.tenant_id')
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'd.tenant_id').onRef('e.id', '=', 'd.entity_id'))
      .select([
        'd.tenant_id as tenantId',
        't.name as tenantName',
        'd.id',
        'd.name',
        'd.entity_id as entityId',
        'e.name as entityName',
        'd.created_at as createdAt',
        sql<CalibrationDevice['params']>`coalesce((
          SELECT json_agg(json_build_object('name', s.name, 'label', s.label, 'unit', coalesce(p.unit, s.unit)) ORDER BY p.slot)
          FROM device_param p JOIN std_param s ON s.id = p.std_param_id
          WHERE p.tenant_id = d.tenant_id AND p.device_id = d.id AND p.deleted_date IS NULL AND s.name NOT LIKE 'device\\_%'), '[]')`.as('params'),
      ])
      .where('d.tenant_id', 'in', tenantIds)
      .where('d.deleted_date', 'is', null)
      .$if(ids !== undefined, (q) => q.where('d.id', 'in', ids!.map(String)))
      .orderBy('d.tenant_id')
      .orderBy('d.id')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async create(c: NewCalibration): Promise<number> {
    const row = await this.t
      .insertInto('calibration')
      .values({
        tenant_id: c.tenantId,
        device_id: c.deviceId,
        entity_id: c.entityId,
        type: c.type,
        status: 'IN_PROGRESS',
        method: c.method,
        started_at: c.startedAt,
        started_by: c.startedBy,
        started_by_name: c.startedByName,
        remarks: c.remarks,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await this.t
      .insertInto('calibration_point')
      .values(c.points.map((p) => ({ tenant_id: c.tenantId, calibration_id: id, ...p })))
      .execute();
    return id;
  }

  async setWindowAndDocument(tenantId: number, id: number, windowId: string, documentPath: string | null): Promise<void> {
    await this.t.updateTable('calibration').set({ window_id: windowId, document_path: documentPath }).where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }

  /** Ends an in-progress calibration; false when it was no longer in progress (a concurrent end). */
  async end(tenantId: number, id: number, e: { status: 'COMPLETED' | 'ABORTED'; endedAt: Date; endedBy: number | null; remarks?: string | undefined; abortReason?: string | undefined }): Promise<boolean> {
    const r = await this.t
      .updateTable('calibration')
      .set({
        status: e.status,
        ended_at: e.endedAt,
        ended_by: e.endedBy,
        ...(e.remarks !== undefined ? { remarks: e.remarks } : {}),
        ...(e.abortReason !== undefined ? { abort_reason: e.abortReason } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(id))
      .where('status', '=', 'IN_PROGRESS')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setMeasured(tenantId: number, id: number, param: string, seq: number, measured: number | null): Promise<void> {
    await this.t
      .updateTable('calibration_point')
      .set({ measured })
      .where('tenant_id', '=', tenantId)
      .where('calibration_id', '=', String(id))
      .where('param', '=', param)
      .where('seq', '=', seq)
      .execute();
  }

  private select() {
    return this.t
      .selectFrom('calibration as c')
      .innerJoin('device as d', (j) => j.onRef('d.tenant_id', '=', 'c.tenant_id').onRef('d.id', '=', 'c.device_id'))
      .leftJoin(entityRows(this.db).as('e'), (j) => j.onRef('e.tenant_id', '=', 'c.tenant_id').onRef('e.id', '=', 'c.entity_id'))
      .select([
        'c.tenant_id as tenantId',
        'c.id',
        'c.device_id as deviceId',
        'd.name as deviceName',
        'c.entity_id as entityId',
        'e.name as entityName',
        'c.type',
        'c.status',
        'c.method',
        'c.started_at as startedAt',
        'c.ended_at as endedAt',
        'c.started_by_name as startedBy',
        'c.remarks',
        'c.abort_reason as abortReason',
        'c.document_path as documentPath',
        'c.window_id as windowId',
        sql<RpcState | null>`(SELECT r.state FROM device_rpc r WHERE r.tenant_id = c.tenant_id AND r.source = 'calibration:' || c.id ORDER BY r.id DESC LIMIT 1)`.as('rpcState'),
        sql<string | null>`(SELECT r.response->>'message' FROM device_rpc r WHERE r.tenant_id = c.tenant_id AND r.source = 'calibration:' || c.id ORDER BY r.id DESC LIMIT 1)`.as('rpcMessage'),
        sql<PointRow[]>`coalesce((SELECT json_agg(json_build_object('param', p.param, 'seq', p.seq, 'kind', p.kind, 'expected', p.expected,
                                  'measured', p.measured, 'range', p.range) ORDER BY p.param, p.seq)
                                  FROM calibration_point p WHERE p.tenant_id = c.tenant_id AND p.calibration_id = c.id), '[]')`.as('points'),
      ]);
  }

  private static toRow(r: Record<string, unknown>): CalibrationRow {
    const x = r as unknown as CalibrationRow & { id: string; deviceId: string; entityId: string | null };
    return { ...x, id: Number(x.id), deviceId: Number(x.deviceId), entityId: x.entityId === null ? null : Number(x.entityId) };
  }

  async byId(tenantIds: readonly number[], id: number): Promise<CalibrationRow | undefined> {
    if (tenantIds.length === 0) return undefined;
    const r = await this.select().where('c.tenant_id', 'in', tenantIds).where('c.id', '=', String(id)).executeTakeFirst();
    return r && CalibrationRepository.toRow(r);
  }

  async inProgress(tenantId: number, deviceId: number): Promise<CalibrationRow | undefined> {
    const r = await this.select().where('c.tenant_id', '=', tenantId).where('c.device_id', '=', String(deviceId)).where('c.status', '=', 'IN_PROGRESS').executeTakeFirst();
    return r && CalibrationRepository.toRow(r);
  }

  private filtered(f: CalibrationFilter) {
    return this.select()
      .where('c.tenant_id', 'in', f.tenantIds)
      .$if(f.deviceId !== undefined, (q) => q.where('c.device_id', '=', String(f.deviceId)))
      .$if(f.entityId !== undefined, (q) => q.where('c.entity_id', '=', String(f.entityId)))
      .$if(f.status !== undefined, (q) => q.where('c.status', '=', f.status!))
      .$if(f.types !== undefined, (q) => q.where('c.type', 'in', f.types!))
      .$if(f.endedFrom !== undefined, (q) => q.where('c.ended_at', '>=', f.endedFrom!))
      .$if(f.endedTo !== undefined, (q) => q.where('c.ended_at', '<', f.endedTo!))
      .$if(f.limit !== undefined, (q) => q.where((eb) => eb.or([eb('c.tenant_id', '!=', f.limit!.tenantId), eb('c.entity_id', 'in', f.limit!.entityIds.length ? [...f.limit!.entityIds] : ['0'])])));
  }

  /** A page of calibrations, newest first, and how many match. */
  async list(f: CalibrationFilter, page: number, pageSize: number): Promise<{ items: CalibrationRow[]; total: number }> {
    if (f.tenantIds.length === 0) return { items: [], total: 0 };
    const [items, total] = await Promise.all([
      this.filtered(f).orderBy('c.started_at', 'desc').orderBy('c.id', 'desc').limit(pageSize).offset(page * pageSize).execute(),
      this.t
        .selectFrom('calibration as c')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('c.tenant_id', 'in', f.tenantIds)
        .$if(f.deviceId !== undefined, (q) => q.where('c.device_id', '=', String(f.deviceId)))
        .$if(f.entityId !== undefined, (q) => q.where('c.entity_id', '=', String(f.entityId)))
        .$if(f.status !== undefined, (q) => q.where('c.status', '=', f.status!))
        .$if(f.limit !== undefined, (q) => q.where((eb) => eb.or([eb('c.tenant_id', '!=', f.limit!.tenantId), eb('c.entity_id', 'in', f.limit!.entityIds.length ? [...f.limit!.entityIds] : ['0'])])))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: items.map((r) => CalibrationRepository.toRow(r)), total: Number(total.n) };
  }

  /** Completed calibrations matching, oldest first. */
  async completed(f: CalibrationFilter): Promise<CalibrationRow[]> {
    if (f.tenantIds.length === 0) return [];
    const rows = await this.filtered({ ...f, status: 'COMPLETED' }).orderBy('c.ended_at').orderBy('c.id').execute();
    return rows.map((r) => CalibrationRepository.toRow(r));
  }

  /** For each device, parameter and type: the end of its latest completed calibration and that calibration's id. */
  async lastDone(tenantIds: readonly number[]): Promise<{ tenantId: number; deviceId: number; param: string; type: CalibrationRow['type']; endedAt: Date; calibrationId: number }[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.t
      .selectFrom('calibration as c')
      .innerJoin('calibration_point as p', (j) => j.onRef('p.tenant_id', '=', 'c.tenant_id').onRef('p.calibration_id', '=', 'c.id'))
      .select(['c.tenant_id as tenantId', 'c.device_id as deviceId', 'p.param', 'c.type', sql<Date>`max(c.ended_at)`.as('endedAt'),
        sql<string>`(array_agg(c.id ORDER BY c.ended_at DESC, c.id DESC))[1]`.as('calibrationId')])
      .where('c.tenant_id', 'in', tenantIds)
      .where('c.status', '=', 'COMPLETED')
      .groupBy(['c.tenant_id', 'c.device_id', 'p.param', 'c.type'])
      .execute();
    return rows.map((r) => ({ ...r, deviceId: Number(r.deviceId), calibrationId: Number(r.calibrationId) }));
  }

  /** How many calibrations are in progress, and completed or aborted since `since`, among the tenants. */
  async counts(tenantIds: readonly number[], since: Date): Promise<{ inProgress: number; completed: number; aborted: number }> {
    if (tenantIds.length === 0) return { inProgress: 0, completed: 0, aborted: 0 };
    const r = await this.t
      .selectFrom('calibration')
      .select([
        sql<string>`count(*) FILTER (WHERE status = 'IN_PROGRESS')`.as('inProgress'),
        sql<string>`count(*) FILTER (WHERE status = 'COMPLETED' AND ended_at >= ${since})`.as('completed'),
        sql<string>`count(*) FILTER (WHERE status = 'ABORTED' AND ended_at >= ${since})`.as('aborted'),
      ])
      .where('tenant_id', 'in', tenantIds)
      .executeTakeFirstOrThrow();
    return { inProgress: Number(r.inProgress), completed: Number(r.completed), aborted: Number(r.aborted) };
  }

  /** The tenants' own rules. */
  async rules(tenantIds: readonly number[]): Promise<(CalibrationRule & { tenantId: number })[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.t.selectFrom('calibration_schedule').selectAll().where('tenant_id', 'in', tenantIds).orderBy('param').orderBy('check_kind').execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, param: r.param, check: r.check_kind, everyDays: r.every_days, tolerance: r.tolerance, toleranceUnit: r.tolerance_unit }));
  }

  /** Replaces a tenant's own rules: run it in a transaction. */
  async replaceRules(tenantId: number, rules: readonly CalibrationRule[]): Promise<void> {
    await this.t.deleteFrom('calibration_schedule').where('tenant_id', '=', tenantId).execute();
    if (rules.length === 0) return;
    await this.t
      .insertInto('calibration_schedule')
      .values(rules.map((r) => ({ tenant_id: tenantId, param: r.param, check_kind: r.check, every_days: r.everyDays, tolerance: r.tolerance, tolerance_unit: r.toleranceUnit })))
      .execute();
  }

  /** The newest value of each of the device's parameters (series_latest), with its time. */
  async latest(tenantId: number, deviceId: number): Promise<{ name: string; ts: Date; value: number }[]> {
    return this.t
      .selectFrom('series_latest as l')
      .innerJoin('device_param as p', (j) => j.onRef('p.tenant_id', '=', 'l.tenant_id').onRef('p.device_id', '=', 'l.device_id').onRef('p.slot', '=', 'l.slot'))
      .innerJoin('std_param as s', 's.id', 'p.std_param_id')
      .select(['s.name', 'l.ts', 'l.value'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.device_id', '=', String(deviceId))
      .where('p.deleted_date', 'is', null)
      .orderBy('p.slot')
      .execute();
  }
}
