import { describe, expect, it } from 'vitest';
import { statusCountsText } from './status-counts';

describe('counts by status in words', () => {
  it('names every status a reader expects, zeros included, and the rest only when some are in them', () => {
    const counts = [
      { label: 'Live', count: 3, colour: 'green', always: true },
      { label: 'Delayed', count: 1, colour: 'orange', always: true },
      { label: 'Offline', count: 0, colour: 'red', always: true },
      { label: 'Never reported', count: 0, colour: 'gray' },
    ];
    expect(statusCountsText(counts)).toBe('Live 3 · Delayed 1 · Offline 0');
    expect(statusCountsText([...counts.slice(0, 3), { ...counts[3]!, count: 2 }])).toBe('Live 3 · Delayed 1 · Offline 0 · Never reported 2');
  });
});
