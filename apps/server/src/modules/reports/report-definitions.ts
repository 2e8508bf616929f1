import type { ReportDefinition } from '@enviro/contracts/report-catalogue';

const ALL = ['tenant', 'statutory', 'site'] as const;
const plain = { dataAvailability: false, period: 'days', industries: 'one' } as const;

/** The report catalogue; ids are stable (schedules and links keep them). SPEC 5: 35 and 36 are data availability. */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  { id: 1, name: 'Daily average report', description: 'Mean of the 15-minute averages of each parameter per IST day, per station, with its data capture; a day needs 16 hours of data', audiences: [...ALL], ...plain },
  { id: 2, name: 'Monthly average report', description: 'Mean of the 15-minute averages of each parameter per month, per station, with its data capture; a month needs two thirds of its quarter hours', audiences: [...ALL], ...plain },
  {
    id: 3,
    name: 'Exceedance report',
    description: 'Each exceedance episode that started in the period: station, parameter, start, end, minutes above the limit (exceeding 15-minute slots x 15), peak, status and who acknowledged it',
    audiences: [...ALL],
    ...plain,
  },
  {
    id: 4,
    name: 'Uptime report',
    description: 'Per station and device, the share of 15-minute slots with data; calibration and maintenance windows are neither expected nor counted',
    audiences: [...ALL],
    ...plain,
  },
  {
    id: 5,
    name: 'Calibration report',
    description: 'Each calibration started in the period: kind, points expected and measured, deviation, verdict, certificate, and when the next check is due',
    audiences: [...ALL],
    ...plain,
  },
  {
    id: 6,
    name: 'Quarterly compliance report',
    description: 'A calendar quarter per station and parameter: availability, share within limits, exceedances, calibration checks done and due, with a summary page',
    audiences: [...ALL],
    ...plain,
    period: 'quarter',
  },
  {
    id: 7,
    name: 'Parallel measurements report',
    description: "Each lab or stack-monitoring result sampled in the period, per parameter beside the analyser's average over the same sampling time and the deviation",
    audiences: [...ALL],
    ...plain,
  },
  { id: 35, name: 'Data availability report (stations)', description: 'Share of expected 15-minute slots with data per station, parameter and IST day, and over the range', audiences: [...ALL], ...plain, dataAvailability: true },
  {
    id: 36,
    name: 'Data availability report (industries)',
    description: "Share of expected 15-minute slots with data per industry and IST day, and over the range, for a board's industries",
    audiences: ['statutory', 'site'],
    ...plain,
    dataAvailability: true,
    industries: 'many',
  },
];

export const reportDefinition = (id: number) => REPORT_DEFINITIONS.find((d) => d.id === id);
