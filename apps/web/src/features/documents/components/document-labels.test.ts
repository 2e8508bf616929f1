import { describe, expect, it } from 'vitest';
import { formatBytes, standingBadge } from './document-labels';

describe('document labels', () => {
  it.each([
    [812, '812 B'],
    [46_285, '45.2 KB'],
    [3_565_158, '3.4 MB'],
    [1024 ** 3, '1.0 GB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    ['EXPIRED', -1, 'Expired 1 day ago'],
    ['EXPIRED', -10, 'Expired 10 days ago'],
    ['WITHIN_7', 0, 'Expires today'],
    ['WITHIN_7', 1, 'Expires in 1 day'],
    ['WITHIN_30', 20, 'Expires in 20 days'],
    ['VALID', 400, 'Valid'],
  ])('%s with %i days left reads %s', (standing, days, label) => {
    expect(standingBadge(standing, days).label).toBe(label);
  });
});
