import type { CameraControlService } from './camera-control.service.ts';
import type { CameraService } from './cameras.service.ts';

/** Exceedance alerts as the alerts module announces them (its AlertEpisodeService, given in cameras.module.ts). */
export interface ExceedanceFeed {
  exceedancesOpened(since: Date, limit?: number): Promise<{ tenant_id: number; id: string; entity_id: string | null; created_at: Date }[]>;
}

/** How far back a pass looks for opened alerts: a few passes' worth, so a slow pass misses none. */
const LOOK_BACK_MS = 3 * 60_000;
/** A snapshot that failed is tried again after this, until GIVE_UP_MS after the alert opened. */
const RETRY_MS = 15_000;
const GIVE_UP_MS = 5 * 60_000;

/**
 * One pass of the exceedance snapshots (issue 32): queues a snapshot of every camera on the station
 * of each exceedance alert opened in the last minutes (once per alert and camera, in
 * `camera_alert_snapshot`), then takes the snapshots due, each attached to its alert. The worker runs
 * every 15 s and a snapshot takes a few seconds, so each is taken within 60 s of its alert opening;
 * one that fails (camera offline) is tried again every 15 s for five minutes, its error kept.
 * Answers whether more are waiting.
 */
export async function exceedanceSnapshotPass(feed: ExceedanceFeed, cameras: CameraService, control: CameraControlService, now = new Date(), batch = 8): Promise<boolean> {
  const opened = await feed.exceedancesOpened(new Date(now.getTime() - LOOK_BACK_MS));
  await cameras.cameras.queueAlertSnapshots(opened.map((a) => ({ tenantId: a.tenant_id, alertId: a.id, entityId: a.entity_id, openedAt: a.created_at })));
  const due = await cameras.cameras.claimAlertSnapshots(now, 60_000, batch);
  await Promise.all(
    due.map(async (d) => {
      const row = await cameras.cameras.byKey(d.tenant_id, d.camera_id);
      if (!row) return;
      try {
        await control.take(row, { reason: 'EXCEEDANCE', alertId: d.alert_id, takenBy: null });
        await cameras.cameras.finishAlertSnapshot(d.tenant_id, d.alert_id, d.camera_id, { done: true, error: null, nextAt: now });
      } catch (e) {
        const giveUp = now.getTime() - d.opened_at.getTime() >= GIVE_UP_MS;
        await cameras.cameras.finishAlertSnapshot(d.tenant_id, d.alert_id, d.camera_id, { done: giveUp, error: (e as Error).message.slice(0, 500), nextAt: new Date(now.getTime() + RETRY_MS) });
      }
    }),
  );
  return due.length === batch;
}
