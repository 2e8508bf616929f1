import { sql, type Generated } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** migrations/112_manual_measurements.sql */
type Tables = {
  measure_template: { tenant_id: number; id: Generated<string>; name: string; fields: string; created_at: Generated<Date> };
  manual_measurement: {
    tenant_id: number;
    id: Generated<string>;
    template_id: number;
    entity_id: number;
    sampled_at: Date;
    duration_minutes: number;
    lab: string;
    created_by: number | null;
    created_at: Generated<Date>;
  };
  manual_value: { tenant_id: number; measurement_id: number | string; param_name: string; value: number };
};

export interface TemplateRow {
  id: string;
  tenant_id: number;
  name: string;
  fields: { paramName: string; unit: string; method: string }[];
}

export interface MeasurementRow {
  id: string;
  tenant_id: number;
  template_id: string;
  template_name: string;
  template_fields: { paramName: string; unit: string; method: string }[];
  entity_id: string;
  sampled_at: Date;
  duration_minutes: number;
  lab: string;
  values: { paramName: string; value: number }[];
}

/** Templates and manual measurements (migration 112); every statement names the tenant. */
export class MeasurementRepository extends Repository {
  private get t() {
    return this.db.withTables<Tables>();
  }

  async insertTemplate(tenantId: number, name: string, fields: TemplateRow['fields']): Promise<number> {
    const { id } = await this.t.insertInto('measure_template').values({ tenant_id: tenantId, name, fields: JSON.stringify(fields) }).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  async templates(tenantIds: readonly number[], id?: number): Promise<TemplateRow[]> {
    if (tenantIds.length === 0) return [];
    return this.t
      .selectFrom('measure_template')
      .select(['id', 'tenant_id', 'name', sql<TemplateRow['fields']>`fields`.as('fields')])
      .where('tenant_id', 'in', [...tenantIds])
      .$if(id !== undefined, (q) => q.where('id', '=', String(id)))
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async insertMeasurement(m: { tenantId: number; templateId: number; entityId: number; sampledAt: Date; durationMinutes: number; lab: string; createdBy: number | null; values: { paramName: string; value: number }[] }): Promise<number> {
    const { id } = await this.t
      .insertInto('manual_measurement')
      .values({ tenant_id: m.tenantId, template_id: m.templateId, entity_id: m.entityId, sampled_at: m.sampledAt, duration_minutes: m.durationMinutes, lab: m.lab, created_by: m.createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.t
      .insertInto('manual_value')
      .values(m.values.map((v) => ({ tenant_id: m.tenantId, measurement_id: id, param_name: v.paramName, value: v.value })))
      .execute();
    return Number(id);
  }

  /** The station's measurements sampled in [from, to), oldest first, or one by id. */
  async measurements(tenantIds: readonly number[], filter: { id?: number; entityId?: number; from?: Date; to?: Date }): Promise<MeasurementRow[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<MeasurementRow>`
      SELECT m.id, m.tenant_id, m.template_id, t.name AS template_name, t.fields AS template_fields, m.entity_id, m.sampled_at, m.duration_minutes, m.lab,
             (SELECT json_agg(json_build_object('paramName', v.param_name, 'value', v.value) ORDER BY v.param_name)
                FROM manual_value v WHERE v.tenant_id = m.tenant_id AND v.measurement_id = m.id) AS values
      FROM manual_measurement m
      JOIN measure_template t ON t.tenant_id = m.tenant_id AND t.id = m.template_id
      WHERE m.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
        ${filter.id === undefined ? sql`` : sql`AND m.id = ${filter.id}`}
        ${filter.entityId === undefined ? sql`` : sql`AND m.entity_id = ${filter.entityId}`}
        ${filter.from === undefined ? sql`` : sql`AND m.sampled_at >= ${filter.from}`}
        ${filter.to === undefined ? sql`` : sql`AND m.sampled_at < ${filter.to}`}
      ORDER BY m.sampled_at, m.id`.execute(this.db);
    return rows;
  }

  async deleteMeasurement(tenantId: number, id: number): Promise<void> {
    await this.t.deleteFrom('manual_measurement').where('tenant_id', '=', tenantId).where('id', '=', String(id)).execute();
  }
}
