import type { Role, UserType } from '@enviro/contracts/accounts';
import { NewUser, type AdminUser, type BulkUserResult, type EntityAccessInput, type UserActivityPage, type UserActivityQuery, type UserListQuery, type UserModules, type UserPage, type UserPatch, type UserRowRefusal, type UserTenantStatusInput, type UserTenantStatusResult, type UserUpdate } from '@enviro/contracts/users';
import { effectiveAccess, isUserType } from '@enviro/domain/access-model';
import { modulesFor } from '@enviro/domain/app-modules';
import { grantProblem, roleRank, userTypeProblem } from '@enviro/domain/user-roles';
import type { Kysely } from 'kysely';
import { assertSignedIn, assertSiteAdmin } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { hashPassword } from '../../platform/access/password.ts';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { badRequest, conflict, forbidden, forbiddenField, HttpError, notFound } from '../../platform/errors.ts';
import { recordUserAudit, userActor } from '../audit-log/audit-log.service.ts';
import type { AdminUserRow, UserAdminRepository } from './users.repository.ts';
import type { UserRepository } from '../accounts/accounts.repository.ts';
import { toProfile } from '../accounts/accounts.service.ts';
import type { InviteSender } from '../accounts/invite-sender.ts';

/**
 * What a caller may do with users: read the users of `tenantIds` (only themself when `selfOnly`),
 * and change them when `write`.
 */
export interface UserScope {
  user: UserAuth;
  tenantIds: readonly number[];
  selfOnly: boolean;
  write: boolean;
}

/** Site roles that administer every tenant's users, and those that only read them. */
const SITE_WRITERS: readonly Role[] = ['site', 'admin'];
const SITE_READERS: readonly Role[] = ['support', 'operations'];

/**
 * Who administers users: site administrators (site or admin role) any tenant they may act for;
 * site support and operations read those tenants' users; a tenant's administrators (role admin)
 * their own tenant's; everyone else reads only themself.
 */
const isSiteWriter = (user: UserAuth) => user.userType === 'site' && SITE_WRITERS.includes(user.role);

export function userScope(auth: Auth): UserScope {
  const user = assertSignedIn(auth);
  if (isSiteWriter(user)) return { user, tenantIds: user.tenantIds, selfOnly: false, write: true };
  if (user.userType === 'site' && SITE_READERS.includes(user.role)) return { user, tenantIds: user.tenantIds, selfOnly: false, write: false };
  const home = user.tenantIds.includes(user.homeTenantId) ? [user.homeTenantId] : [];
  if (user.role === 'admin' && !user.manage) return { user, tenantIds: home, selfOnly: false, write: true };
  return { user, tenantIds: home, selfOnly: true, write: false };
}

