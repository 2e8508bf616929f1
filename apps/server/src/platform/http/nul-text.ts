import { badRequest, type HttpError } from '../errors.ts';

/**
 * The dotted path, from `at`, of the first string or key in `value` holding U+0000 (NUL), or
 * undefined. PostgreSQL text and jsonb cannot hold that character: a query naming it fails.
 */
export function nulFieldOf(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, v] of Object.entries(value)) {
    const path = `${at}.${key}`;
    if (key.includes('\0')) return path;
    const found = nulFieldOf(v, path);
    if (found) return found;
  }
  return undefined;
}

export const nulRefused = (field: string): HttpError => badRequest(field, 'must not contain the NUL character (\\u0000)');
