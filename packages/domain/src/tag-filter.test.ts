import { describe, expect, it } from 'vitest';
import { filterByTags, matchesTags } from './tag-filter.ts';

describe('matchesTags (SPEC 5)', () => {
  const tags = { stack: 'Boiler 1', fuel: 'coal' };
  it.each([
    [{}, true],
    [{ stack: ['Boiler 1'] }, true],
    [{ stack: ['boiler 1'] }, true],
    [{ stack: ['BOILER 1', 'Kiln'] }, true],
    [{ stack: ['Kiln'] }, false],
    [{ stack: ['Boiler 1'], fuel: ['COAL'] }, true],
    [{ stack: ['Boiler 1'], fuel: ['gas'] }, false],
    [{ stack: ['Boiler 1'], zone: ['north'] }, false],
    [{ Stack: ['Boiler 1'] }, false],
    [{ fuel: [] }, true],
    [{ zone: [] }, false],
  ])('%j -> %s', (filter, expected) => {
    expect(matchesTags(tags, filter)).toBe(expected);
  });

  it('keeps matching items in order', () => {
    const items: { id: number; tags: Record<string, string> }[] = [{ id: 1, tags: { stack: 'Kiln' } }, { id: 2, tags: {} }, { id: 3, tags: { stack: 'kiln' } }];
    expect(filterByTags(items, { stack: ['KILN'] }).map((i) => i.id)).toEqual([1, 3]);
  });
});
