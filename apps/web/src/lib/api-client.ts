import type { ZodType } from 'zod';
import { paths } from '@/config/paths';
import { getActingTenant, setActingTenant, type ActingTenant } from './acting-tenant';

/** A failed API call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The input field the server blamed, when it named one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ParamValue = string | number | boolean | undefined | null | readonly (string | number)[];

export interface RequestOptions<T> {
  /** Query string; undefined and null values are left out, arrays repeat the key. */
  params?: Record<string, ParamValue>;
  /** JSON body, or a FormData sent as multipart/form-data. */
  body?: unknown;
  /** Contract the response is checked against; the parsed value is returned. */
  schema?: ZodType<T>;
  /**
   * false: a 401 is handed back to the caller instead of ending the session (tenant info sends
   * the user to /error on 401 rather than to /login).
   */
  redirectOn401?: boolean;
  /**
   * true: asked as the user's own tenant, without the TENANT-ID of a tenant acted for (what the
   * header shows of the user's own tenant must not change, or fail, while the user switches).
   */
  asOwnTenant?: boolean;
  signal?: AbortSignal;
}

/** An optional signal as a request option: `...withSignal(signal)`. */
export const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A downloaded file: its bytes and the name the server suggested. */
export interface Download {
  blob: Blob;
  fileName: string | undefined;
}

/** Name of the cookie holding the signed-in user's info; a 401 clears it. */
export const INFO_COOKIE = 'info';

/** SPEC 7: the public tenant id is the fourth segment of the path (/public/dashboard/industry/12 → '12'). */
export function publicTenantIdFrom(pathname: string): string {
  return pathname.split('/')[4] ?? '';
}

/** Pages of the public portal: their calls carry the portal headers instead of the session. */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith(`${paths.public.root.path}/`);
}

/** Methods that change something: a cookie-authenticated call of these needs the CSRF header. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The header the server's CSRF check asks of cookie-authenticated writes. */
export const CSRF_HEADER = { 'x-requested-with': 'XMLHttpRequest' } as const;

/**
 * Headers of an API call. Public pages (SPEC 7): the portal and public tenant. Elsewhere the
 * session cookie goes by itself; writes add the CSRF header, and a site or partner user acting
 * for a tenant sends TENANT-ID and, when known, CORPORATE-ID (SPEC 6).
 */
export function apiHeaders(pathname: string, method = 'GET', acting: ActingTenant | null = getActingTenant()): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };
  if (WRITES.has(method)) Object.assign(headers, CSRF_HEADER);
  if (isPublicPath(pathname)) return { portal: 'PUBLIC', 'public-tenant-id': publicTenantIdFrom(pathname), ...headers };
  if (acting) {
    headers['TENANT-ID'] = String(acting.id);
    if (acting.corporateId !== null) headers['CORPORATE-ID'] = String(acting.corporateId);
  }
  return headers;
}

export function buildUrl(path: string, params: Record<string, ParamValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function send(method: string, path: string, options: RequestOptions<unknown>): Promise<Response> {
  const headers = apiHeaders(window.location.pathname, method, options.asOwnTenant ? null : getActingTenant());
  // A form (file upload) sets its own multipart Content-Type with the boundary.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(`/api${path}`, options.params), {
      method,
      headers,
      body: options.body === undefined ? null : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // SPEC 8: an unreachable server (status 0) triggers nothing beyond the failed call itself.
    throw new ApiError(0, 'the server could not be reached');
  }
  if (response.status === 401 && options.redirectOn401 !== false) endSession();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; field?: string } | null;
    throw new ApiError(response.status, body?.message ?? response.statusText, body?.field);
  }
  return response;
}

/** Where the login page sends the user back to after a 401: the page they were on. */
export function loginHref(location: Pick<Location, 'pathname' | 'search'>): string {
  if (location.pathname === paths.login.path) return `${paths.login.getHref()}${location.search}`;
  return paths.login.getHref({ next: location.pathname + location.search });
}

let ending = false;

/** SPEC 8: a 401 clears the info cookie (and the tenant acted for) and goes to the login page, keeping `next`. */
function endSession(): void {
  document.cookie = `${INFO_COOKIE}=; Max-Age=0; path=/`;
  setActingTenant(null);
  // Several calls fail together when a session ends; one navigation is enough.
  if (ending || window.location.pathname === paths.login.path) return;
  ending = true;
  window.location.assign(loginHref(window.location));
}

async function json<T>(method: string, path: string, options: RequestOptions<T>): Promise<T> {
  const response = await send(method, path, options);
  // 204 and empty answers (some deletes) have no JSON to read.
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  return options.schema ? options.schema.parse(body) : (body as T);
}

/** The file name of a Content-Disposition header, preferring the exact UTF-8 form (filename*). */
export function fileNameOf(disposition: string | null): string | undefined {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (exact) return decodeURIComponent(exact);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
}

/** The one way the web app talks to the API (same host, under /api). */
export const api = {
  get: <T>(path: string, options: RequestOptions<T> = {}) => json<T>('GET', path, options),
  post: <T>(path: string, options: RequestOptions<T> = {}) => json<T>('POST', path, options),
  put: <T>(path: string, options: RequestOptions<T> = {}) => json<T>('PUT', path, options),
  patch: <T>(path: string, options: RequestOptions<T> = {}) => json<T>('PATCH', path, options),
  delete: <T>(path: string, options: RequestOptions<T> = {}) => json<T>('DELETE', path, options),
  /** A GET answered with a stream the caller reads itself (a camera's live view); errors as the other calls. */
  stream: (path: string, signal: AbortSignal): Promise<Response> => send('GET', path, { signal }),
  /** A POST answered with a file (reports, documents). */
  download: async (path: string, options: RequestOptions<never> = {}): Promise<Download> => {
    const response = await send('POST', path, options);
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  },
};
