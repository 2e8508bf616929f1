import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('auditDiff', () => {
  it.each([
    [
      'a status change marks only the status',
      { name: 'Kiln', status: 'ENABLED' },
      { name: 'Kiln', status: 'GRACE' },
      [
        { field: 'name', before: 'Kiln', after: 'Kiln', changed: false },
        { field: 'status', before: 'ENABLED', after: 'GRACE', changed: true },
      ],
    ],
    [
      'a creation has no before',
      null,
      { name: 'Kiln', units: 3 },
      [
        { field: 'name', before: '', after: 'Kiln', changed: true },
        { field: 'units', before: '', after: '3', changed: true },
      ],
    ],
    [
      'a removed field and nested values',
      { tags: ['a'], city: null },
      { tags: ['a', 'b'] },
      [
        { field: 'tags', before: '["a"]', after: '["a","b"]', changed: true },
        { field: 'city', before: 'null', after: '', changed: true },
      ],
    ],
    ['a scalar row', '0', '1', [{ field: 'value', before: '0', after: '1', changed: true }]],
    ['nothing on either side', null, null, []],
  ])('%s', (_, before, after, rows) => {
    expect(auditDiff(before, after)).toEqual(rows);
  });
});
