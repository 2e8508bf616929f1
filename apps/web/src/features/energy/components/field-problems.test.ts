import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { generalProblem, problemsByField } from './field-problems';

describe("the energy forms' problems by field", () => {
  it("puts the page's own check and the server's refusal under the field they name, in the services' spelling", () => {
    const server = new ApiError(400, 'body.windows.2.rate: Too small: expected number to be >=0', 'body.windows.2.rate');
    const problems = problemsByField([{ field: 'windows[3]', message: 'overlaps window 1 at 00:00–01:00' }], server);
    expect(Object.fromEntries(problems)).toEqual({ 'windows[3]': 'Overlaps window 1 at 00:00–01:00', 'windows[2].rate': 'Must be 0 or more' });
  });

  it("keeps the page's own message when the server blames the same field", () => {
    const server = new ApiError(400, 'validFrom: 2026-10-01 is in a closed month', 'validFrom');
    expect(problemsByField([{ field: 'validFrom', message: 'the day is required' }], server).get('validFrom')).toBe('The day is required');
    expect(problemsByField([], server).get('validFrom')).toBe('2026-10-01 is in a closed month');
  });

  it('leaves a refusal no input shows for above the button', () => {
    const named = new ApiError(400, 'entityId: Kiln Feeder is not a main meter', 'entityId');
    expect(generalProblem(named, (f) => f === 'validFrom')).toBe('entityId: Kiln Feeder is not a main meter');
    expect(generalProblem(new ApiError(400, 'validFrom: closed', 'validFrom'), (f) => f === 'validFrom')).toBeNull();
    expect(generalProblem(null, () => false)).toBeNull();
  });
});
