import { z } from 'zod';
import { NewPassword, UserName } from './auth.ts';
import { Id } from './common.ts';

/** Path of the routes about one user (POST /api/users/{id}/verifyEmail and friends): the one of user administration. */
export { UserPathParams } from './users.ts';

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
