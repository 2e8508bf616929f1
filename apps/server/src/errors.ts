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
export const notFound = (message: string) => new HttpError(404, message);
