import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { contractValidate } from './contract-form';
import { fieldErrors } from './field-errors';

interface ContractFormOptions<V, I, K extends string> {
  initialValues: V;
  /** The API's body contract: a field fails on the page where the server would refuse it. */
  schema: z.ZodType;
  /** Each checked field's label, as its input shows it; messages name the field by it. */
  labels: Record<K, string>;
  /** The body sent for the form's values ('' for an absent phone becomes null, say). */
  toInput: (values: V) => I;
  /** The error of the request that sent the form: its field errors go under their inputs. */
  error: unknown;
  /** Checks of fields the body does not carry (a password typed twice), by field. */
  check?: (values: V) => Partial<Record<string, string>>;
}

/**
 * Every form's one shape (@mantine/form): checked by the API's contract before it is sent, so an
 * empty or wrong form is never posted and each field says in words what is wrong; `form.onSubmit`
 * hands the valid body on. What the server still refuses goes under the field it names, cleared as
 * the user edits it, and `general` is any other refusal, for above the button.
 */
export function useContractForm<V extends Record<string, unknown>, I, K extends string>(options: ContractFormOptions<V, I, K>) {
  const { labels, toInput, error, check } = options;
  const byContract = contractValidate(options.schema, labels, toInput);
  const form = useForm<V, (values: V) => I>({
    initialValues: options.initialValues,
    validate: (values) => ({ ...byContract(values), ...check?.(values) }) as Record<string, string>,
    transformValues: toInput,
  });
  const fields = Object.keys(labels) as K[];
  const { byField, general } = fieldErrors(error, fields);
  const { setErrors } = form;
  // Set once per refusal (not per render), so editing a field clears its message as usual.
  useEffect(() => {
    if (Object.keys(byField).length > 0) setErrors(byField);
  }, [error]);
  return { form, general };
}
