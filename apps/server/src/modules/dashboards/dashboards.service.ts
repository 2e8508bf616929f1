import type { EntityType } from '@enviro/contracts/common';
import { Widget, type Dashboard, type DashboardInput, type DashboardSummary } from '@enviro/contracts/dashboards';
import { assertCanReadTenant, assertSignedIn, isSiteAdmin } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, forbiddenField, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import { assertTenantHasFeature } from '../tenants/tenants.queries.ts';
import { templateWidgets } from './dashboard-templates.ts';
import { DashboardRepository, type DashboardRow, type DashboardValues, type DashboardViewer } from './dashboards.repository.ts';

/**
 * Dashboards of the tenant a user acts for. Everyone sees their own and those shared with their
 * role; the tenant's administrators (role admin, and site administrators acting for it) see and
 * edit every tenant dashboard; a user dashboard is changed only by its owner.
 */
export class DashboardService {
  private readonly dashboards: DashboardRepository;

  constructor(private readonly db: Db) {
    this.dashboards = new DashboardRepository(db);
  }

  /**
   * The list also seeds the templates of station types the tenant has and lacks a template for
   * (an industry's first visit, or a new type of station), so every industry has them.
   */
  async list(auth: Auth, query: { entityType?: EntityType | undefined; tenantId?: number | undefined }): Promise<DashboardSummary[]> {
    const user = assertSignedIn(auth);
    const read = readTenant(user, query.tenantId);
    if (read !== null) {
      await seedTemplateDashboards(this.db, read);
      const rows = await this.dashboards.sharedWithAll(read, READER_ROLE, query.entityType);
      return rows.map((r) => summary(r, user, false));
    }
    await seedTemplateDashboards(this.db, user.tenantId);
    const rows = await this.dashboards.visible(viewerOf(user), query.entityType);
    return rows.map((r) => summary(r, user));
  }

  /**
   * Gives an industry the template dashboards of its station types that lack one (SPEC 1): the
   * tenants module calls it when it creates an industry, the devices module when parameters reach
   * a station, so a new station type has its template before anyone opens the list. Answers how
   * many were made.
   */
  seedTemplates(tenantId: number): Promise<number> {
    return seedTemplateDashboards(this.db, tenantId);
  }

  /** One dashboard; with `tenantId`, one of that tenant's shared with all its users, read-only. */
  async get(auth: Auth, id: number, tenantId?: number): Promise<Dashboard> {
    const user = assertSignedIn(auth);
    const read = readTenant(user, tenantId);
    if (read === null) return full(await this.visibleRow(user, id), user);
    const row = await this.dashboards.find(read, id);
    if (!row || row.ownerUserId !== null || !row.sharedRoles.includes(READER_ROLE)) throw notFound(`No dashboard with id= ${id} exists`);
    return full(row, user, false);
  }

  async create(auth: Auth, input: DashboardInput): Promise<Dashboard> {
    const user = assertSignedIn(auth);
    await assertTenantHasFeature(this.db, user.tenantId, 'dashboardEditing');
    await this.checkInput(user, input);
    return this.db.transaction().execute(async (trx) => {
      const repo = this.dashboards.in(trx);
      const id = await repo.insert(user.tenantId, valuesOf(user, input), user.userId);
      const row = (await repo.find(user.tenantId, id))!;
      await audit(trx, user, row, 'dashboard created', null, full(row, user));
      return full(row, user);
    });
  }

  async update(auth: Auth, id: number, input: DashboardInput): Promise<Dashboard> {
    const user = assertSignedIn(auth);
    const before = await this.editableRow(user, id);
    await assertTenantHasFeature(this.db, user.tenantId, 'dashboardEditing');
    await this.checkInput(user, input);
    return this.db.transaction().execute(async (trx) => {
      const repo = this.dashboards.in(trx);
      // A user's dashboard stays theirs when an administrator edits it without moving it to the tenant.
      const values = valuesOf(user, input);
      if (input.owner === 'user' && before.ownerUserId !== null) values.owner = { tenantId: before.ownerUserTenantId!, userId: before.ownerUserId };
      await repo.update(user.tenantId, id, values);
      const row = (await repo.find(user.tenantId, id))!;
      await audit(trx, user, row, 'dashboard changed', full(before, user), full(row, user));
      return full(row, user);
    });
  }

