import { humanServerMessage } from '@/components/form/messages';
import { ApiError } from '@/lib/api-client';

/** A problem naming its field the way the server names it ('windows[2].rate', 'factors', 'validFrom'). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The problems of a form by field, as the energy forms show them under their inputs: the checks
 * the page runs itself (the domain's own, the ones the server runs) and the server's refusal, whose
 * field is the same path, sometimes under `body.` (schema validation). A message loses its leading
 * field name and starts with a capital letter; the page's own check of a field comes first.
 */
export function problemsByField(own: readonly FieldProblem[], error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const add = (field: string, text: string) => {
    if (!out.has(field)) out.set(field, text.charAt(0).toUpperCase() + text.slice(1));
  };
  for (const p of own) add(p.field, p.message);
  if (error instanceof ApiError && error.field) add(serverField(error.field), humanServerMessage(error.message.replace(/^[\w.[\]]+: /, '')));
  return out;
}

/** A field as the server names it, in the services' spelling: 'body.windows.2.rate' is 'windows[2].rate'. */
const serverField = (field: string) => field.replace(/^body\./, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/** The server's refusal when no input of the form shows it (`shownAt` its field), for above the button; else null. */
export function generalProblem(error: unknown, shownAt: (field: string) => boolean): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.field && shownAt(serverField(error.field))) return null;
  return error instanceof Error ? error.message : String(error);
}