/** User administration (SPEC 7 Users). Every change is audited as 'app_user:<id>' in the user's tenant's log. */
export class UserAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserAdminRepository,
    private readonly users: UserRepository,
    /** Sends invites to users created without a password; absent until the invites plugin is registered. */
    private readonly invites: () => InviteSender | undefined,
    /** Told when an invite could not be sent (the user exists; an administrator can resend it). */
    private readonly onInviteFailure: (error: unknown, userId: number) => void = () => {},
  ) {}

  /** GET /api/users: a page, or with `id` that one user. */
  async list(auth: Auth, query: UserListQuery): Promise<UserPage | AdminUser> {
    const scope = userScope(auth);
    // SPEC 6: the corporate filter is for site users.
    if (query.corporateId !== undefined && scope.user.userType !== 'site') {
      throw badRequest('corporateId', 'only site users may filter users by corporate');
    }
    if (query.id !== undefined) return this.get(scope, query.id);
    let tenantIds = scope.tenantIds;
    if (query.tenantId !== undefined) {
      if (!scope.user.tenantIds.includes(query.tenantId)) throw notFound(`No tenant with id= ${query.tenantId} exists`);
      tenantIds = tenantIds.filter((id) => id === query.tenantId);
    }
    const { rows, total } = await this.repo.list({
      tenantIds,
      userId: scope.selfOnly ? scope.user.userId : undefined,
      search: query.searchString || undefined,
      userType: query.userType,
      role: query.role,
      status: query.status,
      corporateId: query.corporateId,
      sort: query.sort,
      order: query.order,
      offset: query.page * query.size,
      limit: query.size,
    });
    return { items: rows.map(toAdminUser), total, page: query.page, size: query.size };
  }

  /** POST /api/user. */
  async create(auth: Auth, input: NewUser): Promise<AdminUser> {
    const scope = writeScope(auth);
    return this.createOne(scope, input);
  }

  /** POST /api/users: each row on its own; good rows are created, bad ones refused with field and reason. */
  async createMany(auth: Auth, rows: readonly unknown[]): Promise<BulkUserResult> {
    const scope = writeScope(auth);
    const created: AdminUser[] = [];
    const refused: UserRowRefusal[] = [];
    for (const [index, raw] of rows.entries()) {
      const parsed = NewUser.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        refused.push({ index, field: issue.path.join('.') || 'row', reason: issue.message });
        continue;
      }
      try {
        created.push(await this.createOne(scope, parsed.data));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const field = error.field ?? 'row';
        refused.push({ index, field, reason: error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message });
      }
    }
    return { created, refused };
  }

  /** PUT /api/users/{id}: name, phone, role, corporate; the email changes through its own verified route. */
  async update(auth: Auth, id: number, input: UserUpdate): Promise<AdminUser> {
    const scope = writeScope(auth);
    return this.change(scope, id, 'update', async (trx, before) => {
      await this.assertCorporate(scope, before.tenant_id, input.corporateId, input.primaryUser, before.corporate_id);
      if (input.userName !== undefined && input.userName.trim().toLowerCase() !== before.user_name.toLowerCase()) {
        throw badRequest('userName', `the email changes through POST /api/users/${id}/{email}, which verifies the new address`);
      }
      if (input.role !== before.role) {
        if (id === scope.user.userId) throw forbiddenField('role', 'you may not change your own role');
        assertGrant(scope.user, before, input.role);
      }
      const phoneChanged = (input.phone ?? null) !== before.phone;
      await this.repo.update(trx, before.tenant_id, id, {
        name: input.name,
        phone: input.phone,
        role: input.role,
        corporate_id: input.corporateId,
        primary_user: input.primaryUser,
        // A new number is not confirmed until its owner enters a code sent to it.
        ...(phoneChanged ? { phone_verified: false } : {}),
      });
    });
  }

  /** PATCH /api/users/{id}: SET status; disabling ends the user's sessions at once. Nobody changes their own. */
  async patch(auth: Auth, id: number, ops: UserPatch): Promise<AdminUser> {
    const scope = writeScope(auth);
    if (id === scope.user.userId) throw badRequest('status', 'you may not change your own status');
    const status = ops[ops.length - 1]!.value;
    return this.change(scope, id, 'status', async (trx, before) => {
      if (before.status === status) return;
      await this.repo.update(trx, before.tenant_id, id, { status });
      if (status === 'DISABLED') await this.repo.deleteSessions(trx, before.tenant_id, id);
    });
  }

  /** PUT /api/entityaccesforuser/{id}: the entities (of the user's tenant) the user is limited to; none lifts the limit. */
  async setEntityAccess(auth: Auth, id: number, input: EntityAccessInput): Promise<AdminUser> {
    const scope = writeScope(auth);
    const ids = [...new Set(input.entityIds)];
    return this.change(scope, id, 'entityAccess', async (trx, before) => {
      const known = await this.repo.enabledEntityIds(before.tenant_id, ids);
      const unknown = input.entityIds.findIndex((e) => !known.has(e));
      if (unknown >= 0) throw badRequest(`entityIds.${unknown}`, `no station or facility ${input.entityIds[unknown]} in the user's tenant`);
      await this.repo.replaceEntityAccess(trx, before.tenant_id, id, ids);
    });
  }

  /** GET /api/users/activity: sign-ins and changes of the users the caller may read, newest first. */
  async activity(auth: Auth, query: UserActivityQuery): Promise<UserActivityPage> {
    const scope = userScope(auth);
    if (scope.selfOnly && query.userId !== undefined && query.userId !== scope.user.userId) {
      throw notFound(`No user with id= ${query.userId} exists`);
    }
    const { rows, total } = await this.repo.activity({
      tenantIds: scope.tenantIds,
      userId: scope.selfOnly ? scope.user.userId : query.userId,
      kind: query.kind,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      offset: query.page * query.size,
      limit: query.size,
    });
    const items = rows.map((r) => ({
      at: r.at.toISOString(),
      kind: r.kind,
      user: { id: Number(r.user_id), name: r.name, userName: r.user_name, tenantId: r.user_tenant_id },
      action: r.action,
      tenantId: r.tenant_id,
      entity: r.entity,
      ip: r.ip,
    }));
    return { items, total, page: query.page, size: query.size };
  }

  /** GET /api/corporates/{id}/users/primary: the corporate's primary users among those the caller may read. */
  async primaryUsers(auth: Auth, corporateId: number): Promise<AdminUser[]> {
    const scope = userScope(auth);
    const all = scope.user.userType === 'site' && !scope.user.manage;
    if (!(await this.repo.corporateVisible(corporateId, scope.user.tenantIds, all))) {
      throw notFound(`No corporate with id= ${corporateId} exists`);
    }
    const rows = await this.repo.primaryUsers(corporateId, scope.tenantIds, scope.selfOnly ? scope.user.userId : undefined);
    return rows.map(toAdminUser);
  }

  /**
   * POST /api/userTenantStatus: a site administrator enables or disables every user of a tenant
   * at once (a tenant closed or reopened); each user whose status changes is audited, disabled
   * users' sessions end. The administrator's own tenant cannot be disabled this way.
   */
  async tenantStatus(auth: Auth, input: UserTenantStatusInput): Promise<UserTenantStatusResult> {
    const user = assertSiteAdmin(auth);
    if (!user.tenantIds.includes(input.tenantId)) throw notFound(`No tenant with id= ${input.tenantId} exists`);
    if (input.tenantId === user.homeTenantId && input.status === 'DISABLED') {
      throw badRequest('tenantId', "you may not disable your own tenant's users");
    }
    const changed = await this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lockTenantUsers(trx, input.tenantId);
      const ids: number[] = [];
      for (const row of rows.filter((r) => r.status !== input.status)) {
        const id = Number(row.id);
        await this.repo.update(trx, input.tenantId, id, { status: input.status });
        if (input.status === 'DISABLED') await this.repo.deleteSessions(trx, input.tenantId, id);
        await recordUserAudit(trx, userActor(user), input.tenantId, id, 'status', { status: row.status }, { status: input.status });
        ids.push(id);
      }
      return ids;
    });
    return { tenantId: input.tenantId, status: input.status, changedUserIds: changed };
  }

  /**
   * GET /api/users/{id}/modules: the modules (app-modules.ts) the user may use. For the caller
   * themself, those of this request (the tenant app in manage mode); for another user, those of
   * their own app.
   */
  async modules(auth: Auth, id: number): Promise<UserModules> {
    const scope = userScope(auth);
    const target = await this.get(scope, id);
    const access = id === scope.user.userId ? scope.user.access : effectiveAccess({ userType: target.userType, role: target.role });
    const modules = modulesFor(access).map((m) => ({ key: m.key, label: m.label, path: m.path }));
    return { userId: id, view: access.view, modules };
  }

  /** One user the scope may read, or 404. */
  async get(scope: UserScope, id: number): Promise<AdminUser> {
    if (scope.selfOnly && id !== scope.user.userId) throw userNotFound(id);
    const row = await this.repo.findById(this.db, scope.tenantIds, id);
    if (!row) throw userNotFound(id);
    return toAdminUser(row);
  }

  private async createOne(scope: UserScope, input: NewUser): Promise<AdminUser> {
    const tenantId = input.tenantId ?? scope.user.tenantId;
    if (!scope.tenantIds.includes(tenantId)) {
      if (scope.user.tenantIds.includes(tenantId)) throw forbiddenField('tenantId', `you do not administer the users of tenant ${tenantId}`);
      throw notFound(`No tenant with id= ${tenantId} exists`);
    }
    const tenant = await this.repo.tenant(tenantId);
    if (!tenant || tenant.status === 'DELETED' || !isUserType(tenant.type)) throw notFound(`No tenant with id= ${tenantId} exists`);
    const userType = input.userType ?? tenant.type;
    const typeProblem = userTypeProblem(tenant.type, userType);
    if (typeProblem) throw badRequest('userType', typeProblem);
    assertGrant(scope.user, { tenant_id: tenantId, user_type: userType, role: null }, input.role);
    await this.assertCorporate(scope, tenantId, input.corporateId ?? null, input.primaryUser);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const created = Number(
          await this.users.create(trx, {
            tenantId,
            name: input.name,
            userName: input.userName,
            phone: input.phone ?? null,
            userType,
            role: input.role,
            passwordHash,
            corporateId: input.corporateId ?? null,
          }),
        );
        if (input.primaryUser) await this.repo.setPrimary(trx, tenantId, created, true);
        const after = await this.load(trx, tenantId, created);
        await recordUserAudit(trx, userActor(scope.user), tenantId, created, 'create', null, after);
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('userName', 'already used by another account');
      throw error;
    }
    // After commit, so the invite names a user that exists; a failure to send leaves the user to a
    // resend (POST /api/users/{id}/resendInvite) rather than failing a creation that happened.
    if (passwordHash === null) {
      try {
        await this.invites()?.sendInvite(tenantId, id);
      } catch (error) {
        this.onInviteFailure(error, id);
      }
    }
    return this.load(this.db, tenantId, id);
  }

  /** Locks the user (within the scope), applies the change, and audits before and after. */
  private async change(
    scope: UserScope,
    id: number,
    action: string,
    apply: (trx: Kysely<Database>, before: AdminUserRow) => Promise<void>,
  ): Promise<AdminUser> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.repo.findById(trx, scope.tenantIds, id, true);
      if (!before) throw userNotFound(id);
      assertOutranks(scope.user, before);
      await apply(trx, before);
      const after = await this.load(trx, before.tenant_id, id);
      await recordUserAudit(trx, userActor(scope.user), before.tenant_id, id, action, toAdminUser(before), after);
      return after;
    });
  }

  private async load(db: Kysely<Database>, tenantId: number, id: number): Promise<AdminUser> {
    const row = await this.repo.findById(db, [tenantId], id);
    if (!row) throw userNotFound(id);
    return toAdminUser(row);
  }

  /**
   * The corporate given to a user of `tenantId` must exist; anyone but a site administrator may give
   * only the tenant's own corporate (or keep the user's `current` one): a corporate admin reads every
   * tenant of their corporate, so choosing it would open other tenants.
   */
  private async assertCorporate(scope: UserScope, tenantId: number, corporateId: number | null, primaryUser: boolean, current: number | null = null): Promise<void> {
    if (corporateId !== null && corporateId !== current) {
      if (!(await this.repo.corporateExists(corporateId))) throw badRequest('corporateId', `no corporate ${corporateId}`);
      if (!isSiteWriter(scope.user) && (await this.repo.tenant(tenantId))?.corporate_id !== corporateId) {
        throw forbiddenField('corporateId', 'you may only give a user the corporate of their tenant');
      }
    }
    if (primaryUser && corporateId === null) throw badRequest('primaryUser', 'a primary user needs a corporate (corporateId)');
  }
}

