import { describe, expect, it } from 'vitest';
import { compareNatural, sortByNameNatural } from './natural-sort.ts';

describe('compareNatural (SPEC 5)', () => {
  it.each([
    ['Stack 2', 'Stack 10', -1],
    ['Stack 10', 'Stack 2', 1],
    ['Stack 1', 'Stack 01', 1],
    ['Stack 01', 'Stack 1', -1],
    ['Stack 20', 'Stack 100', -1],
    ['Stack 3', 'stack 3', -1],
    ['Stack 3', 'Stack 3', 0],
    ['Boiler', 'boiler 1', -1],
    ['CEMS-9 Kiln', 'CEMS-10 Cooler', -1],
    ['Unit 2 Stack 9', 'Unit 2 Stack 10', -1],
    ['Alpha', 'Beta', -1],
    ['', 'A', -1],
  ])('%j vs %j -> %i', (a, b, expected) => {
    expect(Math.sign(compareNatural(a, b))).toBe(expected);
  });
});

describe('sortByNameNatural', () => {
  it.each([
    [['Stack 10', 'Stack 2', 'Stack 1'], ['Stack 1', 'Stack 2', 'Stack 10']],
    [['ETP 11', 'ETP 9', 'AAQMS 3', 'etp 10'], ['AAQMS 3', 'ETP 9', 'etp 10', 'ETP 11']],
    [['Stack 100', 'Stack 20', 'Stack 3'], ['Stack 3', 'Stack 20', 'Stack 100']],
    [[], []],
  ])('%j -> %j', (names, expected) => {
    const items = names.map((name) => ({ name }));
    expect(sortByNameNatural(items, (i) => i.name).map((i) => i.name)).toEqual(expected);
  });

  it('leaves its input untouched', () => {
    const items = [{ name: 'b' }, { name: 'a' }];
    sortByNameNatural(items, (i) => i.name);
    expect(items.map((i) => i.name)).toEqual(['b', 'a']);
  });
});
