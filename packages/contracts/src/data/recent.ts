import { z } from 'zod';
import { EntityType } from '../common.ts';
import { ParamRef, selectionShape } from './request.ts';
import { LiveStatus } from '../entities.ts';

const recentShape = {
  ...selectionShape,
  /** Parameters to report; default every parameter of the selected devices. */
  params: z.array(ParamRef).min(1).max(256).optional(),
  /** How far back a latest value may be, in hours (default 1). */
  backscan: z.number().positive().max(24 * 31).default(1),
};

/** Recent data request of POST /api/data/recent/metric (SPEC 3). */
export const RecentRequest = z.strictObject({
  ...recentShape,
  /** Also report the stations under the requested groups. */
  includeDescendants: z.boolean().default(false),
});
export type RecentRequest = z.output<typeof RecentRequest>;

/**
 * Request of POST /api/data/recentTree/metric: the recent request, descendants included by default.
 * With entityTypeFilter, nodes of other types stay in the tree only as ancestors of matching nodes.
 */
export const RecentTreeRequest = z.strictObject({
  ...recentShape,
  /** Include the requested nodes' subtrees. */
  includeDescendants: z.boolean().default(true),
});
export type RecentTreeRequest = z.output<typeof RecentTreeRequest>;

export const RecentRequestBody = z.strictObject({
  /** The recent data request. */
  request: RecentRequest,
});
export const RecentTreeRequestBody = z.strictObject({
  /** The recent data request. */
  request: RecentTreeRequest,
});

/** The latest value of one parameter at one node. */
export const RecentPoint = z.object({
  /** Standard parameter name. */
  paramName: z.string(),
  /** Display label. */
  paramLabel: z.string(),
  /** The device's unit, else the standard unit. */
  unit: z.string(),
  /** Device that reported it; when several devices of the entity report the parameter, the latest wins. */
  deviceId: z.number().int(),
  /** Reading time, epoch milliseconds. */
  time: z.number().int(),
  /** The reading. */
  value: z.number(),
});
export type RecentPoint = z.infer<typeof RecentPoint>;

/** The latest value of one parameter at one entity, within the backscan window. */
export const RecentValue = RecentPoint.extend({
  /** Station id. */
  entityId: z.number().int(),
  /** Station name. */
  entityName: z.string(),
  /** Station type. */
  entityType: EntityType,
});
export type RecentValue = z.infer<typeof RecentValue>;

/** Answer of /api/data/recent/metric: by entity name, then parameter in request (or slot) order. Missing values are absent. */
export const RecentResponse = z.array(RecentValue);

/** A node of the entity tree with its latest values. */
export interface RecentTreeNode {
  id: number;
  name: string;
  type: EntityType;
  lastDataAt: string | null;
  liveStatus: LiveStatus;
  values: RecentPoint[];
  children: RecentTreeNode[];
}

export const RecentTreeNode: z.ZodType<RecentTreeNode> = z
  .object({
    /** Node id. */
    id: z.number().int().positive(),
    /** Display name. */
    name: z.string(),
    /** Entity type. */
    type: EntityType,
    /** Latest reading of the node or anything under it (ISO 8601), or null. */
    lastDataAt: z.iso.datetime({ offset: true }).nullable(),
    /** Live status from `lastDataAt`: LIVE within 15 minutes, DELAYED within 4 hours, else OFFLINE; UNKNOWN without data. */
    liveStatus: LiveStatus,
    /** The node's own latest values within the backscan window. */
    values: z.array(RecentPoint),
    /** Child nodes in natural name order. */
    get children() {
      return z.array(RecentTreeNode);
    },
  })
  .meta({ id: 'RecentTreeNode' });

/** Answer of /api/data/recentTree/metric: the requested nodes (or the tenants' roots) as trees. */
export const RecentTreeResponse = z.array(RecentTreeNode);
