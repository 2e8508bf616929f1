/** One field of a recorded change. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const text = (v: unknown): string => (v === undefined ? '' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v));

const fieldsOf = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { value: v };

/**
 * The fields of a change's before and after rows side by side, in the order they first appear;
 * `changed` marks those whose values differ (a creation or removal changes every field).
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = text(b[field]);
    const now = text(a[field]);
    return { field, before: field in b ? was : '', after: field in a ? now : '', changed: !(field in b && field in a) || was !== now };
  });
}