  /** A copy owned by the caller (a tenant's administrators may copy to the tenant by keeping its owner). */
  async duplicate(auth: Auth, id: number, input: { name?: string | undefined }): Promise<Dashboard> {
    const user = assertSignedIn(auth);
    const original = await this.visibleRow(user, id);
    const copy: DashboardInput = {
      name: input.name ?? `${original.name} (copy)`.slice(0, 120),
      entityType: original.entityType as EntityType | null,
      owner: original.ownerUserId === null && administers(user) ? 'tenant' : 'user',
      sharedRoles: original.ownerUserId === null && administers(user) ? (original.sharedRoles as DashboardInput['sharedRoles']) : [],
      widgets: widgetsOf(original),
    };
    return this.create(user, copy);
  }

  async delete(auth: Auth, id: number): Promise<void> {
    const user = assertSignedIn(auth);
    const before = await this.editableRow(user, id);
    await assertTenantHasFeature(this.db, user.tenantId, 'dashboardEditing');
    await this.db.transaction().execute(async (trx) => {
      await this.dashboards.in(trx).delete(user.tenantId, id);
      await audit(trx, user, before, 'dashboard deleted', full(before, user), null);
    });
  }

  private async visibleRow(user: UserAuth, id: number): Promise<DashboardRow> {
    const row = await this.dashboards.find(user.tenantId, id);
    if (!row || !canSee(user, row)) throw notFound(`No dashboard with id= ${id} exists`);
    return row;
  }

  private async editableRow(user: UserAuth, id: number): Promise<DashboardRow> {
    const row = await this.visibleRow(user, id);
    if (!canEdit(user, row)) throw forbiddenField('id', row.ownerUserId === null ? "only the tenant's administrators may change its dashboards" : 'only its owner may change this dashboard');
    return row;
  }

  private async checkInput(user: UserAuth, input: DashboardInput): Promise<void> {
    if (input.owner === 'tenant' && !administers(user)) throw forbiddenField('owner', "only the tenant's administrators may make tenant dashboards");
    for (const [i, widget] of input.widgets.entries()) {
      const unknown = await this.dashboards.unknownEntityIds(user.tenantId, widget.entityIds);
      if (unknown.length > 0) throw badRequest(`widgets.${i}.entityIds`, `no station with id ${unknown[0]} in this tenant`);
      if (widget.entityIds.length === 0 && !widget.entityType) throw badRequest(`widgets.${i}.entityType`, 'name stations or a station type');
      if (widget.kind === 'dualAxis' && widget.params.length !== 2) throw badRequest(`widgets.${i}.params`, 'a dual-axis chart takes two parameters');
    }
  }
}

/**
 * Seeds a tenant's template dashboards, one per station type it has (SPEC 1), shared with its users
 * and administrators; a type that already has its template is left as it is. Also operator code
 * (the demo seed): no caller.
 */
export async function seedTemplateDashboards(db: Db, tenantId: number): Promise<number> {
  const repo = new DashboardRepository(db);
  const have = new Set(await repo.templates(tenantId));
  const byType = new Map<string, { entityIds: Set<number>; params: string[] }>();
  const labels: Record<string, string> = {};
  for (const r of await repo.stationTypeParams(tenantId)) {
    const entry = byType.get(r.type) ?? { entityIds: new Set(), params: [] };
    entry.entityIds.add(r.entityId);
    if (!entry.params.includes(r.param)) entry.params.push(r.param);
    labels[r.param] = r.label;
    byType.set(r.type, entry);
  }
  let added = 0;
  for (const [type, { entityIds, params }] of byType) {
    if (have.has(type) || params.length === 0) continue;
    const widgets = templateWidgets({ type: type as EntityType, entityIds: [...entityIds], params, labels });
    const name = `${typeName(type)} overview`;
    if (await repo.insertTemplate(tenantId, { name, entityType: type, owner: null, sharedRoles: ['user', 'admin'], template: type, widgets })) added++;
  }
  return added;
}

