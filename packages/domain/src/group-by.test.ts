import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.ts';

describe('groupBy', () => {
  it('keeps each group in the order of the items', () => {
    const groups = groupBy([3, 8, 5, 2, 7], (n) => n % 2);
    expect([...groups.entries()]).toEqual([
      [1, [3, 5, 7]],
      [0, [8, 2]],
    ]);
  });

  it('maps items into their group', () => {
    const groups = groupBy(['ash', 'bore', 'air'], (s) => s[0], (s) => s.length);
    expect(groups.get('a')).toEqual([3, 3]);
    expect(groups.get('b')).toEqual([4]);
  });

  it('answers an empty map for no items', () => {
    expect(groupBy([], () => 1).size).toBe(0);
  });
});
