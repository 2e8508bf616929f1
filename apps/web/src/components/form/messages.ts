import type { z } from 'zod';

/** zod's own English, which the server answers with: kept for the API, never shown to a person as is. */
const SERVER_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Too small: expected string to have >=?1 characters?$/, () => 'Required'],
  [/^Too small: expected string to have >=?(\d+) characters$/, (m) => `Needs at least ${m[1]} characters`],
  [/^Too big: expected string to have <=?(\d+) characters$/, (m) => `Can have at most ${m[1]} characters`],
  [/^Too small: expected number to be >=?(\S+)$/, (m) => `Must be ${m[1]} or more`],
  [/^Too big: expected number to be <=?(\S+)$/, (m) => `Must be ${m[1]} or less`],
  [/^Invalid input: expected \w+, received (undefined|null)$/, () => 'Required'],
  [/^Invalid input: expected (\w+), received \w+$/, (m) => `Must be a ${m[1]}`],
  [/^Too small: expected array to have >=?1 items?$/, () => 'Choose at least one'],
  [/^Too small: expected array to have >=?(\d+) items$/, (m) => `Choose at least ${m[1]}`],
  [/^Too big: expected array to have <=?(\d+) items$/, (m) => `Choose at most ${m[1]}`],
  [/^Invalid option: expected one of/, () => 'Choose one of the options'],
  [/^Invalid (string|email|format)/, () => 'Is not in the expected form'],
];

/**
 * A message the server gave for one field, in words a person can act on: zod's defaults ('Too
 * small: expected string to have >=1 characters') are rewritten, the service's own ('Name is
 * already used') kept.
 */
export function humanServerMessage(message: string): string {
  for (const [pattern, say] of SERVER_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return message;
}

type Issue = z.core.$ZodIssue;

/**
 * What a form says under the field `label` (as its input is labelled: 'Contact email') when the
 * contract refuses it: 'Name is required', 'Contact email must be an email address'.
 */
export function humanIssue(issue: Issue, label: string): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 || issue.input === '' ? `${label} is required` : `${label} needs at least ${issue.minimum} characters`;
      if (issue.origin === 'number') return `${label} must be ${issue.minimum} or ${issue.inclusive ? 'more' : 'above'}`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? `Choose at least one ${singular(label)}` : `Choose at least ${issue.minimum} ${label.toLowerCase()}`;
      return `${label} needs at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} can have at most ${issue.maximum} characters`;
      if (issue.origin === 'number') return `${label} must be ${issue.maximum} or ${issue.inclusive ? 'less' : 'below'}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum} ${Number(issue.maximum) === 1 ? singular(label) : label.toLowerCase()}`;
      return `${label} can have at most ${issue.maximum}`;
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} must be a ${issue.expected}`;
    case 'invalid_value':
      return `Choose ${label.toLowerCase()} from the list`;
    case 'invalid_format':
      if (issue.format === 'email') return `${label} must be an email address`;
      return ownWords(issue.message) ? `${label} ${issue.message}` : `${label} is not in the expected form`;
    default:
      return ownWords(issue.message) ? `${label} ${issue.message}` : `${label} is not valid`;
  }
}

/** One of a plural field label, as a sentence names it: 'Parameters' → 'parameter', 'Email addresses' → 'email address'. */
function singular(label: string): string {
  const lower = label.toLowerCase();
  if (lower.endsWith('sses')) return lower.slice(0, -2);
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/** A contract's own message ('must be a phone number') reads after the label; zod's defaults start with a capital. */
const ownWords = (message: string) => /^[a-z]/.test(message);
