import { ROLES, USER_TYPES, VIEWS } from '@enviro/domain/access-model';
import { z } from 'zod';
import { Id, TenantType } from './common.ts';

/** User types of SPEC 6. */
export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;

/** Roles of SPEC 6. */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Views (apps) of SPEC 6. */
export const View = z.enum(VIEWS);
export type View = z.infer<typeof View>;

/** A user account's status; a DISABLED user cannot sign in and their sessions stop working. */
export const UserStatus = z.enum(['ENABLED', 'DISABLED']);
export type UserStatus = z.infer<typeof UserStatus>;

/** A user name: the user's email, compared case-insensitively. */
export const UserName = z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');

/** A password a user sets: long enough to resist guessing, short enough to hash cheaply. */
export const NewPassword = z.string().min(10, 'must be at least 10 characters').max(256);

/** Body of POST /api/login. */
export const LoginBody = z.object({
  /** The user's email. */
  userName: z.string().trim().min(1).max(254),
  /** The user's password. */
  password: z.string().min(1).max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** A tenant as a signed-in user sees it named. */
const TenantRef = z.object({
  /** Tenant id. */
  id: z.number().int().positive(),
  /** Tenant name. */
  name: z.string(),
  /** Tenant type. */
  type: TenantType,
});

/** The signed-in user (SPEC 3 User) with what the session resolved: answer of login, GET /api/users/me and /api/sessionData/{id}. */
export const SessionUser = z.object({
  /** User id. */
  id: z.number().int().positive(),
  /** Display id: 'U-' and the id left-padded with zeros to 6 digits. */
  displayId: z.string(),
  /** Full name. */
  name: z.string(),
  /** The user's email, as entered. */
  userName: z.string(),
  /** Contact phone, or null. */
  phone: z.string().nullable(),
  /** User type (SPEC 6). */
  userType: UserType,
  /** Role (SPEC 6). */
  role: Role,
  /** ENABLED (a signed-in user always is). */
  status: UserStatus,
  /** Whether the email was confirmed. */
  emailVerified: z.boolean(),
  /** Whether the phone was confirmed. */
  phoneVerified: z.boolean(),
  /** The user's own tenant. */
  tenant: TenantRef,
  /** The corporate the user belongs to, or null. */
  corporate: z.object({
    /** Corporate id. */
    id: z.number().int().positive(),
    /** Corporate name. */
    name: z.string(),
  }).nullable(),
  /** The tenant this request acts for: the own tenant, or the one named by the TENANT-ID header. */
  actingTenantId: z.number().int().positive(),
  /** True in manage mode: a site or partner user acting as another tenant. */
  manage: z.boolean(),
  /** The app the user is in: the tenant app in manage mode, else the one of the user type. */
  view: View,
});
export type SessionUser = z.infer<typeof SessionUser>;

/** Body of POST /api/logout: nothing. */
export const LogoutResult = z.object({
  /** Always true: the session, if any, is gone and both cookies are cleared. */
  loggedOut: z.literal(true),
});

/** Path of GET /api/sessionData/{userId}. */
export const UserIdParams = z.object({
  /** User id; must be the signed-in user's. */
  userId: Id,
});

/** Input of creating a user (operator CLI now; the admin API later). */
export const CreateUser = z.object({
  /** The tenant the user belongs to. */
  tenantId: Id,
  /** Full name. */
  name: z.string().trim().min(1).max(200),
  /** Email, the user's login name; unique on the platform regardless of case. */
  userName: UserName,
  /** Contact phone. */
  phone: z.string().trim().regex(/^\+?[\d\s-]{6,20}$/, 'must be a phone number').optional(),
  /** User type (SPEC 6); must fit the tenant: a tenant's users are of its type. */
  userType: UserType,
  /** Role (SPEC 6). */
  role: Role,
  /** Initial password; omitted for a user who will set one from an invite. */
  password: NewPassword.optional(),
  /** The corporate the user belongs to. */
  corporateId: Id.optional(),
});
export type CreateUser = z.infer<typeof CreateUser>;
