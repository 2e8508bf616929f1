import { z } from 'zod';
import { Id, TenantId } from './common.ts';

/**
 * Gateways (SPEC 7: gateways and gateway counts; issue 13): one MQTT connection forwarding many of
 * an industry's devices, named in the payload, by ThingsBoard's gateway API (docs/DEVICES.md).
 */

/** Path of the routes addressing one gateway. */
export const GatewayIdParams = z.object({
  /** Gateway id. */
  id: Id,
});

/** Query of GET /api/gateways. */
export const GatewayListQuery = z.object({
  /** Tenant; default every tenant the caller reads. */
  tenantId: TenantId.optional(),
});

/** A gateway. */
export const Gateway = z.object({
  /** Gateway id. */
  id: z.number().int().positive(),
  /** Owning tenant. */
  tenantId: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** When it was last heard from (ISO 8601), or null. */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  /** From `lastSeenAt` (SPEC 4). */
  liveStatus: z.enum(['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN']),
  /** The token it connects with; null for callers who may not change it. */
  accessToken: z.string().nullable(),
});
export type Gateway = z.infer<typeof Gateway>;
export const GatewayList = z.array(Gateway);

/** Body of POST /api/gateways and PUT /api/gateways/{id}. */
export const GatewayBody = z.object({
  /** Owning tenant; default the tenant the caller acts for (ignored by PUT). */
  tenantId: TenantId.optional(),
  /** Display name. */
  name: z.string().trim().min(1).max(200),
});

/** Query of GET /api/gatewayCount. */
export const GatewayCountQuery = z.object({
  /** Count the gateways of the industries linked to this partner: site users only (SPEC 6). */
  partnerId: TenantId.optional(),
});

/** Answer of GET /api/gatewayCount. */
export const GatewayCount = z.object({
  /** Gateways in service. */
  total: z.number().int().min(0),
  /** Of which heard from within 15 minutes. */
  live: z.number().int().min(0),
});