/** A station type as a title names it: acronyms in capitals ('CEMS'), others capitalised ('Ground water'). */
function typeName(type: string): string {
  return ['eqms', 'cems', 'caaqms', 'chp', 'wfm', 'audi'].includes(type) ? type.toUpperCase() : type.charAt(0).toUpperCase() + type.slice(1);
}

/**
 * A tenant's dashboards that a reader from outside it sees: those it shares with its ordinary users
 * (the templates are), never its users' own. Boards, partners, corporates and site staff read an
 * industry's dashboards this way without acting for it, so nothing they do there changes them.
 */
const READER_ROLE = 'user';

/**
 * The other tenant a request reads dashboards of (`tenantId`, one the caller reads; another is
 * 404), or null for the tenant acted for.
 */
function readTenant(user: UserAuth, tenantId: number | undefined): number | null {
  if (tenantId === undefined || tenantId === user.tenantId) return null;
  assertCanReadTenant(user, tenantId);
  return tenantId;
}

/** The tenant's administrators: its admins (not acting for another tenant) and site administrators. */
function administers(user: UserAuth): boolean {
  return isSiteAdmin(user) || (user.role === 'admin' && !user.manage);
}

function viewerOf(user: UserAuth): DashboardViewer {
  return { tenantId: user.tenantId, userTenantId: user.homeTenantId, userId: user.userId, role: user.role, seesAll: false };
}

const ownedBy = (user: UserAuth, row: DashboardRow) => row.ownerUserId === user.userId && row.ownerUserTenantId === user.homeTenantId;

function canSee(user: UserAuth, row: DashboardRow): boolean {
  return ownedBy(user, row) || row.sharedRoles.includes(user.role) || (row.ownerUserId === null && administers(user));
}

function canEdit(user: UserAuth, row: DashboardRow): boolean {
  return row.ownerUserId === null ? administers(user) : ownedBy(user, row);
}

function valuesOf(user: UserAuth, input: DashboardInput): DashboardValues {
  return {
    name: input.name,
    entityType: input.entityType,
    owner: input.owner === 'tenant' ? null : { tenantId: user.homeTenantId, userId: user.userId },
    sharedRoles: input.sharedRoles,
    widgets: input.widgets,
  };
}

/** Widgets as stored, read back through the contract so older rows get today's defaults. */
function widgetsOf(row: DashboardRow): Widget[] {
  return row.widgets.flatMap((w) => {
    const parsed = Widget.safeParse(w);
    return parsed.success ? [parsed.data] : [];
  });
}

function summary(row: DashboardRow, user: UserAuth, mayEdit = true): DashboardSummary {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    entityType: row.entityType as EntityType | null,
    owner: row.ownerUserId === null ? 'tenant' : 'user',
    ownerUserId: row.ownerUserId,
    sharedRoles: row.sharedRoles as DashboardSummary['sharedRoles'],
    template: row.template !== null,
    widgetCount: row.widgets.length,
    editable: mayEdit && canEdit(user, row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function full(row: DashboardRow, user: UserAuth, mayEdit = true): Dashboard {
  return { ...summary(row, user, mayEdit), widgets: widgetsOf(row) };
}

function audit(trx: Db, user: UserAuth, row: DashboardRow, action: string, before: unknown, after: unknown): Promise<void> {
  return recordAudit(trx, { tenantId: row.tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action, entity: `dashboard:${row.id}`, before, after });
}
