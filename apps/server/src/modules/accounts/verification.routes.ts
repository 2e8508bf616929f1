import { ERROR_RESPONSES, ApiError } from '@enviro/contracts/common';
import { AcceptInviteBody, ChangeEmailParams, CodeSent, EmailChanged, InviteAccepted, InviteInfo, InviteSent, InviteTokenParams, OtpBody, PasswordUpdateBody, PasswordUpdated, VerificationState } from '@enviro/contracts/accounts';
import { UserPathParams } from '@enviro/contracts/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsModule } from './accounts.module.ts';
import { assertCsrfHeader, CSRF_HEADER } from '../../platform/access/csrf.ts';
import type { RouteAccess } from '../../platform/access/route-access.ts';
import { headerOf } from '../../platform/access/request-header.ts';

const TAGS = ['users'];
/** The callers user administration admits to its writes (routes/admin-user.routes.ts). */
const USER_ADMIN: RouteAccess = ['siteAdmin', 'userAdmin', 'siteManaging'];
/** Sending answers 429 when asked again too soon, 503 when the mail or SMS could not go out. */
const SENDING = { ...ERROR_RESPONSES, 409: ApiError, 429: ApiError, 503: ApiError } as const;

/**
 * Invites, email and phone confirmation with one-time codes, login email change and password
 * update (SPEC 7 Users). A user confirms and changes only their own account (any other id is not
 * found); administrators resend invites to users of the tenants they act for.
 */
export const userVerificationRoutes: FastifyPluginAsyncZod<AccountsModule> = async (app, { verification: service }) => {
  app.post(
    '/api/users/:id/verifyEmail',
    {
      config: { access: 'signedIn' },
      schema: { tags: TAGS, summary: 'Mail a 6-digit code (valid 10 minutes) to your own email', params: UserPathParams, response: { 200: CodeSent, ...SENDING } },
    },
    async (request) => service.sendEmailCode(request.auth, request.params.id),
  );

  app.post(
    '/api/users/:id/verifyPhone',
    {
      config: { access: 'signedIn' },
      schema: { tags: TAGS, summary: 'Text a 6-digit code (valid 10 minutes) to your own phone', params: UserPathParams, response: { 200: CodeSent, ...SENDING } },
    },
    async (request) => service.sendPhoneCode(request.auth, request.params.id),
  );

  for (const purpose of ['email', 'phone'] as const) {
    app.post(
      `/api/users/:id/${purpose === 'email' ? 'verifyEmailOtp' : 'verifyPhoneOtp'}`,
      {
        config: { access: 'signedIn' },
        schema: {
          tags: TAGS,
          summary: `Confirm your ${purpose} with the code sent to it`,
          description: 'After 5 wrong codes, or 10 minutes, the code stops working and a new one is needed.',
          params: UserPathParams,
          body: OtpBody,
          response: { 200: VerificationState, ...ERROR_RESPONSES },
        },
      },
      async (request) => service.checkCode(request.auth, request.params.id, purpose, request.body.otp),
    );
  }

  app.post(
    '/api/users/:id/resendInvite',
    {
      // Those who may create users (user administration's rule); the service keeps each to the tenants they administer.
      config: { access: USER_ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Send a new invite (valid 7 days) to a user who has not set a password; earlier links stop working',
        params: UserPathParams,
        response: { 200: InviteSent, ...SENDING },
      },
    },
    async (request) => service.resendInvite(request.auth, request.params.id),
  );

  app.post(
    '/api/users/:id/password/update',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Change your own password; your other sessions end',
        description: 'A wrong current password counts as a failed login toward the login limits.',
        params: UserPathParams,
        body: PasswordUpdateBody,
        response: { 200: PasswordUpdated, ...ERROR_RESPONSES, 429: ApiError },
      },
    },
    async (request) => service.updatePassword(request.auth, request.params.id, request.body, request.ip),
  );

  // Registered after the static paths above, which find-my-way prefers to this parameter anyway.
  app.post(
    '/api/users/:id/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: TAGS,
        summary: 'Change your own login email',
        description: 'The new email signs in at once and is unconfirmed until the code mailed to it is entered; the old address gets a notice.',
        params: ChangeEmailParams,
        response: { 200: EmailChanged, ...SENDING },
      },
    },
    async (request) => service.changeEmail(request.auth, request.params.id, request.params.email),
  );

  app.get(
    '/api/invite/:token',
    {
      config: { access: 'none' },
      schema: {
        tags: TAGS,
        summary: "An invite link: the invited user's name and email, or that it expired or was used; an unknown link is not found",
        params: InviteTokenParams,
        response: { 200: InviteInfo, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => service.inviteInfo(request.params.token),
  );

  app.post(
    '/api/invite/accept',
    {
      config: { access: 'none' },
      // Open to all, so the CSRF header is checked here rather than by the auth plugin.
      preValidation: async (request: FastifyRequest) => assertCsrfHeader(request.method, headerOf(request, CSRF_HEADER)),
      schema: {
        tags: TAGS,
        summary: 'Accept an invite: set your password and confirm your email, then sign in',
        description: `Send the ${CSRF_HEADER} header. Failed attempts count toward the login limits of your address (429 with the wait).`,
        body: AcceptInviteBody,
        response: { 200: InviteAccepted, 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError },
      },
    },
    async (request) => service.acceptInvite(request.body, request.ip),
  );
};
