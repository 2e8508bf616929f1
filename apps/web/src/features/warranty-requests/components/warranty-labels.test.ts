import { describe, expect, it } from 'vitest';
import { minutesText, responseText, slaText } from './warranty-labels';

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
    expect(slaText({ slaMinutesLeft: 90, resolutionOverdue: false })).toBe('1 h 30 min left');
    expect(slaText({ slaMinutesLeft: -300, resolutionOverdue: true })).toBe('overdue by 5 h');
    expect(slaText({ slaMinutesLeft: null, resolutionOverdue: false })).toBe('-');
  });

  it('says the response clock: time to respond, overdue, or when the partner responded', () => {
    const at = (iso: string) => `at ${iso.slice(11, 16)}`;
    expect(responseText({ responseMinutesLeft: 45, responseOverdue: false, respondedAt: null }, at)).toBe('45 min left to respond');
    expect(responseText({ responseMinutesLeft: -120, responseOverdue: true, respondedAt: null }, at)).toBe('no response, overdue by 2 h');
    expect(responseText({ responseMinutesLeft: null, responseOverdue: false, respondedAt: '2026-11-20T06:00:00.000Z' }, at)).toBe('responded at 06:00');
  });
});
