import { z } from 'zod';
import { ROLES, USER_TYPES, VIEWS } from '@enviro/domain/access-model';
import { CorporateId, Id, TenantId, TenantType } from './common.ts';

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
  tenantId: TenantId,
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
  corporateId: CorporateId.optional(),
});
export type CreateUser = z.infer<typeof CreateUser>;


/** Path of the routes about one user (POST /api/users/{id}/verifyEmail and friends): the one of user administration. */

/** Body of POST /api/users/{id}/verifyEmailOtp and /verifyPhoneOtp. */
export const OtpBody = z.object({
  /** The 6-digit code the user received. */
  otp: z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code'),
});
export type OtpBody = z.infer<typeof OtpBody>;

/** Answer of sending a one-time code (verifyEmail, verifyPhone, changing the email). */
export const CodeSent = z.object({
  /** Where the code went, partly hidden (`a***@example.in`, `+91 ******4321`). */
  sentTo: z.string(),
  /** When the code stops working (ISO 8601). */
  expiresAt: z.string(),
  /** Seconds until another code may be asked for. */
  resendAfterSeconds: z.number().int().nonnegative(),
});
export type CodeSent = z.infer<typeof CodeSent>;

/** Answer of a correct code: what is now confirmed. */
export const VerificationState = z.object({
  /** Whether the user's email is confirmed. */
  emailVerified: z.boolean(),
  /** Whether the user's phone is confirmed. */
  phoneVerified: z.boolean(),
});
export type VerificationState = z.infer<typeof VerificationState>;

/** Path of POST /api/users/{id}/{email}: change the user's login email. */
export const ChangeEmailParams = z.object({
  /** User id; must be the signed-in user's. */
  id: Id,
  /** The new email, which becomes the login name once saved (unconfirmed until its code is entered). */
  email: UserName,
});
export type ChangeEmailParams = z.infer<typeof ChangeEmailParams>;

/** Answer of changing the email: the new login name and where its code went. */
export const EmailChanged = CodeSent.extend({
  /** The new login name. */
  userName: z.string(),
  /** False until the code sent to the new address is entered. */
  emailVerified: z.boolean(),
});
export type EmailChanged = z.infer<typeof EmailChanged>;

/** Body of POST /api/users/{id}/password/update. */
export const PasswordUpdateBody = z.object({
  /** The password in use now. */
  currentPassword: z.string().min(1, 'is required').max(256),
  /** The new password. */
  newPassword: NewPassword,
});
export type PasswordUpdateBody = z.infer<typeof PasswordUpdateBody>;

/** Answer of a password update. */
export const PasswordUpdated = z.object({
  /** Always true. */
  updated: z.literal(true),
  /** How many other signed-in sessions of the user were ended. */
  sessionsEnded: z.number().int().nonnegative(),
});
export type PasswordUpdated = z.infer<typeof PasswordUpdated>;

/** Answer of POST /api/users/{id}/resendInvite. */
export const InviteSent = z.object({
  /** The email the invite went to. */
  sentTo: z.string(),
  /** When the invite link stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type InviteSent = z.infer<typeof InviteSent>;

/** An invite link's token, as in PUBLIC_URL/invite/{token}. */
export const InviteToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not an invite link token');

/** Path of GET /api/invite/{token}. */
export const InviteTokenParams = z.object({
  /** The token of the invite link; anything that is no token is simply not found. */
  token: z.string().max(200),
});

/** What the invite page shows: whom the invite is for, or why it no longer works. */
export const InviteInfo = z.discriminatedUnion('state', [
  z.object({
    /** The link works: set a password to accept it. */
    state: z.literal('VALID'),
    /** The invited user's name. */
    name: z.string(),
    /** The invited user's email (their login name). */
    userName: z.string(),
    /** The tenant the user belongs to. */
    tenantName: z.string(),
    /** When the link stops working (ISO 8601). */
    expiresAt: z.string(),
  }),
  z.object({
    /** EXPIRED: too old or replaced by a newer invite; USED: already accepted. */
    state: z.enum(['EXPIRED', 'USED']),
  }),
]);
export type InviteInfo = z.infer<typeof InviteInfo>;

/** Body of POST /api/invite/accept. */
export const AcceptInviteBody = z.object({
  /** The token of the invite link. */
  token: InviteToken,
  /** The password the user chooses. */
  password: NewPassword,
});
export type AcceptInviteBody = z.infer<typeof AcceptInviteBody>;

/** Answer of accepting an invite: who the user is, so the page can send them to sign in. */
export const InviteAccepted = z.object({
  /** User id. */
  id: z.number().int().positive(),
  /** The user's name. */
  name: z.string(),
  /** The login name to sign in with. */
  userName: z.string(),
});
export type InviteAccepted = z.infer<typeof InviteAccepted>;
