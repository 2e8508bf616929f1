import type { ReportDefinition } from '@enviro/contracts/report-catalogue';

/** The report catalogue; ids are stable (schedules and links keep them). SPEC 5: 35 and 36 are data availability. */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  { id: 1, name: 'Daily average report', description: 'Average of each parameter per IST day, per station', audiences: ['tenant', 'statutory', 'site'], dataAvailability: false },
  { id: 2, name: 'Monthly average report', description: 'Average of each parameter per month, per station', audiences: ['tenant', 'statutory', 'site'], dataAvailability: false },
  { id: 35, name: 'Data availability report (stations)', description: 'Share of 15-minute slots with data per station, parameter and IST day', audiences: ['tenant', 'statutory', 'site'], dataAvailability: true },
  { id: 36, name: 'Data availability report (industries)', description: "Share of 15-minute slots with data per industry and IST day, over a board's industries", audiences: ['statutory', 'site'], dataAvailability: true },
];

export const reportDefinition = (id: number) => REPORT_DEFINITIONS.find((d) => d.id === id);
