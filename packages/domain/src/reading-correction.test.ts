import { describe, expect, it } from 'vitest';
import { correctedValue, planCorrection } from './reading-correction.ts';

describe('correctedValue', () => {
  it('scales a wrong unit, replaces, or leaves no value', () => {
    expect(correctedValue(0.042, { kind: 'LINEAR', factor: 1000, offset: 0 })).toBeCloseTo(42);
    expect(correctedValue(30, { kind: 'LINEAR', factor: 1, offset: -5 })).toBe(25);
    expect(correctedValue(999, { kind: 'REPLACE', value: 12.5 })).toBe(12.5);
    expect(correctedValue(80, { kind: 'INVALID' })).toBeNull();
  });
});

describe('planCorrection', () => {
  const h = 3_600_000;
  const current = [
    { id: '1', from: 0, to: 2 * h, version: 1 },
    { id: '2', from: 4 * h, to: 6 * h, version: 3 },
  ];

  it('a period apart is version 1 and supersedes nothing', () => {
    expect(planCorrection(current, 2 * h, 4 * h)).toEqual({ ok: true, supersedes: [], version: 1 });
  });

  it('the same or a wider period supersedes, with the version after the highest', () => {
    expect(planCorrection(current, 0, 2 * h)).toEqual({ ok: true, supersedes: ['1'], version: 2 });
    expect(planCorrection(current, 0, 6 * h)).toEqual({ ok: true, supersedes: ['1', '2'], version: 4 });
  });

  it('a partial overlap is refused, naming the correction it cuts', () => {
    const plan = planCorrection(current, h, 3 * h);
    expect(plan.ok).toBe(false);
    expect(plan.ok ? null : plan.overlapping.id).toBe('1');
  });
});
