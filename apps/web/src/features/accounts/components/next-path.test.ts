import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('nextPath: after login, `next` or /app', () => {
  it.each<[string | null, string]>([
    ['/app/admin/users?page=2', '/app/admin/users?page=2'],
    ['/app', '/app'],
    [null, '/app'],
    ['', '/app'],
    ['https://evil.example/app', '/app'],
    ['//evil.example/app', '/app'],
    ['/\\evil.example', '/app'],
    ['/login', '/app'],
    ['/login?next=%2Fapp', '/app'],
  ])('%j → %s', (next, path) => {
    expect(nextPath(next)).toBe(path);
  });
});
