import type { QualityOverviewQuery, QualityStationQuery } from '@enviro/contracts/data-quality';

const QUALITY = ['data-quality'] as const;

/** The data-quality overview and stations' data quality. */
export const dataQualityKeys = {
  all: QUALITY,
  overview: (query: Partial<QualityOverviewQuery>) => [...QUALITY, 'overview', query] as const,
  station: (id: number, query: QualityStationQuery) => [...QUALITY, 'station', id, query] as const,
  settings: (stationId: number) => [...QUALITY, 'settings', stationId] as const,
};
