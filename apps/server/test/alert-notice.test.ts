import { describe, expect, it } from 'vitest';
import { alertNotice, type AlertNoticeFacts } from '../src/modules/alerts/alert-notice.ts';
import { gsm7Length, toGsm7 } from '../src/platform/sms/gsm7.ts';

const URL_BASE = 'https://enviro.example';
// 2026-01-05 10:00 UTC is 15:30 in India.
const SLOT = Date.UTC(2026, 0, 5, 10, 0);

const facts = (o: Partial<AlertNoticeFacts> = {}): AlertNoticeFacts => ({
  alertId: '42',
  severity: 'MAJOR',
  type: 'AVG_15M',
  industry: 'Aravali Cement Ltd',
  station: 'Kiln stack',
  device: 'Analyser 7',
  parameter: 'PM',
  unit: 'mg/Nm3',
  limitMin: null,
  limitMax: 50,
  ownThresholds: false,
  value: 95,
  slotStart: new Date(SLOT),
  startedAt: new Date(SLOT - 30 * 60_000),
  slotCount: 3,
  peak: 120,
  durationMinutes: null,
  message: 'PM 15-minute average outside its limit (max 50 mg/Nm3): exceeded for more than 15 minutes at Analyser 7 (peak 120 mg/Nm3)',
  ...o,
});

const lines = (text: string) => text.split('\n');

