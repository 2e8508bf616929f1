import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { axisFormatFor, DISPLAY_TIME_ZONE, formatByPeriod, formatDateTime12, formatDateTime24, formatInZone } from './format-date.ts';

// 2025-03-25T08:35:09Z is 14:05:09 in Asia/Kolkata (UTC+5:30).
const AT = Date.parse('2025-03-25T08:35:09Z');
// 2024-12-31T20:00:00Z is already 1 January 2025 in India.
const NEW_YEAR_IN_INDIA = '2024-12-31T20:00:00Z';

describe('dates in Asia/Kolkata', () => {
  it.each([
    ['12-hour', formatDateTime12(AT), '03/25/2025 02:05:09 PM'],
    ['24-hour', formatDateTime24(AT), '2025-03-25 14:05:09'],
    ['24-hour from ISO text', formatDateTime24('2025-03-25T08:35:09.000Z'), '2025-03-25 14:05:09'],
    ['day period', formatByPeriod(AT, 'day'), '25 Mar 2025'],
    ['month period', formatByPeriod(AT, 'month'), 'Mar 2025'],
    ['year period', formatByPeriod(AT, 'year'), '2025'],
    ['day crossing midnight', formatByPeriod(NEW_YEAR_IN_INDIA, 'day'), '01 Jan 2025'],
    ['year crossing midnight', formatByPeriod(NEW_YEAR_IN_INDIA, 'year'), '2025'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('formatInZone: the offset in force against the time-zone database', () => {
  const formats = ['YYYY-MM-DD HH:mm:ss', 'MM/DD/YYYY hh:mm:ss A', 'DD MMM', 'MMM YYYY', 'YYYY', 'HH:mm Z'];
  // Each side of midnight in India, a leap day, 1946 (just after +05:30 began), war time (+06:30),
  // Madras time of 1900 (+05:21:10, not whole minutes), and now.
  const instants = ['1946-01-01T00:00:00Z', '1943-06-01T12:00:00Z', '1900-01-01T12:00:00Z', '2024-02-28T18:29:59Z', '2024-02-28T18:30:00Z', '2025-12-31T18:30:00Z', Date.now()];
  it.each(instants.flatMap((at) => formats.map((f) => [at, f] as const)))('%s as %s', (at, format) => {
    expect(formatInZone(at, format)).toBe(dayjs(at).tz(DISPLAY_TIME_ZONE).format(format));
  });

  it('an invalid date stays invalid', () => {
    expect(formatInZone('not a date', 'YYYY')).toBe(dayjs('not a date').format('YYYY'));
  });

  it('another zone still goes through the zone database', () => {
    expect(formatInZone('2025-07-01T12:00:00Z', 'HH:mm', 'Europe/London')).toBe('13:00');
  });
});

describe('axisFormatFor: axis labels by interval', () => {
  it.each([
    ['instances', 'DD MMM HH:mm'],
    ['minute_15', 'DD MMM HH:mm'],
    ['hour_12', 'DD MMM HH:mm'],
    ['day_1', 'DD MMM'],
    ['month_1', 'MMM YYYY'],
    ['year_1', 'YYYY'],
  ])('%s uses %s', (interval, expected) => {
    expect(axisFormatFor(interval)).toBe(expected);
  });
});
