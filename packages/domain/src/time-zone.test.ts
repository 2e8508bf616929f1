import { describe, expect, it } from 'vitest';
import { addCalendar, fromWallClock, isTimeZone, offsetAt, parseDateTime, parseLocalDate, startOfCalendar } from './time-zone.ts';

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
