import { ApiError } from '@/lib/api-client';

/**
 * Splits an API error into a message per form field (the server names the field it blames, e.g.
 * 'body.name' or 'corporateId') and a general message for the rest.
 */
export function fieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
): { byField: Partial<Record<K, string>>; general: string | null } {
  if (!error) return { byField: {}, general: null };
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.field) {
    const path = error.field.split('.').filter((p) => p !== 'body');
    const field = fields.find((f) => f === path[0]);
    if (field) return { byField: { [field]: message.replace(/^[\w.]+: /, '') } as Partial<Record<K, string>>, general: null };
  }
  return { byField: {}, general: message };
}
