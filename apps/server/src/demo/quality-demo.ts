import { addCalendar, DEFAULT_TIME_ZONE, startOfCalendar } from '@enviro/domain/time-zone';
import type { Db } from '../platform/database/database.ts';
import { demoDevices } from './catalogue.ts';
import type { HistoryDevice } from './history.ts';
import { QualityDemoRepository } from './quality-demo.repository.ts';

const HOUR_MS = 3_600_000;

/** Issue 36's demo: an analyser stuck for six hours yesterday, and a stack's PM bunched under its limit for the last week. */
export const QUALITY_STORIES = {
  flatLine: { industry: 'Kalisindh Power Generation Ltd', station: 'Boiler 1 Stack', param: 'so2', fromHour: 2, hours: 6 },
  bunching: { industry: 'Bhilwara Steel & Alloys Pvt Ltd', station: 'Induction Furnace Stack', param: 'pm', days: 7, factor: 2.6 },
  /** The board set the furnace stack's PM analyser's full scale as installed (its own setting, shown on the station's page). */
  setting: { industry: 'Bhilwara Steel & Alloys Pvt Ltd', station: 'Induction Furnace Stack', param: 'pm', settings: { fullScale: 250, flatLineSlots: null, flatLineTolerance: null, spikeFactor: null, maxStep: null, off: [] } },
} as const;

/**
 * Writes the two stories into the raw history (before the rollups are built from it): Kalisindh's
 * boiler stack reports one SO2 value from 02:00 to 08:00 IST yesterday, and Bhilwara's furnace stack,
 * running hot for the last seven days, reports every PM reading at or above its limit just under it.
 * Answers the readings changed.
 */
export async function seedQualityStories(db: Db, devices: readonly HistoryDevice[], toMs: number): Promise<number> {
  const repo = new QualityDemoRepository(db);
  const find = (industry: string, station: string) => {
    const serial = demoDevices().find((d) => d.industry.name === industry && d.station.name === station)?.serial;
    return devices.find((d) => d.serial === serial);
  };
  let changed = 0;
  const { flatLine, bunching } = QUALITY_STORIES;
  const stuck = find(flatLine.industry, flatLine.station);
  if (stuck) {
    const from = addCalendar(startOfCalendar(toMs, 'day', DEFAULT_TIME_ZONE), -1, 'day', DEFAULT_TIME_ZONE) + flatLine.fromHour * HOUR_MS;
    changed += await repo.flatten(stuck.tenantId, stuck.deviceId, flatLine.param, new Date(from), new Date(from + flatLine.hours * HOUR_MS));
  }
  const hot = find(bunching.industry, bunching.station);
  if (hot) {
    const from = addCalendar(startOfCalendar(toMs, 'day', DEFAULT_TIME_ZONE), -bunching.days, 'day', DEFAULT_TIME_ZONE);
    changed += await repo.bunchUnderLimit(hot.tenantId, hot.deviceId, bunching.param, bunching.factor, new Date(from), new Date(toMs + 1));
  }
  const tuned = find(QUALITY_STORIES.setting.industry, QUALITY_STORIES.setting.station);
  if (tuned) await repo.setting(tuned.tenantId, tuned.deviceId, QUALITY_STORIES.setting.param, QUALITY_STORIES.setting.settings);
  return changed;
}
