import { describe, expect, it } from 'vitest';
import { stationTypeLabel } from './labels';

describe('stationTypeLabel', () => {
  it.each([
    ['cems', 'CEMS'],
    ['eqms', 'EQMS'],
    ['caaqms', 'CAAQMS'],
    ['ground water', 'Ground water'],
    ['Ash', 'Ash'],
    ['Water Level', 'Water Level'],
  ])('%s is written %s', (type, label) => {
    expect(stationTypeLabel(type)).toBe(label);
  });
});
