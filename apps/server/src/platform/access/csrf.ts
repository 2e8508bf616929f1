import { forbidden } from '../errors.ts';

/**
 * Writes authenticated by the session cookie must carry this header. A cross-site form cannot set
 * it, and a cross-site script can only after a CORS preflight this server never grants, so a
 * request bearing it comes from our own pages. API keys and device tokens, which a browser never
 * attaches on its own, need no such proof.
 */
export const CSRF_HEADER = 'x-requested-with';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function assertCsrfHeader(method: string, headerValue: string | undefined): void {
  if (WRITE_METHODS.has(method.toUpperCase()) && !headerValue) {
    throw forbidden(`the ${CSRF_HEADER} header is required for writes from a signed-in browser`);
  }
}
