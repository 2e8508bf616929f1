import { describe, expect, it } from 'vitest';
import {
  addCalendar,
  addDays,
  dayOf,
  fixedOffset,
  fromWallClock,
  isoInZone,
  isTimeZone,
  offsetAt,
  parseDateTime,
  parseLocalDate,
  startOfCalendar,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
} from './time-zone.ts';

const at = (iso: string) => Date.parse(iso);
const NY = 'America/New_York';

describe('isTimeZone', () => {
  it.each([
    ['Asia/Kolkata', true],
    ['UTC', true],
    ['America/New_York', true],
    ['Asia/Calcutta', true],
    ['Mars/Olympus', false],
    ['', false],
    [' UTC', false],
  ])('%j -> %s', (name, expected) => {
    expect(isTimeZone(name)).toBe(expected);
  });
});

describe('offsetAt', () => {
  it.each([
    ['2024-03-10T12:00:00Z', 'Asia/Kolkata', 330],
    ['2024-03-10T06:59:59Z', NY, -300],
    ['2024-03-10T07:00:00Z', NY, -240],
    ['2024-03-10T12:00:00Z', 'Asia/Kathmandu', 345],
    ['2024-03-10T12:00:00Z', 'UTC', 0],
  ])('%s in %s is %i minutes', (iso, zone, minutes) => {
    expect(offsetAt(at(iso), zone)).toBe(minutes * 60_000);
  });
});

