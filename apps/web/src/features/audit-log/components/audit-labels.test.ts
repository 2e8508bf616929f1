import { describe, expect, it } from 'vitest';
import { recordLabel, whoLabel } from './audit-labels';

describe('whoLabel', () => {
  it.each([
    ['a user the reader sees, by name', { actor: 'user:6', actorUserId: 6, actorName: 'Sita Site' }, 'Sita Site'],
    ['a user of another organisation, by display id', { actor: 'user:6', actorUserId: 6, actorName: null }, 'U-000006 (another organisation)'],
    ['the command line', { actor: 'cli', actorUserId: null, actorName: null }, 'Operator (command line)'],
    ['an actor it does not know, as recorded', { actor: 'importer', actorUserId: null, actorName: null }, 'importer'],
  ])('%s', (_case, entry, expected) => {
    expect(whoLabel(entry)).toBe(expected);
  });
});

describe('recordLabel', () => {
  it.each([
    ['a user by their name now', { entity: 'app_user:6', entityName: 'Neel New', before: null, after: { name: 'Neel' } }, 'User Neel New'],
    ['a tenant by its name now', { entity: 'tenant:12', entityName: 'Alpha Paper', before: null, after: null }, 'Tenant Alpha Paper'],
    ['a corporate no longer seen, by the name the change recorded', { entity: 'corporate:5', entityName: null, before: { name: 'Old' }, after: { name: 'Alpha Group' } }, 'Corporate Alpha Group'],
    ['a user without a name anywhere, by display id', { entity: 'app_user:6', entityName: null, before: null, after: { status: 'DISABLED' } }, 'User U-000006'],
    ['a tenant without a name, by display id', { entity: 'tenant:12', entityName: null, before: null, after: {} }, 'Tenant T-000012'],
    ['a kind of row it does not know, as recorded', { entity: 'device:3', entityName: null, before: null, after: null }, 'device:3'],
  ])('%s', (_case, entry, expected) => {
    expect(recordLabel(entry)).toBe(expected);
  });
});
