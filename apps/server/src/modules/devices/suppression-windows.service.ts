import type { Db } from '../../platform/database/database.ts';
import { SuppressionWindowRepository, type OpenWindow, type SuppressionWindow } from './suppression-windows.repository.ts';

export type { OpenWindow, SuppressionWindow } from './suppression-windows.repository.ts';

/**
 * Suppression windows: when a device (or every device of a station) reports calibration or
 * maintenance data instead of process data. The calibration work opens and closes them; alert
 * evaluation, compliance figures and the regulator push read them through `covering` and
 * `isSuppressed`, so a reading's flag is decided in one place. No caller: the modules that call it
 * have checked theirs.
 */
export class SuppressionWindowService {
  private readonly windows: SuppressionWindowRepository;

  constructor(db: Db) {
    this.windows = new SuppressionWindowRepository(db);
  }

  /** The service in a caller's transaction. */
  in(trx: Db): SuppressionWindowService {
    const bound = Object.create(SuppressionWindowService.prototype) as SuppressionWindowService;
    Object.assign(bound, { windows: this.windows.in(trx) });
    return bound;
  }

  open(window: OpenWindow): Promise<SuppressionWindow> {
    return this.windows.open(window);
  }

  close(tenantId: number, id: string, endsAt: Date): Promise<boolean> {
    return this.windows.close(tenantId, id, endsAt);
  }

  /**
   * Windows overlapping [from, to) that cover one of the devices, directly or through their stations;
   * of one tenant, or of several in one statement (a board's view of many industries).
   */
  covering(tenantId: number | readonly number[], devices: readonly { deviceId: string; entityId: string | null }[], from: Date, to: Date): Promise<SuppressionWindow[]> {
    const deviceIds = [...new Set(devices.map((d) => d.deviceId))];
    const entityIds = [...new Set(devices.flatMap((d) => (d.entityId ? [d.entityId] : [])))];
    return this.windows.overlapping(tenantId, deviceIds, entityIds, from, to);
  }
}

/** Whether an instant of a device falls inside one of `windows` (as `covering` answered them). */
export function isSuppressed(windows: readonly SuppressionWindow[], device: { deviceId: string; entityId: string | null }, at: Date): SuppressionWindow | undefined {
  const t = at.getTime();
  return windows.find(
    (w) =>
      (w.deviceId === device.deviceId || (w.deviceId === null && w.entityId !== null && w.entityId === device.entityId)) &&
      w.startsAt.getTime() <= t &&
      (w.endsAt === null || t < w.endsAt.getTime()),
  );
}
