import { describe, expect, it } from 'vitest';
import { defaultListedStatuses } from './tenant-list.ts';

describe('defaultListedStatuses', () => {
  it.each([
    ['site', ['ENABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED']],
    ['tenant', ['ENABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED']],
    ['statutory', ['ENABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED', 'DISABLED']],
    ['cgwa', ['ENABLED', 'TRIAL', 'GRACE', 'EXPIRED', 'DEMO', 'AWAITED', 'DISABLED']],
  ])('for a %s caller is %j', (userType, expected) => {
    expect(defaultListedStatuses(userType)).toEqual(expected);
  });
});
