import { describe, expect, it } from 'vitest';
import { deviceDisplayId, tenantDisplayId, userDisplayId } from './display-id.ts';

describe('display ids', () => {
  it.each([
    ['device', deviceDisplayId, 42, 'D-0000000042'],
    ['device', deviceDisplayId, '7', 'D-0000000007'],
    ['device', deviceDisplayId, 12345678901, 'D-12345678901'],
    ['user', userDisplayId, 42, 'U-000042'],
    ['user', userDisplayId, 1234567, 'U-1234567'],
    ['tenant', tenantDisplayId, 3, 'T-000003'],
  ])('%s %s is %s', (_kind, fn, id, expected) => {
    expect(fn(id)).toBe(expected);
  });
});
