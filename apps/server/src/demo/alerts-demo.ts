import type { DatabaseHandle, Db } from '../platform/database/database.ts';
import { AlertEvaluator } from '../modules/alerts/alert-evaluation.ts';
import type { SuppressionWindowService } from '../modules/devices/suppression-windows.service.ts';
import { drainRollups } from '../modules/data/rollups.ts';
import { DemoAlertsRepository } from './alerts-demo.repository.ts';
import { HistoryRepository } from './history.repository.ts';

const HOUR_MS = 3_600_000;
const SLOT_MS = 15 * 60_000;

/**
 * Demo alerts: the CPCB default rules and escalations, data loss/fill rules on every station, the
 * last day's slots evaluated as the worker would, data loss checked; then a few alerts acknowledged
 * and one closed, so every state shows, and the first industry's default escalation repeats every
 * 15 minutes until acknowledged. Answers how many alerts there are.
 */
export async function seedDemoAlerts(db: Db, windows: SuppressionWindowService, tenantIds: readonly number[], toMs: number, hours = 24): Promise<number> {
  const repo = new DemoAlertsRepository(db);
  const evaluator = new AlertEvaluator(db, windows, () => toMs);
  await evaluator.ensureDefaults();
  await repo.addLossRules(tenantIds);
  if (tenantIds[0] !== undefined) await repo.repeatingEscalation(tenantIds[0]);
  await repo.queueSlots(tenantIds, new Date(toMs - hours * HOUR_MS), new Date(toMs));
  await evaluator.drain(500);
  await evaluator.checkDataLoss();
  const open = await repo.openAlerts(tenantIds);
  // Leave the first industry's alerts open (its escalation repeats); handle some of the others.
  const others = open.filter((a) => a.tenantId !== tenantIds[0]);
  const at = new Date(toMs - 5 * 60_000);
  for (const [i, a] of others.entries()) {
    if (i % 3 === 0) await repo.setStatus(a, 'ACKNOWLEDGED', 'Maintenance team informed; checking the bag filter', at);
    else if (i % 7 === 1) await repo.setStatus(a, 'CLOSED', 'Analyser purge cycle, not a process emission', at);
  }
  return open.length;
}

/**
 * A merged alert: one series of the industry made to break its limit in two 15-minute slots with a
 * clean one between (two alerts), then that slot's readings corrected above the limit, as late data
 * would be: the later alert is resolved as merged into the earlier, which carries the whole breach.
 * Three hours before `toMs`, clean slots either side. Answers the industry's merged alerts.
 */
export async function seedMergedAlert(database: DatabaseHandle, windows: SuppressionWindowService, tenantId: number, toMs: number): Promise<number> {
  const repo = new DemoAlertsRepository(database.db);
  const series = await repo.limitedSeries(tenantId);
  if (!series) return 0;
  const history = new HistoryRepository(database);
  const evaluator = new AlertEvaluator(database.db, windows, () => toMs);
  const start = Math.floor((toMs - 3 * HOUR_MS) / SLOT_MS) * SLOT_MS;
  const write = async (slots: [index: number, ofLimit: number][]) => {
    for (const [i, ofLimit] of slots) {
      const slot = { deviceId: series.deviceId, slot: series.slot, from: new Date(start + i * SLOT_MS), to: new Date(start + (i + 1) * SLOT_MS) };
      await history.rewriteReadings(tenantId, slot, ofLimit * series.max);
    }
    await drainRollups(database, { before: new Date(Math.floor(toMs / SLOT_MS) * SLOT_MS) });
    await evaluator.drain(500);
  };
  await write([[0, 0.5], [1, 1.5], [2, 0.5], [3, 1.5], [4, 0.5]]);
  await write([[2, 1.4]]);
  return repo.mergedAlerts(tenantId);
}

/**
 * An exceedance in progress when the demo starts: the tenant's first limited series that reported
 * in the last half hour (outside calibration and maintenance, on a station not under maintenance)
 * made to read 1.3 times its limit from two slots before the current one to now, and evaluated,
 * unless the tenant already has an open 15-minute-average alert. Its escalation starts, so the
 * server tells the industry's and the board's users (mail, SMS, the bell) as soon as it runs.
 * Answers the tenant's open 15-minute-average alerts.
 */
export async function seedOngoingExceedance(database: DatabaseHandle, windows: SuppressionWindowService, tenantId: number, toMs: number): Promise<number> {
  const repo = new DemoAlertsRepository(database.db);
  const open = await repo.openExceedances(tenantId);
  if (open > 0) return open;
  // The current slot too: left clean, its readings so far would clear the breach at once.
  const current = Math.floor(toMs / SLOT_MS) * SLOT_MS;
  const from = new Date(current - 2 * SLOT_MS);
  const series = await repo.limitedSeries(tenantId, from);
  if (!series) return 0;
  await new HistoryRepository(database).rewriteReadings(tenantId, { deviceId: series.deviceId, slot: series.slot, from, to: new Date(current + SLOT_MS) }, 1.3 * series.max);
  // Closed slots only, as the rollup worker does: the slot still filling reached the closed-slot feed
  // and the regulator push sent its partial average (CPCB refuses a slot that has not closed).
  await drainRollups(database, { before: new Date(current) });
  await new AlertEvaluator(database.db, windows, () => toMs).drain(500);
  return repo.openExceedances(tenantId);
}
