import type { Role, UserType } from '@enviro/contracts/accounts';
import { NewUser, type AdminUser, type BulkUserResult, type EntityAccessInput, type UserActivityPage, type UserActivityQuery, type UserListQuery, type UserModules, type UserPage, type UserPatch, type UserRowRefusal, type UserTenantStatusInput, type UserTenantStatusResult, type UserUpdate } from '@enviro/contracts/users';
import { effectiveAccess, isUserType } from '@enviro/domain/access-model';
import { modulesFor } from '@enviro/domain/app-modules';
import { userTypeProblem } from '@enviro/domain/user-roles';
import {
  assertAdministersTenant,
  assertCanReadTenant,
  assertCanSeeCorporate,
  assertMayChangeStatus,
  assertMayFilterUsersByCorporate,
  assertMayGiveCorporate,
  assertMayGrant,
  assertMayReadUser,
  assertMaySetTenantUsersStatus,
  assertOutranks,
  userScope,
  userWriteScope,
  type UserScope,
} from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { hashPassword } from '../../platform/access/password.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { toPage } from '../../platform/http/paging.ts';
import type { AccountHooks } from './account-hooks.ts';
import { recordUserAudit, userActor } from '../../platform/audit/audit-trail.ts';
import { createdOrConflict, toProfile } from './user-accounts.service.ts';
import { UserActivityRepository } from './user-activity.repository.ts';
import { UserEntityAccessRepository } from './user-entity-access.repository.ts';
import { UserRepository, type AdminUserRow } from './users.repository.ts';

/** User administration (SPEC 7 Users). Every change is audited as 'app_user:<id>' in the user's tenant's log. */
export class UserAdminService {
  private readonly users: UserRepository;
  private readonly entityAccess: UserEntityAccessRepository;
  private readonly activityLog: UserActivityRepository;

  constructor(
    private readonly db: Db,
    private readonly access: TenantDirectory,
    /** Invites and sessions of the users' accounts; absent until the accounts module provides them. */
    private readonly accounts: () => AccountHooks | undefined,
    /** Told when an invite could not be sent (the user exists; an administrator can resend it). */
    private readonly onInviteFailure: (error: unknown, userId: number) => void = () => {},
  ) {
    this.users = new UserRepository(db);
    this.entityAccess = new UserEntityAccessRepository(db);
    this.activityLog = new UserActivityRepository(db);
  }

