import { z } from 'zod';
import { Id, TenantId } from './common.ts';

/** A parameter a device reports, with its optional limits. */
export const DeviceParamInput = z.object({
  /** Standard parameter name from /api/allMetaStdParams, e.g. 'pm'. */
  name: z.string().min(1).max(64),
  /** Unit when it differs from the standard parameter's. */
  unit: z.string().max(32).optional(),
  /** Lowest acceptable value; below it raises a SYSTEM alert. */
  min: z.number().finite().optional(),
  /** Highest acceptable value; above it raises a SYSTEM alert. */
  max: z.number().finite().optional(),
}).refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, { message: 'min must not exceed max', path: ['min'] });
export type DeviceParamInput = z.input<typeof DeviceParamInput>;

/** Creates a device mounted on a station, with its parameters; returns its access token. */
export const CreateDevice = z.object({
  /** Owning tenant. */
  tenantId: TenantId,
  /** Station the device is mounted on. */
  entityId: Id,
  /** Display name. */
  name: z.string().trim().min(1).max(200),
  /** Manufacturer, e.g. 'Thermo Fisher'. */
  make: z.string().max(100).optional(),
  /** Model, e.g. '5014i'. */
  model: z.string().max(100).optional(),
  /** Manufacturer serial number. */
  serialNo: z.string().max(100).optional(),
  /** Sensor id used by the regulator's server. */
  sensorId: z.string().max(100).optional(),
  /** Free tags of the device's series. */
  tags: z.record(z.string(), z.string()).default({}),
  /** Access token to use; generated when omitted. */
  accessToken: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'letters, digits, _ or -, 8 to 128 long').optional(),
  /** Parameters the device reports. */
  params: z.array(DeviceParamInput).min(1).max(256),
});
export type CreateDevice = z.input<typeof CreateDevice>;

export interface CreatedDevice {
  id: number;
  accessToken: string;
  params: { name: string; slot: number }[];
}
