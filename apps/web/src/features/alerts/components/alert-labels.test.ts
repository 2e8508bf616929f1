import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@enviro/contracts/alerts';
import { alertListRequest } from './alert-filters';
import { limitText, paramText, peakText } from './alert-labels';
import { conditionText } from './alert-rules-view';
import { limitLines, trendWindow } from './alert-trend';

const NOW = Date.parse('2026-11-26T06:00:00Z');
const HOUR = 3_600_000;

describe('alert list request from the URL', () => {
  it.each([
    ['no filter: the page only', {}, { page: 0, size: 20 }],
    [
      'lists split, ids as numbers',
      { tenantId: '7', stationId: '12', status: 'OPEN,ACKNOWLEDGED', severity: 'CRITICAL', type: 'AVG_15M,DATA_LOSS' },
      { page: 0, size: 20, tenantId: 7, stationId: 12, status: ['OPEN', 'ACKNOWLEDGED'], severity: ['CRITICAL'], type: ['AVG_15M', 'DATA_LOSS'] },
    ],
    ['unknown values are dropped, not sent', { tenantId: 'x', status: 'OPEN,NOPE', severity: 'LOUD', time: 'forever' }, { page: 0, size: 20, status: ['OPEN'] }],
    ['a period starts that long before now', { time: '24h-ago' }, { page: 0, size: 20, startDate: '2026-11-25T06:00:00.000Z' }],
  ])('%s', (_case, values, expected) => {
    expect(alertListRequest(values, 0, 20, NOW)).toEqual(expected);
  });
});

describe('alert facts in words', () => {
  it.each([
    ['upper limit', limitText({ limitMin: null, limitMax: 50, unit: 'mg/Nm3' }), '≤ 50 mg/Nm3'],
    ['range', limitText({ limitMin: 6.5, limitMax: 8.5, unit: null }), '6.5 – 8.5'],
    ['no limit (data loss)', limitText({ limitMin: null, limitMax: null, unit: null }), '-'],
    ['peak in Indian digits', peakText({ peak: 123456.789, unit: 'm3/h' }), '1,23,456.79 m3/h'],
    ['a whole-device alert', paramText({ paramLabel: null, paramName: null, deviceId: 7 }), 'Whole device'],
    ["a camera's alert (no device)", paramText({ paramLabel: null, paramName: null, deviceId: null }), 'Camera'],
  ])('%s', (_case, actual, expected) => {
    expect(actual).toBe(expected);
  });

  const rule = (r: Partial<AlertRule>) =>
    ({ type: 'AVG_15M', comparison: 'ABOVE', thresholdMin: null, thresholdMax: null, durationMinutes: null, ...r }) as AlertRule;
  it.each([
    ['catalogue limit', rule({}), "15-minute average above the parameter's limit"],
    ['own threshold', rule({ thresholdMax: 3.5 }), '15-minute average above 3.5'],
    ['two-sided on the catalogue', rule({ comparison: 'OUTSIDE' }), "15-minute average outside the parameter's limits"],
    ['sustained', rule({ type: 'SUSTAINED', thresholdMax: 80, durationMinutes: 30 }), 'Sustained breach above 80 for 30 min'],
    ['data loss', rule({ type: 'DATA_LOSS', durationMinutes: 60 }), 'Data loss: no reading for 60 min'],
  ])('rule condition: %s', (_case, r, expected) => {
    expect(conditionText(r)).toBe(expected);
  });
});

describe('the trend around a breach', () => {
  it('spans six hours either side of a breach that has ended, on slot boundaries', () => {
    const w = trendWindow({ startedAt: '2026-11-25T10:07:00Z', endedAt: '2026-11-25T12:00:00Z' }, NOW);
    expect([new Date(w.start).toISOString(), new Date(w.end).toISOString(), w.breachEnd]).toEqual([
      '2026-11-25T04:00:00.000Z',
      '2026-11-25T18:00:00.000Z',
      Date.parse('2026-11-25T12:00:00Z'),
    ]);
  });

  it('ends now, shaded up to now, while the breach lasts', () => {
    const w = trendWindow({ startedAt: new Date(NOW - 2 * HOUR).toISOString(), endedAt: null }, NOW);
    expect([w.start, w.end, w.breachEnd]).toEqual([NOW - 8 * HOUR, NOW, NOW]);
  });

  it('draws each limit as a reference line with its value', () => {
    expect(limitLines({ limitMin: 6.5, limitMax: 8.5, unit: null }).map((l) => [l.value, l.label])).toEqual([
      [8.5, 'Limit 8.5'],
      [6.5, 'Lower limit 6.5'],
    ]);
  });
});