  /** GET /api/users: a page, or with `id` that one user. */
  async list(auth: Auth, query: UserListQuery): Promise<UserPage | AdminUser> {
    const scope = userScope(auth);
    assertMayFilterUsersByCorporate(scope.user, query.corporateId);
    if (query.id !== undefined) return this.one(scope, query.id);
    let tenantIds = scope.tenantIds;
    if (query.tenantId !== undefined) {
      assertCanReadTenant(scope.user, query.tenantId);
      tenantIds = tenantIds.filter((id) => id === query.tenantId);
    }
    const { rows, total } = await this.users.list({
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
    return toPage(rows.map(toAdminUser), total, query);
  }

  /** POST /api/user. */
  async create(auth: Auth, input: NewUser): Promise<AdminUser> {
    const scope = userWriteScope(auth);
    return this.createOne(scope, input);
  }

  /** POST /api/users: each row on its own; good rows are created, bad ones refused with field and reason. */
  async createMany(auth: Auth, rows: readonly unknown[]): Promise<BulkUserResult> {
    const scope = userWriteScope(auth);
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
    const scope = userWriteScope(auth);
    return this.change(scope, id, 'update', async (trx, before) => {
      await this.assertCorporate(scope, before.tenant_id, input.corporateId, input.primaryUser, before.corporate_id);
      if (input.userName !== undefined && input.userName.trim().toLowerCase() !== before.user_name.toLowerCase()) {
        throw badRequest('userName', `the email changes through POST /api/users/${id}/{email}, which verifies the new address`);
      }
      assertMayGrant(scope.user, roleTarget(before), input.role);
      const phoneChanged = (input.phone ?? null) !== before.phone;
      await this.users.in(trx).update(before.tenant_id, id, {
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
    const scope = userWriteScope(auth);
    assertMayChangeStatus(scope.user, id);
    const status = ops[ops.length - 1]!.value;
    return this.change(scope, id, 'status', async (trx, before) => {
      if (before.status === status) return;
      await this.users.in(trx).update(before.tenant_id, id, { status });
      if (status === 'DISABLED') await this.accounts()?.endSessions(trx, before.tenant_id, id);
    });
  }

  /** PUT /api/entityaccesforuser/{id}: the entities (of the user's tenant) the user is limited to; none lifts the limit. */
  async setEntityAccess(auth: Auth, id: number, input: EntityAccessInput): Promise<AdminUser> {
    const scope = userWriteScope(auth);
    const ids = [...new Set(input.entityIds)];
    return this.change(scope, id, 'entityAccess', async (trx, before) => {
      const known = await this.entityAccess.grantableEntityIds(before.tenant_id, ids);
      const unknown = input.entityIds.findIndex((e) => !known.has(e));
      if (unknown >= 0) throw badRequest(`entityIds.${unknown}`, `no station or facility ${input.entityIds[unknown]} in the user's tenant`);
      await this.entityAccess.in(trx).replace(before.tenant_id, id, ids);
    });
  }

  /** GET /api/users/activity: sign-ins and changes of the users the caller may read, newest first. */
  async activity(auth: Auth, query: UserActivityQuery): Promise<UserActivityPage> {
    const scope = userScope(auth);
    if (query.userId !== undefined) assertMayReadUser(scope, query.userId);
    const { rows, total } = await this.activityLog.activity({
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
    return toPage(items, total, query);
  }

  /** GET /api/corporates/{id}/users/primary: the corporate's primary users among those the caller may read. */
  async primaryUsers(auth: Auth, corporateId: number): Promise<AdminUser[]> {
    const scope = userScope(auth);
    await assertCanSeeCorporate(this.access, scope.user, corporateId);
    const rows = await this.users.primaryUsers(corporateId, scope.tenantIds, scope.selfOnly ? scope.user.userId : undefined);
    return rows.map(toAdminUser);
  }

  /**
   * POST /api/userTenantStatus: a site administrator enables or disables every user of a tenant
   * at once (a tenant closed or reopened); each user whose status changes is audited, disabled
   * users' sessions end. The administrator's own tenant cannot be disabled this way.
   */
  async tenantStatus(auth: Auth, input: UserTenantStatusInput): Promise<UserTenantStatusResult> {
    const user = assertMaySetTenantUsersStatus(auth, input.tenantId, input.status);
    const changed = await this.db.transaction().execute(async (trx) => {
      const users = this.users.in(trx);
      const rows = await users.lockTenantUsers(input.tenantId);
      const ids: number[] = [];
      for (const row of rows.filter((r) => r.status !== input.status)) {
        const id = Number(row.id);
        await users.update(input.tenantId, id, { status: input.status });
        if (input.status === 'DISABLED') await this.accounts()?.endSessions(trx, input.tenantId, id);
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
    const target = await this.one(scope, id);
    const access = id === scope.user.userId ? scope.user.access : effectiveAccess({ userType: target.userType, role: target.role });
    const modules = modulesFor(access).map((m) => ({ key: m.key, label: m.label, path: m.path }));
    return { userId: id, view: access.view, modules };
  }

  /** One user the scope may read, or 404. */
  private async one(scope: UserScope, id: number): Promise<AdminUser> {
    assertMayReadUser(scope, id);
    const row = await this.users.findById(scope.tenantIds, id);
    if (!row) throw userNotFound(id);
    return toAdminUser(row);
  }

  private async createOne(scope: UserScope, input: NewUser): Promise<AdminUser> {
    const tenantId = input.tenantId ?? scope.user.tenantId;
    assertAdministersTenant(scope, tenantId);
    const tenant = await this.access.tenant(tenantId);
    if (!tenant || tenant.status === 'DELETED' || !isUserType(tenant.type)) throw notFound(`No tenant with id= ${tenantId} exists`);
    const userType = input.userType ?? tenant.type;
    const typeProblem = userTypeProblem(tenant.type, userType);
    if (typeProblem) throw badRequest('userType', typeProblem);
    assertMayGrant(scope.user, { userId: null, tenantId, userType, role: null }, input.role);
    await this.assertCorporate(scope, tenantId, input.corporateId ?? null, input.primaryUser);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const id = await createdOrConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const users = this.users.in(trx);
        const created = Number(
          await users.create({
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
        if (input.primaryUser) await users.update(tenantId, created, { primary_user: true });
        const after = await this.load(trx, tenantId, created);
        await recordUserAudit(trx, userActor(scope.user), tenantId, created, 'create', null, after);
        return created;
      }),
    );
    // After commit, so the invite names a user that exists; a failure to send leaves the user to a
    // resend (POST /api/users/{id}/resendInvite) rather than failing a creation that happened.
    if (passwordHash === null) {
      try {
        await this.accounts()?.sendInvite(tenantId, id);
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
    apply: (trx: Db, before: AdminUserRow) => Promise<void>,
  ): Promise<AdminUser> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.users.in(trx).findById(scope.tenantIds, id, true);
      if (!before) throw userNotFound(id);
      assertOutranks(scope.user, { tenantId: before.tenant_id, role: before.role as Role });
      await apply(trx, before);
      const after = await this.load(trx, before.tenant_id, id);
      await recordUserAudit(trx, userActor(scope.user), before.tenant_id, id, action, toAdminUser(before), after);
      return after;
    });
  }

  private async load(db: Db, tenantId: number, id: number): Promise<AdminUser> {
    const row = await this.users.in(db).findById([tenantId], id);
    if (!row) throw userNotFound(id);
    return toAdminUser(row);
  }

  /**
   * The corporate given to a user of `tenantId` must exist, and be one the caller may give (see
   * assertMayGiveCorporate) unless the user keeps their `current` one.
   */
  private async assertCorporate(scope: UserScope, tenantId: number, corporateId: number | null, primaryUser: boolean, current: number | null = null): Promise<void> {
    if (corporateId !== null && corporateId !== current) {
      if (!(await this.access.corporateExists(corporateId))) throw badRequest('corporateId', `no corporate ${corporateId}`);
      await assertMayGiveCorporate(this.access, scope.user, tenantId, corporateId);
    }
    if (primaryUser && corporateId === null) throw badRequest('primaryUser', 'a primary user needs a corporate (corporateId)');
  }
}

/** The user whose role an administrator changes. */
function roleTarget(row: AdminUserRow) {
  return { userId: Number(row.id), tenantId: row.tenant_id, userType: row.user_type as UserType, role: row.role as Role };
}

const userNotFound = (id: number) => notFound(`No user with id= ${id} exists`);

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...toProfile(row),
    primaryUser: row.primary_user,
    invitePending: row.invite_pending,
    entityIds: row.entity_ids.map(Number),
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at === null ? null : row.last_login_at.toISOString(),
  };
}
