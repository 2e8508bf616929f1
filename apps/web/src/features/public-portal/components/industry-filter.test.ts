import { describe, expect, it } from 'vitest';
import type { IndustrySummary } from '@enviro/contracts/public-portal';
import { filterIndustries, totalLiveStatus } from './industry-filter';

const industry = (id: number, name: string, city: string, category: string, live: number): IndustrySummary => ({
  id,
  name,
  displayId: `T-${String(id).padStart(6, '0')}`,
  status: 'ENABLED',
  industryCategory: category,
  city,
  state: 'Rajasthan',
  stationCount: live + 1,
  stationTypes: [],
  liveStatus: { LIVE: live, DELAYED: 0, OFFLINE: 1, UNKNOWN: 0 },
  lastDataAt: null,
});

const LIST = [
  industry(1, 'Shree Cement Ltd', 'Beawar', 'Cement', 2),
  industry(2, 'Hindustan Zinc', 'Chittorgarh', 'Smelter', 1),
  industry(3, 'JK Cement Works', 'Nimbahera', 'Cement', 0),
];

describe('filterIndustries', () => {
  it.each([
    ['', [1, 2, 3]],
    ['cement', [1, 3]],
    ['CEMENT beawar', [1]],
    ['chittor', [2]],
    ['T-000003', [3]],
    ['steel', []],
  ])('%j finds %j', (search, ids) => {
    expect(filterIndustries(LIST, search).map((i) => i.id)).toEqual(ids);
  });
});

describe('totalLiveStatus', () => {
  it('adds up every industry', () => {
    expect(totalLiveStatus(LIST)).toEqual({ LIVE: 3, DELAYED: 0, OFFLINE: 3, UNKNOWN: 0 });
  });
});
