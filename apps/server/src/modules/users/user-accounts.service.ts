import type { CreateUser, Role, SessionUser, UserStatus, UserType } from '@enviro/contracts/accounts';
import type { TenantType } from '@enviro/contracts/common';
import { userDisplayId } from '@enviro/domain/display-id';
import { userTypeProblem } from '@enviro/domain/user-roles';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import { hashPassword } from '../../platform/access/password.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { recordUserAudit, type AuditActor } from '../../platform/audit/audit-trail.ts';
import { UserActivityRepository } from './user-activity.repository.ts';
import { UserRepository, type LoginRow, type ProfileRow, type UserValues, type VerifiableUser } from './users.repository.ts';

export type { LoginRow, ProfileRow, VerifiableUser } from './users.repository.ts';

/** What confirming an address or setting a password changes of a user. */
export type AccountValues = Partial<Pick<UserValues, 'password_hash' | 'email_verified' | 'phone_verified'>>;

/**
 * Users' accounts as the rest of the server uses them: signing in, the profile, confirmations and
 * passwords, login email changes (the accounts module), and creation by an operator (the CLI and
 * the demo seed). Users are this module's; other modules reach them here, never through its
 * repositories. `in(trx)` runs it in the caller's transaction.
 */
export class UserAccountService {
  private readonly users: UserRepository;

  constructor(
    private readonly db: Db,
    private readonly access: TenantDirectory,
  ) {
    this.users = new UserRepository(db);
  }

  in(trx: Db): UserAccountService {
    return new UserAccountService(trx, this.access);
  }

  /** The account signing in with the name (lower-cased), if any. */
  findForLogin(userNameKey: string): Promise<LoginRow | undefined> {
    return this.users.findForLogin(userNameKey);
  }

  /** Who is told of what concerns a whole industry (a consent about to expire): its enabled administrators. */
  administrators(tenantId: number): Promise<{ email: string; name: string }[]> {
    return this.users.administrators(tenantId);
  }

  /** Records a successful sign-in: the user's last login time and a row of their activity. */
  async recordSignIn(login: { tenantId: number; userId: number; ip: string | null; userAgent: string | null }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.users.in(trx).markSignedIn(login.tenantId, login.userId);
      await new UserActivityRepository(trx).recordLogin(login);
    });
  }

  findProfile(tenantId: number, userId: number): Promise<ProfileRow | undefined> {
    return this.users.findProfile(tenantId, userId);
  }

  /** The user, when their tenant is one of `tenantIds`; `lock` holds the row for the transaction. */
  findVerifiable(tenantIds: readonly number[], userId: number, lock = false): Promise<VerifiableUser | undefined> {
    return this.users.findVerifiable(tenantIds, userId, lock);
  }

  update(tenantId: number, userId: number, values: AccountValues): Promise<void> {
    return this.users.update(tenantId, userId, values);
  }

  /** The new email signs in at once, unconfirmed; one another account has fails with 23505. Run it in a transaction. */
  changeLoginName(tenantId: number, userId: number, userName: string): Promise<void> {
    return this.users.changeUserName(tenantId, userId, userName);
  }

  /** Creates a user of a tenant for an operator (CLI, seed); the user type must be the tenant's. Audited. */
  async create(actor: AuditActor, input: CreateUser): Promise<{ id: number }> {
    const access = this.access;
    const tenant = await access.tenant(input.tenantId);
    if (tenant === undefined) throw badRequest('tenantId', `no tenant ${input.tenantId}`);
    const typeProblem = userTypeProblem(tenant.type, input.userType);
    if (typeProblem) throw badRequest('userType', typeProblem);
    if (input.corporateId !== undefined && !(await access.corporateExists(input.corporateId))) {
      throw badRequest('corporateId', `no corporate ${input.corporateId}`);
    }
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    return createdOrConflict(async () => {
      const id = await this.db.transaction().execute(async (trx) => {
        const created = await this.users.in(trx).create({
          tenantId: input.tenantId,
          name: input.name,
          userName: input.userName,
          phone: input.phone ?? null,
          userType: input.userType,
          role: input.role,
          passwordHash,
          corporateId: input.corporateId ?? null,
        });
        const { password: _secret, ...recorded } = input;
        await recordUserAudit(trx, actor, input.tenantId, Number(created), 'create', null, { ...recorded, id: Number(created), hasPassword: passwordHash !== null });
        return created;
      });
      return { id: Number(id) };
    });
  }
}

/** Runs a creation; a login name another account has answers 409 naming the field. */
export async function createdOrConflict<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('userName', 'already used by another account');
    throw error;
  }
}

/** A user's profile as the API shows it (SessionUser and the administrators' AdminUser share it). */
export function toProfile(row: ProfileRow): Omit<SessionUser, 'actingTenantId' | 'manage' | 'view'> {
  // The CHECK constraints of app_user and tenant hold these to the contract's values.
  return {
    id: Number(row.id),
    displayId: userDisplayId(row.id),
    name: row.name,
    userName: row.user_name,
    phone: row.phone,
    userType: row.user_type as UserType,
    role: row.role as Role,
    status: row.status as UserStatus,
    emailVerified: row.email_verified,
    phoneVerified: row.phone_verified,
    tenant: { id: row.tenant_id, name: row.tenant_name, type: row.tenant_type as TenantType },
    corporate: row.corporate_id === null ? null : { id: row.corporate_id, name: row.corporate_name ?? '' },
  };
}
