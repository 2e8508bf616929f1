import { z } from 'zod';
import { NewPassword, Role, SessionUser, UserName, UserStatus, UserType } from './accounts.ts';
import { CorporateId, Id, TenantId, pageOf } from './common.ts';

/**
 * User administration (SPEC 7 Users): who administers users is decided by the server — site
 * administrators any tenant's, a tenant's administrators (role admin) their own tenant's; site
 * support and operations staff read; everyone else sees only themself.
 */

/** Columns a user list may be sorted by. */
export const UserSort = z.enum(['id', 'name', 'userName', 'userType', 'role', 'status', 'createdAt', 'lastLoginAt']);
export type UserSort = z.infer<typeof UserSort>;

/** A phone number as entered: digits, spaces, dashes and an optional leading +. */
export const Phone = z.string().trim().regex(/^\+?[\d\s-]{6,20}$/, 'must be a phone number');

/** Query of GET /api/users. */
export const UserListQuery = z.object({
  /**
   * One user by id (GET /api/users?id=): the answer is then that user, not a page; a user the
   * caller may not read is not found.
   */
  id: Id.optional(),
  /** Case-insensitive part of the user's name, email or phone. */
  searchString: z.string().trim().max(100).optional(),
  /** Only users of this tenant. */
  tenantId: TenantId.optional(),
  /** Only users of this type. */
  userType: UserType.optional(),
  /** Only users with this role. */
  role: Role.optional(),
  /** Only users in this status. */
  status: UserStatus.optional(),
  /**
   * Only users of this corporate: its own users and the users of its tenants. Site users only
   * (SPEC 6); anyone else gets 400 naming this field.
   */
  corporateId: CorporateId.optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(20),
  /** Sort column. */
  sort: UserSort.default('name'),
  /** Sort direction. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** A user as administrators see it (SPEC 3 User): the profile fields of SessionUser, and more. */
export const AdminUser = SessionUser.omit({ status: true, actingTenantId: true, manage: true, view: true }).extend({
  /** ENABLED or DISABLED; a DISABLED user cannot sign in. */
  status: UserStatus,
  /** Whether the user is a primary contact of their corporate (always false without a corporate). */
  primaryUser: z.boolean(),
  /** True while the user has no password yet: invited, not yet signed up. */
  invitePending: z.boolean(),
  /**
   * The stations and facilities the user is limited to (with their descendants); empty: every
   * entity of the tenant. Set with PUT /api/entityaccesforuser/{id}.
   */
  entityIds: z.array(z.number().int().positive()),
  /** When the user was created, ISO 8601 in UTC. */
  createdAt: z.string(),
  /** The user's last sign-in, ISO 8601 in UTC, or null if never. */
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** Answer of GET /api/users (without id). */
export const UserPage = pageOf(AdminUser);
export type UserPage = z.infer<typeof UserPage>;

/** Body of POST /api/user, and each row of POST /api/users. */
export const NewUser = z.object({
  /** The tenant the user belongs to; omitted: the tenant the request acts for. */
  tenantId: TenantId.optional(),
  /** Full name. */
  name: z.string().trim().min(1).max(200),
  /** Email, the user's login name; unique on the platform regardless of case. */
  userName: UserName,
  /** Contact phone. */
  phone: Phone.optional(),
  /** User type; must be the tenant's type. Omitted: the tenant's type. */
  userType: UserType.optional(),
  /** Role; one the access rules give the user type (e.g. user or admin for an industry), and not above the caller's own. */
  role: Role,
  /** Initial password; omitted: the user is sent an invite to set one. */
  password: NewPassword.optional(),
  /** The corporate the user belongs to, or null. */
  corporateId: CorporateId.nullable().optional(),
  /** A primary contact of the corporate (needs corporateId). */
  primaryUser: z.boolean().default(false),
});
export type NewUser = z.infer<typeof NewUser>;

/** Most rows POST /api/users takes at once. */
export const MAX_BULK_USERS = 500;

/**
 * Body of POST /api/users: users to create. Each row is checked on its own (see {@link NewUser}),
 * so a bad row refuses only itself; the good rows are created.
 */
export const NewUsers = z.array(z.unknown()).min(1).max(MAX_BULK_USERS);

/** A row of POST /api/users that was not created, and why. */
export const UserRowRefusal = z.object({
  /** Position of the row in the body, from 0. */
  index: z.number().int().min(0),
  /** The field at fault, e.g. 'userName' or 'role'. */
  field: z.string(),
  /** Why, e.g. 'already used by another account'. */
  reason: z.string(),
});
export type UserRowRefusal = z.infer<typeof UserRowRefusal>;

/** Answer of POST /api/users. */
export const BulkUserResult = z.object({
  /** The users created, in body order. */
  created: z.array(AdminUser),
  /** The rows refused, in body order. */
  refused: z.array(UserRowRefusal),
});
export type BulkUserResult = z.infer<typeof BulkUserResult>;

/** Path of the /api/users/{id} routes (administration and verification) and /api/entityaccesforuser/{id}. */
export const UserPathParams = z.object({
  /** User id. */
  id: Id,
});
export type UserPathParams = z.infer<typeof UserPathParams>;

/** Body of PUT /api/users/{id}: the editable fields, all given. */
export const UserUpdate = z.object({
  /** Full name. */
  name: z.string().trim().min(1).max(200),
  /** Contact phone, or null. */
  phone: Phone.nullable(),
  /** Role; the same rules as at creation. */
  role: Role,
  /** The corporate the user belongs to, or null. */
  corporateId: CorporateId.nullable(),
  /** A primary contact of the corporate (needs corporateId). */
  primaryUser: z.boolean().default(false),
  /**
   * Omit, or send the current email: the email changes only through POST
   * /api/users/{id}/{email}, which verifies the new address.
   */
  userName: z.string().optional(),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

/** One operation of a user status patch (SPEC 4 patch format). */
export const UserPatchOp = z.object({
  /** Only SET is defined. */
  op: z.literal('SET'),
  /** Only status may be patched. */
  att: z.literal('status'),
  /** ENABLED or DISABLED; disabling ends the user's sessions at once. */
  value: UserStatus,
});

/** Body of PATCH /api/users/{id}: e.g. `[{op: "SET", att: "status", value: "DISABLED"}]`. */
export const UserPatch = z.array(UserPatchOp).min(1).max(10);
export type UserPatch = z.infer<typeof UserPatch>;

/** Query of GET /api/users/activity. */
export const UserActivityQuery = z.object({
  /** Only this user's activity. */
  userId: Id.optional(),
  /** Only sign-ins or only changes. */
  kind: z.enum(['login', 'change']).optional(),
  /** From this instant (inclusive), ISO 8601. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Until this instant (exclusive), ISO 8601. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type UserActivityQuery = z.infer<typeof UserActivityQuery>;

/** One thing a user did: a sign-in, or a change from the audit log. */
export const UserActivity = z.object({
  /** When, ISO 8601 in UTC. */
  at: z.string(),
  /** login: a sign-in; change: a recorded change. */
  kind: z.enum(['login', 'change']),
  /** Who did it. */
  user: z.object({
    /** User id. */
    id: z.number().int().positive(),
    /** Full name. */
    name: z.string(),
    /** Email. */
    userName: z.string(),
    /** The user's tenant. */
    tenantId: z.number().int().positive(),
  }),
  /** 'login', or the change's action, e.g. 'create', 'update', 'status'. */
  action: z.string(),
  /** The tenant whose data changed (the user's own for a sign-in). */
  tenantId: z.number().int().positive(),
  /** The changed row as '<table>:<id>', or null for a sign-in. */
  entity: z.string().nullable(),
  /** The address a sign-in came from, or null. */
  ip: z.string().nullable(),
});
export type UserActivity = z.infer<typeof UserActivity>;

/** Answer of GET /api/users/activity: newest first. */
export const UserActivityPage = pageOf(UserActivity);
export type UserActivityPage = z.infer<typeof UserActivityPage>;

/** Path of GET /api/corporates/{id}/users/primary: the one of the /api/corporates/{id} routes. */

/** Body of PUT /api/entityaccesforuser/{id}. */
export const EntityAccessInput = z.object({
  /**
   * The complete set of stations and facilities (of the user's tenant) the user may see, each with
   * its descendants; an empty list lifts the limit: every entity of the tenant.
   */
  entityIds: z.array(Id).max(1000),
});
export type EntityAccessInput = z.infer<typeof EntityAccessInput>;

/** Answer of GET /api/users/{id}/modules. */
export const UserModules = z.object({
  /** The user. */
  userId: z.number().int().positive(),
  /** The app the user signs in to (the view of their type). */
  view: z.string(),
  /** The modules of that app the user may use, in menu order. */
  modules: z.array(
    z.object({
      /** Module key, e.g. 'dashboard'. */
      key: z.string(),
      /** Menu label. */
      label: z.string(),
      /** Web path, e.g. '/app/dashboard'. */
      path: z.string(),
    }),
  ),
});
export type UserModules = z.infer<typeof UserModules>;

/** Body of POST /api/userTenantStatus: enable or disable every user of a tenant at once. */
export const UserTenantStatusInput = z.object({
  /** The tenant whose users change. */
  tenantId: TenantId,
  /** The status every user of the tenant gets. */
  status: UserStatus,
});
export type UserTenantStatusInput = z.infer<typeof UserTenantStatusInput>;

/** Answer of POST /api/userTenantStatus. */
export const UserTenantStatusResult = z.object({
  /** The tenant. */
  tenantId: z.number().int().positive(),
  /** The status set. */
  status: UserStatus,
  /** Users whose status changed (each audited); users already in the status are left alone. */
  changedUserIds: z.array(z.number().int().positive()),
});
export type UserTenantStatusResult = z.infer<typeof UserTenantStatusResult>;
