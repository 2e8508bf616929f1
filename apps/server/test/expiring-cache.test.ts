import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../src/platform/cache/expiring-cache.ts';

describe('an expiring cache', () => {
  it('makes a value once for callers within its time, again after it, and shares a making under way', async () => {
    let now = 0;
    let made = 0;
    const cache = new ExpiringCache<number>(1_000, 10, () => now);
    const make = async () => ++made;
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)]);
    expect([a, b, made]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', make)).toBe(1);
    now = 1_000;
    expect(await cache.get('k', make)).toBe(2);
    cache.clear();
    expect(await cache.get('k', make)).toBe(3);
  });

  it('keeps no failure, and lets the least recently read go beyond its capacity', async () => {
    const cache = new ExpiringCache<string>(60_000, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('bad', async () => 'up')).toBe('up');
    await cache.get('a', async () => 'a1');
    await cache.get('bad', async () => 'never');
    await cache.get('b', async () => 'b1');
    // 'a' was read longest ago: it went when 'b' came.
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
  });
});

describe('an expiring cache bounded by weight', () => {
  it('lets the least recently read go while its values weigh more than its bound', async () => {
    const cache = new ExpiringCache<string>(60_000, 100, Date.now, { of: (v) => v.length, max: 10 });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    // 8 of 10: both kept.
    expect(await cache.get('a', async () => 'a2')).toBe('aaaa');
    await cache.get('c', async () => 'cccc');
    await new Promise((r) => setImmediate(r));
    // 12 of 10: 'b', read longest ago, went.
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    expect(await cache.get('c', async () => 'c2')).toBe('cccc');
    // Exactly at the bound: both kept.
    cache.clear();
    await cache.get('x', async () => 'xxxxxxxx');
    await cache.get('y', async () => 'yy');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('x', async () => 'x2')).toBe('xxxxxxxx');
  });
});

describe('an expiring cache that makes its values again behind its callers', () => {
  it('answers the kept value while making the next once it is old, and never one older than its time', async () => {
    let now = 0;
    let made = 0;
    let release = () => {};
    const cache = new ExpiringCache<number>(1_000, 10, () => now, undefined, 500);
    const make = () => new Promise<number>((resolve) => {
      const n = ++made;
      release = () => resolve(n);
      if (n === 1) resolve(n);
    });
    expect(await cache.get('k', make)).toBe(1);
    now = 600;
    // Old: the kept value at once, the next being made (once, however many ask).
    expect(await cache.get('k', make)).toBe(1);
    expect(await cache.get('k', make)).toBe(1);
    expect(made).toBe(2);
    release();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', make)).toBe(2);
    // Made again at 600: kept until 1,600; past it, callers wait for a new one.
    now = 1_700;
    const waited = cache.get('k', make);
    release();
    expect([await waited, made]).toEqual([3, 3]);
  });
});