describe('what an alert notification says', () => {
  it('leads with industry and station, then the parameter, the 15-minute value and the limit, the IST slot and the link', () => {
    const n = alertNotice([facts()], URL_BASE);
    expect(n.subject).toBe('Aravali Cement Ltd, Kiln stack: PM 95 mg/Nm3 above its limit 50 mg/Nm3 (15-minute average, 05 Jan 2026 15:30 IST) [MAJOR]');
    expect(lines(n.text)).toEqual([
      'Aravali Cement Ltd, Kiln stack: PM 95 mg/Nm3 above its limit 50 mg/Nm3',
      'Industry: Aravali Cement Ltd',
      'Station: Kiln stack',
      'Analyser: Analyser 7',
      'Parameter: PM',
      '15-minute average: 95 mg/Nm3, above its limit',
      'Limit (maximum): 50 mg/Nm3',
      'Slot (IST): 05 Jan 2026 15:30 to 15:45',
      'In breach since: 05 Jan 2026 15:00 IST, 3 slots of 15 minutes, peak 120 mg/Nm3',
      'Severity: MAJOR',
      'Alert: 42',
      'Open the alert: https://enviro.example/app/alerts/42',
      '',
      'Acknowledge it on its page to stop the reminders.',
      '',
    ]);
    expect(n.sms).toBe('MAJOR Aravali Cement Ltd, Kiln stack: PM 95 mg/Nm3 > limit 50 mg/Nm3, 15-min avg 05 Jan 2026 15:30 IST https://enviro.example/app/alerts/42');
    expect(n.title).toBe('Aravali Cement Ltd, Kiln stack: PM 95 mg/Nm3 above its limit 50 mg/Nm3');
    expect(n.body).toBe('15-minute average, slot 05 Jan 2026 15:30 IST; in breach since 05 Jan 2026 15:00 IST.');
  });

  it('writes values in Indian digit grouping and a value under a minimum as below it', () => {
    const flow = alertNotice([facts({ parameter: 'Flow', unit: 'm3/hr', limitMax: 100000, value: 123456.789, peak: 123456.789, slotCount: 1 })], URL_BASE);
    expect(flow.title).toBe('Aravali Cement Ltd, Kiln stack: Flow 1,23,456.79 m3/hr above its limit 1,00,000 m3/hr');
    const ph = alertNotice([facts({ station: 'ETP outlet', parameter: 'pH', unit: '', limitMin: 6.5, limitMax: 8.5, value: 5.2 })], URL_BASE);
    expect(ph.title).toBe('Aravali Cement Ltd, ETP outlet: pH 5.2 below its limit 6.5');
    expect(lines(ph.text)).toContain('Limit (minimum): 6.5');
    expect(ph.sms).toContain(': pH 5.2 < limit 6.5, 15-min avg 05 Jan 2026 15:30 IST');
  });

  it("calls a rule's own threshold (an early warning) no limit", () => {
    const warning = alertNotice([facts({ severity: 'WARNING', ownThresholds: true, limitMax: 40, value: 45 })], URL_BASE);
    expect(warning.title).toBe("Aravali Cement Ltd, Kiln stack: PM 45 mg/Nm3 above the rule's threshold 40 mg/Nm3");
    expect(lines(warning.text)).toContain("Rule's threshold (maximum): 40 mg/Nm3");
    expect(warning.sms).toContain('PM 45 mg/Nm3 > threshold 40 mg/Nm3');
  });

  it('names the figure an instant or a sustained rule judged', () => {
    expect(lines(alertNotice([facts({ type: 'INSTANT', value: 140 })], URL_BASE).text)).toContain('Highest reading of the 15 minutes: 140 mg/Nm3, above its limit');
    const sustained = alertNotice([facts({ type: 'SUSTAINED', value: 61, durationMinutes: 30 })], URL_BASE);
    expect(lines(sustained.text)).toContain('Lowest reading of the 15 minutes: 61 mg/Nm3, above its limit; every reading above it for 30 minutes');
    expect(sustained.sms).toContain('PM 61 mg/Nm3 > limit 50 mg/Nm3, min reading');
    // No value stored for the latest slot: the alert's peak is told, and called so.
    expect(alertNotice([facts({ value: null })], URL_BASE).subject).toContain('PM 120 mg/Nm3 above its limit 50 mg/Nm3 (peak of the alert, ');
  });

  it('tells an alert without a parameter (data loss) by its sentence, with industry and station', () => {
    const loss = facts({ type: 'DATA_LOSS', parameter: null, unit: null, limitMax: null, value: null, peak: null, message: 'No reading from Analyser 7 for more than 60 minutes' });
    const n = alertNotice([loss], URL_BASE);
    expect(n.subject).toBe('Aravali Cement Ltd, Kiln stack: No reading from Analyser 7 for more than 60 minutes (05 Jan 2026 15:00 IST) [MAJOR]');
    expect(n.sms).toBe('MAJOR Aravali Cement Ltd, Kiln stack: No reading from Analyser 7 for more than 60 minutes, since 05 Jan 2026 15:00 IST https://enviro.example/app/alerts/42');
  });

  it('keeps an SMS to one GSM-7 segment: units in GSM-7, long names cut, the figures and the link whole', () => {
    const long = facts({
      industry: 'Shree Rajasthan Cement and Chemicals Limited, Ras Unit II',
      station: 'Kiln and Raw Mill Common Stack No. 1',
      parameter: 'PM2.5',
      unit: 'µg/m³',
      limitMax: 60,
      value: 1234.5,
      alertId: '1234567',
    });
    const { sms } = alertNotice([long], URL_BASE);
    expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
    expect(toGsm7(sms)).toBe(sms);
    expect(sms).toMatch(/^MAJOR Shree Rajasth.*\., Kiln and Raw.*: PM2\.5 1,234\.5 ug\/m3 > limit 60 ug\/m3, 15-min avg 05 Jan 2026 15:30 IST https:\/\/enviro\.example\/app\/alerts\/1234567$/);
  });

  it('lists several alerts of one recipient in one message, by place, in one SMS segment', () => {
    const many = [
      facts({ alertId: '1', industry: 'Bharat Steel', station: 'Stack 2', parameter: 'SO2' }),
      facts({ alertId: '2' }),
      facts({ alertId: '3', parameter: 'NOx', severity: 'CRITICAL' }),
      ...Array.from({ length: 6 }, (_, i) => facts({ alertId: String(10 + i), industry: `Industry number ${i} of the state`, station: `Station ${i}` })),
    ];
    const n = alertNotice(many, URL_BASE);
    expect(n.subject).toBe('Aravali Cement Ltd, Kiln stack; Bharat Steel, Stack 2; Industry number 0 of the state, Station 0; +5 more: 9 alerts [worst CRITICAL]');
    expect(lines(n.text)[0]).toBe('Aravali Cement Ltd, Kiln stack: NOx 95 mg/Nm3 above its limit 50 mg/Nm3');
    expect(n.text.match(/^Open the alert: /gm)).toHaveLength(9);
    expect(gsm7Length(n.sms)).toBeLessThanOrEqual(160);
    expect(n.sms).toMatch(/^9 alerts, worst CRITICAL: Aravali Cement Ltd, Kiln stack; Bharat Steel, Stack 2; .*\+\d more https:\/\/enviro\.example\/app\/alerts$/);
    const one = alertNotice([facts({ alertId: '1', parameter: 'SO2' }), facts({ alertId: '2' })], URL_BASE);
    expect(one.title).toBe('Aravali Cement Ltd, Kiln stack: 2 alerts (PM, SO2)');
  });

  it('escapes names in the HTML part', () => {
    const n = alertNotice([facts({ industry: 'A & B <Cement>' })], URL_BASE);
    expect(n.html).toContain('<td>A &amp; B &lt;Cement&gt;</td>');
    expect(n.html).not.toContain('<Cement>');
  });
});

describe('GSM-7 text of an SMS', () => {
  it('writes look-alikes and accents the alphabet lacks, and counts extension characters twice', () => {
    expect(toGsm7('µg/m³ – 35 °C, Māruti’s')).toBe("ug/m3 - 35 degC, Maruti's");
    expect(toGsm7('Zürich à é')).toBe('Zürich à é');
    expect(toGsm7('नमस्ते')).toMatch(/^\?+$/);
    expect(gsm7Length('a[b]€')).toBe(8);
  });
});
