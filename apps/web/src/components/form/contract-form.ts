import type { z } from 'zod';
import { humanIssue } from './messages';

/**
 * A form's `validate` (for @mantine/form's useForm) by the API's own contract: a field fails on the
 * page exactly where the server would refuse it, so an empty or wrong form is never sent, and each
 * message names its field by `labels` (the inputs' labels). `toInput` turns the form's values into
 * the body the contract describes ('' for an absent phone becomes null, say).
 */
export function contractValidate<V, K extends string>(
  schema: z.ZodType,
  labels: Record<K, string>,
  toInput: (values: V) => unknown = (values) => values,
): (values: V) => Partial<Record<K, string>> {
  return (values) => {
    const result = schema.safeParse(toInput(values), { reportInput: true });
    if (result.success) return {};
    const errors: Partial<Record<K, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as K;
      if (field in labels && errors[field] === undefined) errors[field] = humanIssue(issue, labels[field]);
    }
    return errors;
  };
}
