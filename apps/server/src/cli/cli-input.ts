import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ZodType } from 'zod';

/** The command was called wrongly (unknown command or flag, missing flag): exit 2 with usage. */
export class UsageError extends Error {}

/** The input is wrong: exit 1 with a message that starts with the field at fault. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** The flags a command accepts, as parseArgs takes them. */
export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

export type FlagValues = Record<string, string | boolean | string[] | undefined>;

/** Flags of one command; parseArgs' own errors (unknown flag, missing value) are usage errors. */
export function parseFlags(args: string[], options: FlagOptions): FlagValues {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as FlagValues;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The object given with --json, which flags then override. */
export function jsonFlag(raw: string | boolean | string[] | undefined): Record<string, unknown> {
  if (typeof raw !== 'string') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new InputError('--json', `not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InputError('--json', 'must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** A flag's text, or undefined when not given. */
export function text(values: FlagValues, flag: string): string | undefined {
  const v = values[flag];
  return typeof v === 'string' ? v : undefined;
}

/** A numeric flag as a number; text that is not a number stays text so the contract names it. */
export function numeric(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

/** `name=value` pairs of a repeatable flag (--property 'Capacity=250'). */
export function pairs(values: FlagValues, flag: string): [string, string][] | undefined {
  const list = values[flag];
  if (!Array.isArray(list)) return undefined;
  return list.map((item) => {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new InputError(`--${flag}`, `${JSON.stringify(item)} is not name=value`);
    return [item.slice(0, eq).trim(), item.slice(eq + 1).trim()];
  });
}

/** Drops undefined entries, so flags not given leave --json's fields alone. */
export function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/**
 * Parses input against a contract. Each issue names its contract field and, when a flag sets it,
 * the flag too: `tenantId (--tenant): Invalid input: expected number, received NaN`.
 */
export function validate<T extends ZodType>(schema: T, input: unknown, flagOf: Record<string, string>): ReturnType<T['parse']> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data as ReturnType<T['parse']>;
  const [first, ...rest] = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || 'input';
    const flag = flagOf[String(issue.path[0])];
    return { field: flag ? `${path} (--${flag})` : path, message: issue.message };
  });
  throw new InputError(first!.field, [first!.message, ...rest.map((i) => `${i.field}: ${i.message}`)].join('; '));
}
