import { describe, expect, it } from 'vitest';
import { toPage } from '../src/platform/http/paging.ts';

describe('toPage', () => {
  it('answers the rows with the total over all pages and the page and size asked for', () => {
    const query = { page: 2, size: 10, sort: 'name', searchString: 'x' };
    expect(toPage(['a', 'b'], 22, query)).toEqual({ items: ['a', 'b'], total: 22, page: 2, size: 10 });
  });

  it('keeps the page asked for past the last one, with no rows', () => {
    expect(toPage([], 3, { page: 5, size: 20 })).toEqual({ items: [], total: 3, page: 5, size: 20 });
  });
});
