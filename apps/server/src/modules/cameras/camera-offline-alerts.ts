import { formatInstant } from '@enviro/domain/format-date';
import type { CameraRepository } from './cameras.repository.ts';

/** A camera sending no picture this long raises a system alert (issue 32). */
export const OFFLINE_ALERT_AFTER_MS = 15 * 60_000;

/**
 * The alerts a camera raises, as the alerts module's RaisedAlertService takes them (given in
 * cameras.module.ts: the cameras module depends on the alerts module, never the other way).
 */
export interface OfflineAlerts {
  raise(
    a: {
      tenantId: number;
      condition: 'CAMERA_OFFLINE';
      entityId: number | null;
      about: { subjectId: string; subject: string };
      ruleName: string;
      message: string;
      peak: null;
      limitMax: null;
      startedAt: Date;
    },
    now: Date,
  ): Promise<number | null>;
  resolve(r: { tenantId: number; condition: 'CAMERA_OFFLINE'; subjectId: string; endedAt: Date; comment: string }, now: Date): Promise<number | null>;
}

/**
 * One pass of the camera offline alerts (run after each health pass): a camera OFFLINE for
 * OFFLINE_ALERT_AFTER_MS raises one alert of condition CAMERA_OFFLINE (a system alert: the
 * monitoring's own equipment, listed, escalated and mailed as any alert, under a rule "Cameras
 * offline" of its station made on first use); when the camera sends pictures again the alert is
 * resolved, ending at its first picture. The camera's `offline_alerted_at` marks an alert raised, so
 * each offline spell raises one alert however many servers run the pass.
 */
export async function cameraOfflineAlertPass(alerts: OfflineAlerts, cameras: CameraRepository, now: Date, batch = 50): Promise<boolean> {
  const due = await cameras.claimOfflineAlerts(new Date(now.getTime() - OFFLINE_ALERT_AFTER_MS), now, batch);
  for (const c of due) {
    const since = c.last_frame_at && c.last_frame_at < c.offline_since ? c.last_frame_at : c.offline_since;
    const minutes = Math.floor((now.getTime() - since.getTime()) / 60_000);
    try {
      await alerts.raise(
        {
          tenantId: c.tenant_id,
          condition: 'CAMERA_OFFLINE',
          entityId: c.entity_id === null ? null : Number(c.entity_id),
          about: { subjectId: c.id, subject: c.name },
          ruleName: 'Cameras offline',
          message: `Camera '${c.name}' has sent no picture for ${minutes} minutes (${c.last_frame_at ? `last picture ${formatInstant(c.last_frame_at)} IST` : 'no picture yet'})${c.status_reason ? `: ${c.status_reason}` : ''}`.slice(0, 1000),
          peak: null,
          limitMax: null,
          startedAt: since,
        },
        now,
      );
    } catch (error) {
      await cameras.setOfflineAlerted(c.tenant_id, c.id, null);
      throw error;
    }
  }
  const back = await cameras.claimBackOnline(batch);
  for (const c of back) {
    try {
      await alerts.resolve({ tenantId: c.tenant_id, condition: 'CAMERA_OFFLINE', subjectId: c.id, endedAt: c.last_frame_at ?? now, comment: `camera '${c.name}' sends pictures again` }, now);
    } catch (error) {
      await cameras.setOfflineAlerted(c.tenant_id, c.id, now);
      throw error;
    }
  }
  return due.length === batch || back.length === batch;
}
