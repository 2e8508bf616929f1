import type { DeviceMakeInfo } from '@enviro/contracts/devices';
import { assertMayChangeMakes, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { MakeRepository } from './makes.repository.ts';

/**
 * Device makes and models (SPEC 7 Tenants: make/model CRUD): one catalogue for every tenant, read
 * by anyone, changed by site administrators and operations staff. A make or model that devices
 * use is not deleted (409). Changes are audited in the site user's tenant log.
 */
export class MakeService {
  private readonly makes: MakeRepository;

  constructor(private readonly db: Db) {
    this.makes = new MakeRepository(db);
  }

  async list(auth: Auth): Promise<DeviceMakeInfo[]> {
    const tenantIds = scopeTenantIds(auth);
    const rows = await this.makes.list(tenantIds);
    const makes = new Map<number, DeviceMakeInfo>();
    for (const r of rows) {
      let make = makes.get(r.make_id);
      if (!make) makes.set(r.make_id, (make = { id: r.make_id, name: r.make_name, models: [] }));
      if (r.model_id !== null) make.models.push({ id: r.model_id, name: r.model_name!, devices: r.devices });
    }
    return [...makes.values()];
  }

  async createMake(auth: Auth, name: string): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    if (await this.makes.makeNameTaken(name, null)) throw conflict('name', `make ${name} exists`);
    return this.db.transaction().execute(async (trx) => {
      const id = await this.makes.in(trx).insertMake(name);
      await audit(trx, user, `make:${id}`, 'make.create', null, { name });
      return { id };
    });
  }

  async renameMake(auth: Auth, id: number, name: string): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    const before = await this.makes.makeExists(id);
    if (!before) throw notFound(`No make with id= ${id} exists`);
    if (await this.makes.makeNameTaken(name, id)) throw conflict('name', `make ${name} exists`);
    await this.db.transaction().execute(async (trx) => {
      await this.makes.in(trx).renameMake(id, name);
      await audit(trx, user, `make:${id}`, 'make.update', before, { name });
    });
    return { id };
  }

  async deleteMake(auth: Auth, id: number): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    const before = await this.makes.makeExists(id);
    if (!before) throw notFound(`No make with id= ${id} exists`);
    const used = await this.makes.devicesOf({ makeId: id });
    if (used > 0) throw conflict('id', `${used} device${used === 1 ? ' is' : 's are'} of ${before.name}`);
    await this.db.transaction().execute(async (trx) => {
      await this.makes.in(trx).deleteMake(id);
      await audit(trx, user, `make:${id}`, 'make.delete', before, null);
    });
    return { id };
  }

  async createModel(auth: Auth, makeId: number, name: string): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    if (!(await this.makes.makeExists(makeId))) throw badRequest('makeId', `no make ${makeId}`);
    if (await this.makes.modelNameTaken(makeId, name, null)) throw conflict('name', `model ${name} of this make exists`);
    return this.db.transaction().execute(async (trx) => {
      const id = await this.makes.in(trx).insertModel(makeId, name);
      await audit(trx, user, `model:${id}`, 'model.create', null, { makeId, name });
      return { id };
    });
  }

  async updateModel(auth: Auth, id: number, makeId: number, name: string): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    const before = await this.makes.modelOf(id);
    if (!before) throw notFound(`No model with id= ${id} exists`);
    if (!(await this.makes.makeExists(makeId))) throw badRequest('makeId', `no make ${makeId}`);
    if (await this.makes.modelNameTaken(makeId, name, id)) throw conflict('name', `model ${name} of this make exists`);
    await this.db.transaction().execute(async (trx) => {
      await this.makes.in(trx).updateModel(id, makeId, name);
      await audit(trx, user, `model:${id}`, 'model.update', before, { makeId, name });
    });
    return { id };
  }

  async deleteModel(auth: Auth, id: number): Promise<{ id: number }> {
    const user = assertMayChangeMakes(auth);
    const before = await this.makes.modelOf(id);
    if (!before) throw notFound(`No model with id= ${id} exists`);
    const used = await this.makes.devicesOf({ modelId: id });
    if (used > 0) throw conflict('id', `${used} device${used === 1 ? ' is' : 's are'} of model ${before.name}`);
    await this.db.transaction().execute(async (trx) => {
      await this.makes.in(trx).deleteModel(id);
      await audit(trx, user, `model:${id}`, 'model.delete', before, null);
    });
    return { id };
  }
}

function audit(trx: Db, user: UserAuth, entity: string, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId: user.homeTenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity, before, after });
}
