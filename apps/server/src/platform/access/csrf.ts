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

/** What a signed-in browser's request says about where it comes from. */
export interface RequestSource {
  /** The CSRF header's value. */
  csrfHeader: string | undefined;
  /** Fetch Metadata: 'same-origin', 'same-site', 'cross-site' or 'none' (typed or bookmarked). */
  secFetchSite: string | undefined;
  /** The Origin header. */
  origin: string | undefined;
  /** The host the request was sent to (behind a trusted proxy, the one the browser used). */
  host: string;
}

/**
 * Refuses a signed-in browser's GET that changes data (a route declaring `changesState`: SPEC 7's
 * clients abort a calibration by GET) unless it shows it comes from our own pages. The session
 * cookie is SameSite=Lax, so a link on another site opens such a GET with the cookie; that
 * navigation can neither set the CSRF header nor claim to be same-origin. It passes with the
 * header, with Fetch Metadata saying same-origin, or (a browser without Fetch Metadata) with an
 * Origin of this host; Fetch Metadata naming another site, or no proof at all, is 403.
 */
export function assertSameOrigin(source: RequestSource): void {
  const site = source.secFetchSite;
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw forbidden(`this request changes data and may not come from another site (Sec-Fetch-Site: ${site})`);
  }
  if (source.csrfHeader || site === 'same-origin' || (site === undefined && isOriginOf(source.origin, source.host))) return;
  throw forbidden(`this request changes data: send the ${CSRF_HEADER} header from a signed-in browser`);
}

/** Whether the Origin names the host the request was sent to (a default port written or not). */
function isOriginOf(origin: string | undefined, host: string): boolean {
  if (origin === undefined || origin === 'null') return false;
  try {
    const url = new URL(origin);
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
