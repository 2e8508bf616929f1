import { ApiError } from '@/lib/api-client';

/**
 * The API's message for one form field, when the error blames it: the server names fields as
 * `password` (services) or `body.password` (schema validation) and starts its message with that
 * name, which the form does not repeat under the field.
 */
export function apiFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.field === undefined) return undefined;
  if (error.field !== field && !error.field.endsWith(`.${field}`)) return undefined;
  const text = error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The API's message when it blames none of `fields`: shown above the form's button. */
export function apiFormError(error: unknown, fields: readonly string[]): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return fields.some((f) => apiFieldError(error, f) !== undefined) ? undefined : error.message;
}
