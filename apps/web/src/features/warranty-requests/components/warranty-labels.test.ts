import { describe, expect, it } from 'vitest';
import { minutesText, slaText } from './warranty-labels';

describe('the SLA in words', () => {
  it('gives the two largest units', () => {
    expect(minutesText(0)).toBe('0 min');
    expect(minutesText(59)).toBe('59 min');
    expect(minutesText(60)).toBe('1 h');
    expect(minutesText(310)).toBe('5 h 10 min');
    expect(minutesText(2 * 1440 + 4 * 60 + 7)).toBe('2 d 4 h');
    expect(minutesText(1440)).toBe('1 d');
  });

  it('says time left, overdue, or nothing once the partner is done', () => {
    expect(slaText({ slaMinutesLeft: 90, overdue: false })).toBe('1 h 30 min left');
    expect(slaText({ slaMinutesLeft: -300, overdue: true })).toBe('overdue by 5 h');
    expect(slaText({ slaMinutesLeft: null, overdue: false })).toBe('-');
  });
});
