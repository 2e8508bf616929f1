import { describe, expect, it } from 'vitest';
import { isHeaderShown } from './header-visibility';

describe('isHeaderShown', () => {
  it.each([
    ['/', true],
    ['/public/dashboard/industry/4', true],
    ['/tenant/checkout/12', false],
    ['/selectplan', false],
    ['/billing/selectplan/basic', false],
  ])('%s: %s', (pathname, shown) => {
    expect(isHeaderShown(pathname)).toBe(shown);
  });
});
