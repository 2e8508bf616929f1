import type { CameraControlService } from './camera-control.service.ts';
import { cameraKey, type CameraService } from './cameras.service.ts';

/** How often a camera nobody watches is probed (one frame), and how many at once. */
export const HEALTH_CHECK_EVERY_MS = 5 * 60_000;
const PROBES_AT_ONCE = 4;

/**
 * One pass of the camera health check (issue 32): claims the cameras not checked for
 * HEALTH_CHECK_EVERY_MS and probes each by taking one frame, unless a live stream already reports
 * its frames. A probe ends within the snapshot timeout, so a dead camera costs one timeout, never a
 * blocked worker. Answers whether more cameras may be due.
 */
export async function cameraHealthPass(cameras: CameraService, control: CameraControlService, viewers: (key: string) => number, now = new Date(), batch = 16): Promise<boolean> {
  const due = await cameras.cameras.claimForCheck(new Date(now.getTime() - HEALTH_CHECK_EVERY_MS), now, batch);
  const queue = due.filter((c) => viewers(cameraKey(c.tenant_id, c.id)) === 0);
  const probe = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const row = await cameras.cameras.byKey(c.tenant_id, c.id);
      // A failed probe has already written the camera's health (OFFLINE or UNAVAILABLE, with the reason).
      if (row) await control.probe(row).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: PROBES_AT_ONCE }, probe));
  return due.length === batch;
}
