import { LoginBody, LogoutResult, SessionUser, UserIdParams } from '@enviro/contracts/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsModule } from './accounts.module.ts';
import { assertCsrfHeader, CSRF_HEADER } from '../../platform/access/csrf.ts';
import { INFO_COOKIE, SESSION_COOKIE, SESSION_MAX_MS } from '../../platform/access/session.ts';
import { headerOf } from '../../platform/access/request-header.ts';

/** Sign in and out with a session cookie, and who is signed in (SPEC 7 Users: sessionData). */
export const authRoutes: FastifyPluginAsyncZod<AccountsModule> = async (app, { auth }) => {
  // Login and logout set cookies, so a cross-site form must not be able to call them either.
  const csrf = async (request: FastifyRequest) => assertCsrfHeader(request.method, headerOf(request, CSRF_HEADER));

  app.post(
    '/api/login',
    {
      config: { access: 'none' },
      preValidation: csrf,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: sets the httpOnly session cookie and the readable info cookie',
        description:
          `Send the ${CSRF_HEADER} header. A failure answers 401 'Invalid user name or password' whether or not the ` +
          'account exists. An address failing on an account waits after 5 failures (1 minute, doubling up to an hour), and one ' +
          "failing on 20 accounts in 15 minutes until the oldest leaves that window: 429 with Retry-After. Nobody else's failures " +
          'hold an address back (docs/ACCESS.md, "Signing in").',
        body: LoginBody,
        response: { 200: SessionUser },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      // The browser may keep the cookie for the session's longest life; the server ends it sooner when idle.
      const options = cookieOptions(request, new Date(Date.now() + SESSION_MAX_MS));
      const { id, name, userType, role } = result.user;
      reply.setCookie(SESSION_COOKIE, result.token, { ...options, httpOnly: true });
      reply.setCookie(INFO_COOKIE, JSON.stringify({ id, name, userType, role }), options);
      return result.user;
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'none' },
      preValidation: csrf,
      schema: { tags: ['auth'], summary: 'Sign out: ends the session and clears both cookies', response: { 200: LogoutResult } },
    },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      clearCookies(request, reply);
      return { loggedOut: true as const };
    },
  );

  app.get(
    '/api/users/me',
    { config: { access: 'signedIn' }, schema: { tags: ['users'], summary: 'The signed-in user; 401 without a session', response: { 200: SessionUser } } },
    async (request) => auth.me(request.auth),
  );

  app.get(
    '/api/sessionData/:userId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's session data; any other user id is not found",
        params: UserIdParams,
        response: { 200: SessionUser },
      },
    },
    async (request) => auth.sessionData(request.auth, request.params.userId),
  );
};

/** Secure whenever the browser reached us over TLS, directly or through a proxy that says so. */
function cookieOptions(request: FastifyRequest, expires: Date) {
  const forwarded = headerOf(request, 'x-forwarded-proto')?.split(',')[0]?.trim();
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https' || forwarded === 'https',
    expires,
  };
}

function clearCookies(request: FastifyRequest, reply: FastifyReply): void {
  const { secure } = cookieOptions(request, new Date(0));
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(INFO_COOKIE, { path: '/', sameSite: 'lax', secure });
}
