/** Errors a service may throw; the error plugin turns them into the one error body of the API. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Dotted path of the offending input field, when one is to blame. */
    readonly field?: string,
    /** Headers the answer carries, such as a 429's Retry-After. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, `${field}: ${message}`, field);
export const unauthorized = (message = 'authentication required') => new HttpError(401, message);
export const forbidden = (message = 'not allowed') => new HttpError(403, message);
/** A refusal caused by one field's value (403 naming it), e.g. a role the caller may not grant. */
export const forbiddenField = (field: string, message: string) => new HttpError(403, `${field}: ${message}`, field);
/** A value another row already holds (409 naming the field). */
export const conflict = (field: string, message: string) => new HttpError(409, `${field}: ${message}`, field);
export const notFound = (message: string) => new HttpError(404, message);
/** 429 saying, in Retry-After, how many whole seconds to wait before trying again (at least one). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
