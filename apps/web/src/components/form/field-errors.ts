import { ApiError } from '@/lib/api-client';
import { humanServerMessage } from './messages';

/**
 * Splits an API error into a message per form field and a general message for the rest, for every
 * form. The server names the field it blames (`field` of its 400/403/409 answer) as `name` from a
 * service or `body.name` from schema validation (deeper for a nested value), and starts its message
 * with that name: a form field is a property of the body, so the first segment after `body` picks
 * it, and under the field the message goes without the name, in words a person acts on (zod's
 * 'Too small: …' becomes 'Required'), first letter capitalised. An error that blames none of
 * `fields` is `general`, as the server wrote it.
 */
export function fieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
): { byField: Partial<Record<K, string>>; general: string | null } {
  if (!error) return { byField: {}, general: null };
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.field) {
    const blamed = error.field.split('.').filter((p) => p !== 'body')[0];
    const field = fields.find((f) => f === blamed);
    if (field) return { byField: { [field]: fieldMessage(message, error.field) } as Partial<Record<K, string>>, general: null };
  }
  return { byField: {}, general: message };
}

function fieldMessage(message: string, field: string): string {
  const text = humanServerMessage(message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
