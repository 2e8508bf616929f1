import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanIssue, humanServerMessage } from './messages';

describe('humanServerMessage: zod defaults from the server in a person\'s words', () => {
  it.each([
    ['Too small: expected string to have >=1 characters', 'Required'],
    ['Too small: expected string to have >=10 characters', 'Needs at least 10 characters'],
    ['Too big: expected string to have <=200 characters', 'Can have at most 200 characters'],
    ['Too small: expected number to be >=0', 'Must be 0 or more'],
    ['Invalid input: expected string, received undefined', 'Required'],
    ['Invalid input: expected number, received string', 'Must be a number'],
    ['Invalid option: expected one of "user"|"admin"', 'Choose one of the options'],
    ['Too small: expected array to have >=1 items', 'Choose at least one'],
    ['is already used by another account', 'is already used by another account'],
  ])('%j', (message, human) => {
    expect(humanServerMessage(message)).toBe(human);
  });
});

describe('humanIssue: what the form says under a field', () => {
  const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { reportInput: true }).error!.issues[0]!;
  it.each([
    ['an empty name', z.string().trim().min(1), '  ', 'Name is required'],
    ['a short password', z.string().min(10), 'abc', 'Name needs at least 10 characters'],
    ['an empty field that needs several characters', z.string().trim().min(3), ' ', 'Name is required'],
    ['a long name', z.string().max(5), 'abcdefg', 'Name can have at most 5 characters'],
    ['a missing value', z.string(), undefined, 'Name is required'],
    ['a number below its least', z.number().min(0), -1, 'Name must be 0 or more'],
    ['an option not offered', z.enum(['user', 'admin']), 'boss', 'Choose name from the list'],
    ["the contract's own words", z.string().regex(/^\d+$/, 'must be digits'), 'x', 'Name must be digits'],
    ['an email', z.email(), 'nope', 'Name must be an email address'],
  ])('%s', (_case, schema, value, message) => {
    expect(humanIssue(issue(schema, value), 'Name')).toBe(message);
  });
});

describe('humanIssue: a list field asks for a choice', () => {
  const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { reportInput: true }).error!.issues[0]!;
  it.each([
    ['Parameters', z.array(z.string()).min(1), [], 'Choose at least one parameter'],
    ['Email addresses', z.array(z.string()).min(1), [], 'Choose at least one email address'],
    ['Stations', z.array(z.number()).min(2), [1], 'Choose at least 2 stations'],
    ['Stations', z.array(z.number()).max(1), [1, 2], 'Choose at most 1 station'],
  ])('%s: %j', (label, schema, value, message) => {
    expect(humanIssue(issue(schema, value), label)).toBe(message);
  });
});
