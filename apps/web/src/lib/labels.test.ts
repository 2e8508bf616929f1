import { describe, expect, it } from 'vitest';
import { stationTypeLabel } from './labels';

describe('stationTypeLabel', () => {
  it.each([
    ['cems', 'Stack emissions (CEMS)'],
    ['eqms', 'Effluent (EQMS)'],
    ['caaqms', 'Ambient air (CAAQMS)'],
    ['ground water', 'Ground water'],
    ['Ash', 'Ash'],
    ['Water Level', 'Water Level'],
  ])('%s is written %s', (type, label) => {
    expect(stationTypeLabel(type)).toBe(label);
  });
});
