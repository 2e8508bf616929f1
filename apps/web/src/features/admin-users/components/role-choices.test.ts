import { describe, expect, it } from 'vitest';
import { roleChoices } from './role-choices';

describe('roleChoices', () => {
  it.each([
    ['tenant', ['user', 'admin']],
    ['site', ['site', 'admin', 'user', 'support', 'operations']],
    ['statutory', ['statutory', 'admin', 'user']],
    ['corporate_admin', ['admin', 'user']],
    ['investor', ['investor']],
  ] as const)('%s users can be %j', (userType, roles) => {
    expect(roleChoices(userType)).toEqual(roles);
  });
});
