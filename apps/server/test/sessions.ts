import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '../src/platform/access/session.ts';
import type { Db } from '../src/platform/database/database.ts';
import { SessionRepository } from '../src/modules/accounts/sessions.repository.ts';

/**
 * A session for an existing user without going through /api/login, for tests that need many
 * signed-in callers (login hashes and is rate-limited); answers the Cookie header to send.
 */
export async function sessionCookie(db: Db, tenantId: number, userId: number): Promise<string> {
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({
    id,
    tenantId,
    userId,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    ip: null,
    userAgent: null,
  });
  return `${SESSION_COOKIE}=${token}`;
}
