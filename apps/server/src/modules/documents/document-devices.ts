import type { Auth } from '../../platform/access/auth.ts';

/**
 * The devices documents may be attached to. The devices module owns devices and provides this
 * (`DocumentsModule.attachDevicesFrom`): devices keep their calibration certificates as documents,
 * so the documents module cannot import it.
 */
export interface DocumentDevices {
  /** The tenant of a device the caller reads; 404 when there is none it may see. */
  tenantOf(auth: Auth, deviceId: number): Promise<number>;
}
