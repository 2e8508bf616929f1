import type { z } from 'zod';
import { DataRequest } from '@enviro/contracts/data/trend';
import type { MeasureTemplate, Measurement, MeasurementQuery, NewMeasureTemplate, NewMeasurement } from '@enviro/contracts/measurements';
import { assertMayChangeFleet, fleetTenant, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { HttpError, badRequest, notFound } from '../../platform/errors.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { MeasurementRepository, type MeasurementRow, type TemplateRow } from './measurements.repository.ts';

const YEAR_MS = 365 * 86_400_000;
/** A lab's clock may run a little ahead of the server's; beyond this a sampling time is in the future. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Measure templates (the parameters, units and methods of a kind of manual sampling) and the
 * results measured by hand on them, each beside the station's continuous average over the same
 * time and the deviation between them: the parallel-measurement check boards ask for.
 */
export class MeasurementService {
  private readonly repo: MeasurementRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly trends: TrendService,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new MeasurementRepository(db);
  }

  async createTemplate(auth: Auth, input: z.output<typeof NewMeasureTemplate>): Promise<MeasureTemplate> {
    const tenantId = fleetTenant(auth, input.tenantId);
    const user = assertMayChangeFleet(auth, tenantId);
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.repo.in(trx).insertTemplate(tenantId, input.name, input.fields);
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'measure_template.add', entity: `measure_template:${id}`, before: null, after: input });
      return id;
    });
    return { id, tenantId, name: input.name, fields: input.fields };
  }

  async templates(auth: Auth, tenantId: number | undefined): Promise<{ items: MeasureTemplate[] }> {
    const tenantIds = [fleetTenant(auth, tenantId)];
    return { items: (await this.repo.templates(tenantIds)).map(toTemplate) };
  }

  /** Records one sampling's results; a sampling time in the future, a template of another industry or a parameter it lacks answer 400. */
  async record(auth: Auth, input: z.output<typeof NewMeasurement>): Promise<Measurement> {
    const tenantIds = scopeTenantIds(auth);
    const station = await this.entities.node(auth, input.entityId, { withDevices: false, withParams: false });
    if (!tenantIds.includes(station.tenantId)) throw notFound(`No entity with id= ${input.entityId} exists`);
    const user = assertMayChangeFleet(auth, station.tenantId);
    const sampledAt = Date.parse(input.sampledAt);
    if (sampledAt > this.now() + CLOCK_SLACK_MS) throw badRequest('body.sampledAt', 'a measurement cannot be sampled in the future');
    const [template] = await this.repo.templates([station.tenantId], input.templateId);
    if (!template) throw badRequest('body.templateId', "not a template of the station's industry");
    const names = new Set(template.fields.map((f) => f.paramName));
    const stray = input.values.findIndex((v) => !names.has(v.paramName));
    if (stray >= 0) throw badRequest(`body.values.${stray}.paramName`, `'${input.values[stray]!.paramName}' is not a field of ${template.name}`);
    if (new Set(input.values.map((v) => v.paramName)).size !== input.values.length) throw badRequest('body.values', 'a parameter is given twice');
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.repo.in(trx).insertMeasurement({ tenantId: station.tenantId, templateId: input.templateId, entityId: input.entityId, sampledAt: new Date(sampledAt), durationMinutes: input.durationMinutes, lab: input.lab, createdBy: user.userId, values: input.values });
      await recordAudit(trx, { tenantId: station.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'measurement.add', entity: `manual_measurement:${id}`, before: null, after: input });
      return id;
    });
    const [row] = await this.repo.measurements([station.tenantId], { id });
    return this.withContinuous(auth, row!);
  }

  async delete(auth: Auth, id: number): Promise<{ id: number; deleted: true }> {
    const tenantIds = scopeTenantIds(auth);
    const [row] = await this.repo.measurements(tenantIds, { id });
    if (!row) throw notFound(`No measurement with id= ${id}`);
    // The station's visibility too: a user limited to other stations learns nothing of this one.
    await this.entities.node(auth, Number(row.entity_id), { withDevices: false, withParams: false });
    const user = assertMayChangeFleet(auth, row.tenant_id);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.in(trx).deleteMeasurement(row.tenant_id, id);
      await recordAudit(trx, { tenantId: row.tenant_id, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'measurement.delete', entity: `manual_measurement:${id}`, before: row, after: null });
    });
    return { id, deleted: true };
  }

  /** A station's manual measurements in a range (default the past year), oldest first, each value beside the continuous average. */
  async list(auth: Auth, query: MeasurementQuery): Promise<{ items: Measurement[] }> {
    const tenantIds = scopeTenantIds(auth);
    const station = await this.entities.node(auth, query.entityId, { withDevices: false, withParams: false });
    const to = query.to ? new Date(query.to) : new Date(this.now());
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - YEAR_MS);
    const rows = await this.repo.measurements(tenantIds.filter((t) => t === station.tenantId), { entityId: query.entityId, from, to });
    return { items: await Promise.all(rows.map((r) => this.withContinuous(auth, r))) };
  }

  /** The measurement with the station's mean 15-minute average of each parameter over its sampling time (through the data module's trends). */
  private async withContinuous(auth: Auth, row: MeasurementRow): Promise<Measurement> {
    const from = row.sampled_at;
    const to = new Date(from.getTime() + row.duration_minutes * 60_000);
    const values = await Promise.all(
      row.values.map(async (v) => {
        const field = row.template_fields.find((f) => f.paramName === v.paramName);
        const continuous = await this.continuousAverage(auth, Number(row.entity_id), v.paramName, from, to);
        const deviation = continuous === null || v.value === 0 ? null : Math.round(((continuous.value - v.value) / Math.abs(v.value)) * 1000) / 10;
        return {
          paramName: v.paramName,
          unit: field?.unit ?? '',
          method: field?.method ?? '',
          value: v.value,
          continuousAverage: continuous === null ? null : Math.round(continuous.value * 1000) / 1000,
          continuousUnit: continuous?.unit ?? null,
          deviationPercent: deviation,
        };
      }),
    );
    return {
      id: Number(row.id),
      tenantId: row.tenant_id,
      templateId: Number(row.template_id),
      templateName: row.template_name,
      entityId: Number(row.entity_id),
      sampledAt: row.sampled_at.toISOString(),
      durationMinutes: row.duration_minutes,
      lab: row.lab,
      values,
    };
  }

  private async continuousAverage(auth: Auth, entityId: number, paramName: string, from: Date, to: Date): Promise<{ value: number; unit: string } | null> {
    const request = DataRequest.parse({ entityIds: [entityId], startDate: from.toISOString(), endDate: to.toISOString(), interval: 'minute_15', params: [{ name: paramName, dsAgg: 'avg' }] });
    try {
      const [series] = await this.trends.entityMetric(auth, request);
      const points = (series?.data ?? []).flatMap((p) => (p.value === null ? [] : [p.value]));
      return points.length === 0 ? null : { value: points.reduce((a, b) => a + b, 0) / points.length, unit: series!.unit };
    } catch (error) {
      // A parameter the station's analysers do not measure has no continuous average.
      if (error instanceof HttpError && error.statusCode < 500) return null;
      throw error;
    }
  }
}

const toTemplate = (t: TemplateRow): MeasureTemplate => ({ id: Number(t.id), tenantId: t.tenant_id, name: t.name, fields: t.fields });
