import { describe, expect, it } from 'vitest';
import { fallbackLabel } from './use-param-labels';

describe('a parameter key the catalogue does not name', () => {
  it.each([
    ['pm2_5', 'PM2.5'],
    ['flow_emission', 'Flow emission'],
    ['cod', 'Cod'],
  ])('%s reads %s', (key, label) => expect(fallbackLabel(key)).toBe(label));
});