describe('fromWallClock', () => {
  it.each([
    ['2024-03-10T00:00:00Z', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    // Skipped by the spring-forward change: moves forward by the gap (03:30 EDT).
    ['2024-03-10T02:30:00Z', NY, '2024-03-10T07:30:00.000Z'],
    // Repeated by the fall-back change: the earlier (EDT) instant.
    ['2024-11-03T01:30:00Z', NY, '2024-11-03T05:30:00.000Z'],
    // Midnight skipped in Sao Paulo in 2018: the day starts at 01:00 local.
    ['2018-11-04T00:00:00Z', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
  ])('wall %s in %s is %s', (wall, zone, expected) => {
    expect(new Date(fromWallClock(at(wall), zone)).toISOString()).toBe(expected);
  });
});

describe('calendar arithmetic across DST', () => {
  it.each([
    // Local midnight to local midnight across spring-forward is 23 hours.
    ['2024-03-10T05:00:00Z', 1, 'day', NY, '2024-03-11T04:00:00.000Z'],
    ['2024-11-03T04:00:00Z', 1, 'day', NY, '2024-11-04T05:00:00.000Z'],
    ['2024-03-31T12:00:00Z', -1, 'month', NY, '2024-02-29T13:00:00.000Z'],
    ['2024-03-09T18:30:00Z', 1, 'month', 'Asia/Kolkata', '2024-04-09T18:30:00.000Z'],
  ] as const)('%s %+i %s in %s', (iso, amount, unit, zone, expected) => {
    expect(new Date(addCalendar(at(iso), amount, unit, zone)).toISOString()).toBe(expected);
  });

  it.each([
    ['2024-03-10T12:00:00Z', 'day', NY, '2024-03-10T05:00:00.000Z'],
    ['2024-03-10T02:00:00Z', 'day', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['2024-03-10T10:10:00Z', 'hour', 'Asia/Kolkata', '2024-03-10T09:30:00.000Z'],
    ['2024-03-31T19:00:00Z', 'month', 'Asia/Kolkata', '2024-03-31T18:30:00.000Z'],
    ['2024-06-10T12:00:00Z', 'year', 'Asia/Kolkata', '2023-12-31T18:30:00.000Z'],
  ] as const)('start of %s %s in %s', (iso, unit, zone, expected) => {
    expect(new Date(startOfCalendar(at(iso), unit, zone)).toISOString()).toBe(expected);
  });
});

describe('parseDateTime', () => {
  it.each([
    ['2024-03-10T00:00:00Z', 'UTC', '2024-03-10T00:00:00.000Z'],
    ['2024-03-10T05:30:00+05:30', 'UTC', '2024-03-10T00:00:00.000Z'],
    ['2024-03-10T00:00:00.250Z', 'UTC', '2024-03-10T00:00:00.250Z'],
    ['2024-03-10 00:00:00', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['2024-03-10T00:00:00', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['2024-03-10', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['03/10/2024 01:05:09 PM', 'Asia/Kolkata', '2024-03-10T07:35:09.000Z'],
    ['03/10/2024 12:00:00 AM', 'UTC', '2024-03-10T00:00:00.000Z'],
  ])('%s in %s', (text, zone, expected) => {
    expect(new Date(parseDateTime(text, zone)!).toISOString()).toBe(expected);
  });

  it.each(['2024-02-30T00:00:00Z', '2024-02-30 00:00:00', '02/30/2024 01:00:00 PM', '3/10/2024 01:05:09 PM', '2024-03-10 24:00:00', 'yesterday', '', '1710028800000'])(
    'refuses %j',
    (text) => {
      expect(parseDateTime(text, 'Asia/Kolkata')).toBeUndefined();
    },
  );
});

describe('parseLocalDate', () => {
  it.each([
    ['2024-03-10', Date.UTC(2024, 2, 10)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2023-02-29', undefined],
    ['10/03/2024', undefined],
  ])('%s', (text, expected) => {
    expect(parseLocalDate(text)).toBe(expected);
  });
});

const LONDON = 'Europe/London';
const isoOf = (ms: number) => new Date(ms).toISOString();

describe('dayOf: the local day holding an instant', () => {
  it.each([
    ['2024-03-09T18:29:59Z', 'Asia/Kolkata', '2024-03-09'],
    ['2024-03-09T18:30:00Z', 'Asia/Kolkata', '2024-03-10'],
    // Month end and New Year: India is already in the next month and year.
    ['2024-01-31T18:30:00Z', 'Asia/Kolkata', '2024-02-01'],
    ['2024-12-31T18:30:00Z', 'Asia/Kolkata', '2025-01-01'],
    ['2024-12-31T18:30:00Z', LONDON, '2024-12-31'],
    ['2024-12-31T23:59:59Z', 'UTC', '2024-12-31'],
    // British Summer Time: 23:30 UTC is already the next day in London, not in winter.
    ['2024-07-01T23:30:00Z', LONDON, '2024-07-02'],
    ['2024-01-01T23:30:00Z', LONDON, '2024-01-01'],
    ['2024-03-10T03:00:00Z', NY, '2024-03-09'],
    ['2024-03-10T12:00:00Z', 'Asia/Kathmandu', '2024-03-10'],
  ])('%s in %s is %s', (iso, zone, day) => {
    expect(dayOf(at(iso), zone)).toBe(day);
  });
});

describe('startOfDay', () => {
  it.each([
    ['2024-03-10', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['2025-01-01', 'Asia/Kolkata', '2024-12-31T18:30:00.000Z'],
    ['2024-03-10', 'UTC', '2024-03-10T00:00:00.000Z'],
    // London's spring-forward and fall-back days start at midnight GMT and BST.
    ['2024-03-31', LONDON, '2024-03-31T00:00:00.000Z'],
    ['2024-04-01', LONDON, '2024-03-31T23:00:00.000Z'],
    ['2024-10-27', LONDON, '2024-10-26T23:00:00.000Z'],
    ['2024-10-28', LONDON, '2024-10-28T00:00:00.000Z'],
    // Midnight skipped in Sao Paulo in 2018: the day starts at 01:00 local.
    ['2018-11-04', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
  ])('day %s in %s starts %s', (day, zone, expected) => {
    expect(isoOf(startOfDay(day, zone))).toBe(expected);
  });

  it.each([
    ['2024-03-10T10:10:00Z', 'Asia/Kolkata', '2024-03-09T18:30:00.000Z'],
    ['2024-03-09T18:29:59Z', 'Asia/Kolkata', '2024-03-08T18:30:00.000Z'],
    ['2024-07-01T23:30:00Z', LONDON, '2024-07-01T23:00:00.000Z'],
  ])('the day holding %s in %s starts %s', (iso, zone, expected) => {
    expect(isoOf(startOfDay(at(iso), zone))).toBe(expected);
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '10/03/2024', ''])('%j is no day: NaN', (text) => {
    expect(startOfDay(text, 'Asia/Kolkata')).toBeNaN();
  });

  it('London days around the clock changes are 23 and 25 hours long', () => {
    const hours = (day: string) => (startOfDay(addDays(day, 1), LONDON) - startOfDay(day, LONDON)) / 3_600_000;
    expect([hours('2024-03-30'), hours('2024-03-31'), hours('2024-10-27'), hours('2024-12-31')]).toEqual([24, 23, 25, 24]);
  });
});

describe('startOfMonth and startOfQuarter', () => {
  it.each([
    ['2024-02-29', 'Asia/Kolkata', '2024-01-31T18:30:00.000Z', '2023-12-31T18:30:00.000Z'],
    ['2024-05-15', 'Asia/Kolkata', '2024-04-30T18:30:00.000Z', '2024-03-31T18:30:00.000Z'],
    ['2024-12-31', 'Asia/Kolkata', '2024-11-30T18:30:00.000Z', '2024-09-30T18:30:00.000Z'],
    ['2024-05-15', LONDON, '2024-04-30T23:00:00.000Z', '2024-03-31T23:00:00.000Z'],
    ['2024-11-15', LONDON, '2024-11-01T00:00:00.000Z', '2024-09-30T23:00:00.000Z'],
    ['2024-03-10', NY, '2024-03-01T05:00:00.000Z', '2024-01-01T05:00:00.000Z'],
  ])('day %s in %s: month from %s, quarter from %s', (day, zone, month, quarter) => {
    expect([isoOf(startOfMonth(day, zone)), isoOf(startOfQuarter(day, zone))]).toEqual([month, quarter]);
  });

  it.each([
    // New Year's first instant in India, and the last of the old year.
    ['2024-12-31T18:30:00Z', 'Asia/Kolkata', '2024-12-31T18:30:00.000Z', '2024-12-31T18:30:00.000Z'],
    ['2024-12-31T18:29:59Z', 'Asia/Kolkata', '2024-11-30T18:30:00.000Z', '2024-09-30T18:30:00.000Z'],
    ['2024-12-31T18:30:00Z', LONDON, '2024-12-01T00:00:00.000Z', '2024-09-30T23:00:00.000Z'],
  ])('instant %s in %s: month from %s, quarter from %s', (iso, zone, month, quarter) => {
    expect([isoOf(startOfMonth(at(iso), zone)), isoOf(startOfQuarter(at(iso), zone))]).toEqual([month, quarter]);
  });

  it('is NaN for text that is no day', () => {
    expect([startOfMonth('2024-02-30', 'UTC'), startOfQuarter('2024-Q1', 'UTC')]).toEqual([Number.NaN, Number.NaN]);
  });
});

describe('weeks and quarters on the calendar', () => {
  it.each([
    // Monday 2024-03-04 starts the week of Sunday 10 March; a Monday starts its own.
    ['2024-03-10T12:00:00Z', 'week', 'Asia/Kolkata', '2024-03-03T18:30:00.000Z'],
    ['2024-03-03T18:30:00Z', 'week', 'Asia/Kolkata', '2024-03-03T18:30:00.000Z'],
    ['2025-01-01T12:00:00Z', 'week', 'UTC', '2024-12-30T00:00:00.000Z'],
    ['2024-06-30T12:00:00Z', 'quarter', 'UTC', '2024-04-01T00:00:00.000Z'],
  ] as const)('%s: start of %s in %s', (iso, unit, zone, expected) => {
    expect(isoOf(startOfCalendar(at(iso), unit, zone))).toBe(expected);
  });

  it.each([
    ['2024-03-10', 'Asia/Kolkata', '2024-03-03T18:30:00.000Z'],
    // The week of New Year's Day 2025 starts on Monday 30 December 2024.
    ['2025-01-01', 'Asia/Kolkata', '2024-12-29T18:30:00.000Z'],
    // London's week holding the spring-forward Sunday starts in GMT.
    ['2024-03-31', LONDON, '2024-03-25T00:00:00.000Z'],
    ['2024-04-01', LONDON, '2024-03-31T23:00:00.000Z'],
  ])('the week of %s in %s starts %s', (day, zone, expected) => {
    expect(isoOf(startOfWeek(day, zone))).toBe(expected);
  });

  it.each([
    ['2023-12-31T18:30:00Z', 1, 'Asia/Kolkata', '2024-03-31T18:30:00.000Z'],
    // A quarter on from 30 November ends on the last day of February.
    ['2023-11-30T00:00:00Z', 1, 'UTC', '2024-02-29T00:00:00.000Z'],
    ['2024-01-01T00:00:00Z', 1, LONDON, '2024-03-31T23:00:00.000Z'],
  ] as const)('%s %+i quarter in %s', (iso, amount, zone, expected) => {
    expect(isoOf(addCalendar(at(iso), amount, 'quarter', zone))).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -364, '2024-01-03'],
    ['2024-03-31', 0, '2024-03-31'],
  ])('%s %+i days is %s', (day, amount, expected) => {
    expect(addDays(day, amount)).toBe(expected);
  });

  it('refuses text that is no day', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });
});

describe('fixedOffset', () => {
  it.each([
    ['2024-03-01T00:00:00Z', '2025-03-01T00:00:00Z', 'Asia/Kolkata', 330],
    ['2024-04-01T00:00:00Z', '2024-10-01T00:00:00Z', LONDON, 60],
    // Across a change, none; ending just before one, the old offset.
    ['2024-03-30T00:00:00Z', '2024-04-01T00:00:00Z', LONDON, undefined],
    ['2024-03-31T00:00:00Z', '2024-03-31T01:00:00Z', LONDON, 0],
    ['2024-03-31T00:00:00Z', '2024-03-31T01:00:01Z', LONDON, undefined],
    // Summer to summer across two changes.
    ['2023-07-01T00:00:00Z', '2024-07-01T00:00:00Z', LONDON, undefined],
    ['2024-03-10T06:00:00Z', '2024-03-10T06:30:00Z', NY, -300],
  ])('[%s, %s) in %s: %s minutes', (from, to, zone, minutes) => {
    const offset = fixedOffset(at(from), at(to), zone);
    expect(offset === undefined ? undefined : offset / 60_000).toBe(minutes);
  });
});

describe('isoInZone', () => {
  it.each([
    ['2024-03-09T18:30:00Z', 'Asia/Kolkata', '2024-03-10T00:00:00.000+05:30'],
    ['2024-12-31T18:29:59.250Z', 'Asia/Kolkata', '2024-12-31T23:59:59.250+05:30'],
    ['2024-07-01T12:00:00Z', LONDON, '2024-07-01T13:00:00.000+01:00'],
    ['2024-01-01T12:00:00Z', LONDON, '2024-01-01T12:00:00.000+00:00'],
    ['2024-03-10T12:00:00Z', NY, '2024-03-10T08:00:00.000-04:00'],
    ['2024-03-10T12:00:00Z', 'Asia/Kathmandu', '2024-03-10T17:45:00.000+05:45'],
    // Local mean time of Calcutta before standard time was +05:53:28: no ISO offset, so UTC.
    ['1850-01-01T00:00:00Z', 'Asia/Kolkata', '1850-01-01T00:00:00.000Z'],
  ])('%s in %s', (iso, zone, expected) => {
    const text = isoInZone(at(iso), zone);
    expect([text, Date.parse(text)]).toEqual([expected, at(iso)]);
  });
});
