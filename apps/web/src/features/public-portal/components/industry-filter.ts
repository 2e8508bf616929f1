import type { IndustrySummary, LiveStatusCounts } from '@enviro/contracts/public-portal';

/** Industries whose name, city or category contains every word of the search, ignoring case. */
export function filterIndustries(industries: readonly IndustrySummary[], search: string): IndustrySummary[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...industries];
  return industries.filter((i) => {
    const text = [i.name, i.city ?? '', i.industryCategory ?? '', i.displayId].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Stations per live status over all the industries. */
export function totalLiveStatus(industries: readonly IndustrySummary[]): LiveStatusCounts {
  const total: LiveStatusCounts = { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 };
  for (const i of industries) {
    for (const key of Object.keys(total) as (keyof LiveStatusCounts)[]) total[key] += i.liveStatus[key];
  }
  return total;
}
