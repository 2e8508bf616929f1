/** Errors a service may throw; the error plugin turns them into the one error body of the API. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Dotted path of the offending input field, when one is to blame. */
    readonly field?: string,
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