function writeScope(auth: Auth): UserScope {
  const scope = userScope(auth);
  if (!scope.write) throw forbidden('only administrators may change users');
  return scope;
}

/** Refuses a role the user's type may not have, or one above the granter's own (403 naming the field). */
function assertGrant(granter: UserAuth, target: { tenant_id: number; user_type: string; role: string | null }, role: Role): void {
  const userType = target.user_type as UserType;
  const problem = grantProblem(granter, { tenantId: target.tenant_id, userType, role });
  if (problem === null) return;
  if (problem.startsWith('you may not')) throw forbiddenField('role', problem);
  throw badRequest('role', problem);
}

/** Inside their own tenant, nobody changes a user whose role ranks above theirs. */
function assertOutranks(user: UserAuth, target: AdminUserRow): void {
  if (target.tenant_id !== user.homeTenantId) return;
  if (roleRank(target.role as Role) > roleRank(user.role)) throw forbidden(`you may not change a user whose role (${target.role}) is above yours`);
}

const userNotFound = (id: number) => notFound(`No user with id= ${id} exists`);


export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...toProfile(row),
    primaryUser: row.primary_user,
    invitePending: row.invite_pending,
    entityIds: row.entity_ids.map(Number),
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at === null ? null : row.last_login_at.toISOString(),
  };
}
