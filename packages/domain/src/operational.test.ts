import { describe, expect, it } from 'vitest';
import { isOperating, operationalValue } from './operational.ts';

describe('operational rule', () => {
  it.each([
    ['no properties', [], 'True', true],
    ['Operational True', [{ name: 'Operational', value: 'True' }], 'True', true],
    ['Operational False', [{ name: 'Operational', value: 'False' }], 'False', false],
    ['only exactly False stops it', [{ name: 'Operational', value: 'false' }], 'false', true],
    ['other properties ignored', [{ name: 'Capacity', value: 'False' }], 'True', true],
  ])('%s', (_rule, properties, value, operating) => {
    expect(operationalValue(properties)).toBe(value);
    expect(isOperating(properties)).toBe(operating);
  });
});
