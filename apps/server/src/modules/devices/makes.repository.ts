import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

export interface MakeModelRow {
  make_id: number;
  make_name: string;
  model_id: number | null;
  model_name: string | null;
  devices: number;
}

/** The shared catalogue of device makes and models. */
export class MakeRepository extends Repository {
  /** Every make with its models (left-joined), counting the live devices of the tenants per model. */
  async list(tenantIds: readonly number[]): Promise<MakeModelRow[]> {
    const { rows } = await sql<MakeModelRow>`
      SELECT mk.id AS make_id, mk.name AS make_name, m.id AS model_id, m.name AS model_name,
             (SELECT count(*)::int FROM device d WHERE d.model_id = m.id AND d.deleted_date IS NULL AND d.tenant_id = ANY(${[...tenantIds]}::int[])) AS devices
      FROM device_make mk LEFT JOIN device_model m ON m.make_id = mk.id
      ORDER BY lower(mk.name), mk.id, lower(m.name), m.id`.execute(this.db);
    return rows;
  }

  makeExists(id: number): Promise<{ name: string } | undefined> {
    return this.db.selectFrom('device_make').select('name').where('id', '=', id).executeTakeFirst();
  }

  modelOf(id: number): Promise<{ name: string; make_id: number } | undefined> {
    return this.db.selectFrom('device_model').select(['name', 'make_id']).where('id', '=', id).executeTakeFirst();
  }

  /** Whether another make has this name, ignoring case. */
  async makeNameTaken(name: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('device_make').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Whether another model of the make has this name, ignoring case. */
  async modelNameTaken(makeId: number, name: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('device_model').select('id').where('make_id', '=', makeId).where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertMake(name: string): Promise<number> {
    return (await this.db.insertInto('device_make').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async renameMake(id: number, name: string): Promise<void> {
    await this.db.updateTable('device_make').set({ name }).where('id', '=', id).execute();
  }

  async insertModel(makeId: number, name: string): Promise<number> {
    return (await this.db.insertInto('device_model').values({ make_id: makeId, name }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async updateModel(id: number, makeId: number, name: string): Promise<void> {
    await this.db.updateTable('device_model').set({ make_id: makeId, name }).where('id', '=', id).execute();
  }

  /** Devices of any tenant, removed ones too, of the model (or of any model of the make). */
  async devicesOf(what: { modelId: number } | { makeId: number }): Promise<number> {
    const q = this.db.selectFrom('device').select(sql<number>`count(*)::int`.as('n'));
    const row = await ('modelId' in what
      ? q.where('model_id', '=', what.modelId)
      : q.where('model_id', 'in', this.db.selectFrom('device_model').select('id').where('make_id', '=', what.makeId))
    ).executeTakeFirstOrThrow();
    return row.n;
  }

  async deleteModel(id: number): Promise<void> {
    await this.db.deleteFrom('device_model').where('id', '=', id).execute();
  }

  async deleteMake(id: number): Promise<void> {
    await this.db.deleteFrom('device_model').where('make_id', '=', id).execute();
    await this.db.deleteFrom('device_make').where('id', '=', id).execute();
  }
}
