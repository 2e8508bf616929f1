import { z } from 'zod';
import { type LiveStatus as DomainLiveStatus } from '@enviro/domain/live-status';
import { EntityProperty, EntityType, Id, TenantId } from './common.ts';
import { MeterRole, MeterSource } from './energy.ts';
import { StdParam } from './data/std-params.ts';

/** A boolean query option: exactly 'true' or 'false', so a typo answers 400 instead of meaning false. */
export const QueryBoolean = z
  .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
  .transform((v) => v === 'true');

/** Entity statuses (SPEC 4): entities are soft-deleted by setting DELETED. */
export const EntityStatus = z.enum(['ENABLED', 'DELETED']);
export type EntityStatus = z.infer<typeof EntityStatus>;

/** Live status of a node from its last data (SPEC 4): LIVE, DELAYED, OFFLINE, else UNKNOWN. */
export const LiveStatus = z.enum(['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN']) satisfies z.ZodType<DomainLiveStatus>;
export type LiveStatus = z.infer<typeof LiveStatus>;

/** A comma-separated query list whose every item must be one of `allowed`; the error names the stray item. */
function commaList<const V extends string>(allowed: readonly V[], what: string) {
  const isAllowed = (s: string): s is V => (allowed as readonly string[]).includes(s);
  return z.string().transform((text, ctx): V[] => {
    const items = [...new Set(text.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
    const stray = items.find((s) => !isAllowed(s));
    if (stray !== undefined) {
      ctx.addIssue({ code: 'custom', message: `unknown ${what} '${stray}'; one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    if (items.length === 0) {
      ctx.addIssue({ code: 'custom', message: `list at least one ${what}` });
      return z.NEVER;
    }
    return items.filter(isAllowed);
  });
}

/** Query of GET /api/entities (SPEC 7). Boolean options take 'true' or 'false'. */
export const EntitiesQuery = z.object({
  /** Tenant whose tree to return; only for callers that may read several tenants. Default: all of them. */
  tenantId: TenantId.optional(),
  /** Attach each node's devices. */
  getDevices: QueryBoolean.default(false),
  /**
   * Attach each node's devices (as `getDevices`) and the devices located at it (`locatedDevices`):
   * those of the energy meters measuring the node, wherever their stations are mounted (a meter in
   * the substation measuring the cement mill is located at the mill).
   */
  getLocatedDevices: QueryBoolean.default(false),
  /** With devices, add each device's `profile.params`; 'all' (SPEC 7: `params=all`) is the same as 'true'. */
  params: z
    .enum(['true', 'false', 'all'], { error: "must be 'true', 'false' or 'all'" })
    .transform((v) => v !== 'false')
    .default(false),
  /** Only the nodes with a camera (their other nodes left out, descendants lifted as with `type`). */
  camera: QueryBoolean.default(false),
  /** Accepted so existing clients keep working; every full node already carries its `workingStatus`. */
  workingStatus: QueryBoolean.default(false),
  /** Return only id, name, type, children, lastDataAt and liveStatus of each node (no devices). */
  short: QueryBoolean.default(false),
  /**
   * Comma-separated entity types to show, e.g. 'eqms,cems'. A node of another type is left out and its
   * shown descendants take its place under its nearest shown ancestor (or become roots).
   */
  type: commaList(EntityType.options, 'entity type').optional().meta({ example: 'eqms,cems,caaqms' }),
  /** Comma-separated entity types to leave out, with the same lifting of their descendants as `type`. */
  excludeType: commaList(EntityType.options, 'entity type').optional().meta({ example: 'Energy Meter' }),
  /** Comma-separated statuses to show; DELETED nodes appear only when listed here. */
  status: commaList(EntityStatus.options, 'status').default(['ENABLED']),
});
export type EntitiesQuery = z.infer<typeof EntitiesQuery>;

/** Path of GET /api/tenants/{id}/entities. */
export const TenantEntitiesParams = z.object({
  /** The tenant whose tree to return. */
  id: TenantId,
});

/** Query of GET /api/tenants/{id}/entities: the options of GET /api/entities, the tenant being the path's. */
export const TenantEntitiesQuery = EntitiesQuery.omit({ tenantId: true });
export type TenantEntitiesQuery = z.infer<typeof TenantEntitiesQuery>;

/** Query of GET /api/entity/{id} and GET /api/entities/{id}/children. */
export const EntityQuery = z.object({
  /** Attach each node's devices. */
  withDevices: QueryBoolean.default(false),
  /** With devices, add each device's `profile.params`. */
  withParams: QueryBoolean.default(false),
});
export type EntityQuery = z.infer<typeof EntityQuery>;

/** Path of the routes addressing one entity. */
export const EntityIdParams = z.object({
  /** Entity (node) id. */
  id: Id,
});

/** A parameter of a device's profile (SPEC 3 Device param). */
export const DeviceParam = z.object({
  /** The catalogue entry this parameter reports. */
  stdParam: StdParam,
  /** Unit the device reports in: its own when configured, else the standard unit. */
  unit: z.string(),
  /** The same as `unit`; clients of the product read either name. */
  rawUnit: z.string(),
  /** Whether values are converted to the standard unit (from the catalogue entry). */
  isConversion: z.boolean(),
  /** When the parameter was removed from the device (ISO 8601), or null while it reports. */
  deletedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceParam = z.infer<typeof DeviceParam>;

/** A device mounted on a node (SPEC 3 Device). Devices removed from service stay listed with `deletedDate`. */
export const EntityDevice = z.object({
  /** Device id. */
  id: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** Display id: 'D-' and the id left-padded with zeros to 10 digits. */
  displayId: z.string(),
  /** Model and its make, or null when the device was registered without one. */
  model: z.object({
    /** Model name, e.g. '5014i'. */
    name: z.string(),
    /** The model's manufacturer. */
    make: z.object({
      /** Manufacturer name, e.g. 'Thermo Fisher'. */
      name: z.string(),
    }),
  }).nullable(),
  /** Manufacturer serial number. */
  serialNo: z.string().nullable(),
  /** Sensor id used by the regulator's server. */
  sensorId: z.string().nullable(),
  /** When the device was removed from service (ISO 8601), or null. */
  deletedDate: z.iso.datetime({ offset: true }).nullable(),
  /** Present when parameters were asked for (`params` / `withParams`). */
  profile: z.object({
    /** The device's parameters in slot order, removed ones included with `deletedDate`. */
    params: z.array(DeviceParam),
  }).optional(),
});
export type EntityDevice = z.infer<typeof EntityDevice>;

/** A device located at a node (`getLocatedDevices`): a device of an energy meter measuring the node. */
export const LocatedDevice = EntityDevice.extend({
  /** The meter's station, where the device is mounted. */
  stationId: z.number().int().positive(),
  stationName: z.string(),
  /** The meter's role: MAIN (an incomer), SUB (a load under another meter), GENERATION (solar, DG). */
  meterRole: MeterRole,
  /** GRID, SOLAR or DG; null for a sub-meter. */
  meterSource: MeterSource.nullable(),
});
export type LocatedDevice = z.infer<typeof LocatedDevice>;

/** A node of a tenant's entity tree (SPEC 3): a group, facility or station, with its subtree. */
export interface EntityNode {
  id: number;
  tenantId: number;
  name: string;
  type: EntityType;
  status: EntityStatus;
  properties: EntityProperty[];
  workingStatus: string | null;
  lastDataAt: string | null;
  liveStatus: LiveStatus;
  devices?: EntityDevice[];
  locatedDevices?: LocatedDevice[];
  children: EntityNode[];
}

export const EntityNode: z.ZodType<EntityNode> = z.object({
  /** Node id. */
  id: z.number().int().positive(),
  /** Owning tenant; tells trees apart when the caller reads several tenants. */
  tenantId: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** Entity type. */
  type: EntityType,
  /** ENABLED, or DELETED when the status filter asked for deleted nodes. */
  status: EntityStatus,
  /** Name/value pairs in the operator's order, e.g. Capacity, Operational. */
  properties: z.array(EntityProperty),
  /** Working status set by operators (e.g. 'Working', 'Shutdown'), or null when never set. */
  workingStatus: z.string().nullable(),
  /** Time of the node's latest reading (ISO 8601), or null when it never reported. */
  lastDataAt: z.iso.datetime({ offset: true }).nullable(),
  /** Live status derived from `lastDataAt`. */
  liveStatus: LiveStatus,
  /** The node's devices in natural name order; present only when devices were asked for. */
  get devices() {
    return z.array(EntityDevice).optional();
  },
  /** The devices of the energy meters measuring the node, by station name; present only with `getLocatedDevices`. */
  get locatedDevices() {
    return z.array(LocatedDevice).optional();
  },
  /** Child nodes in natural name order. */
  get children() {
    return z.array(EntityNode);
  },
  // A recursive schema reaches the OpenAPI page as a named component that its children refer to.
}).meta({ id: 'EntityNode' });

/** Answer of GET /api/entities/{id}/children: the direct children, each with its subtree. */
export const EntityNodeList = z.array(EntityNode);

/** The "required fields" view of a node (`short=true`). */
export interface EntityNodeShort {
  id: number;
  name: string;
  type: EntityType;
  lastDataAt: string | null;
  liveStatus: LiveStatus;
  children: EntityNodeShort[];
}

export const EntityNodeShort: z.ZodType<EntityNodeShort> = z.object({
  /** Node id. */
  id: z.number().int().positive(),
  /** Display name. */
  name: z.string(),
  /** Entity type. */
  type: EntityType,
  /** Time of the node's latest reading (ISO 8601), or null. */
  lastDataAt: z.iso.datetime({ offset: true }).nullable(),
  /** Live status derived from `lastDataAt`. */
  liveStatus: LiveStatus,
  /** Child nodes in natural name order. */
  get children() {
    return z.array(EntityNodeShort);
  },
}).meta({ id: 'EntityNodeShort' });

/** Answer of GET /api/entities: root nodes in natural name order, full or short. */
export const EntityTree = z.union([z.array(EntityNode), z.array(EntityNodeShort)]);
export type EntityTree = EntityNode[] | EntityNodeShort[];

/** Limit request (SPEC 3) of POST /api/alertlimit. */
export const LimitRequest = z.object({
  /** Stations or groups; the devices of their descendants count too. */
  entityIds: z.array(Id).min(1).max(500),
  /** Standard parameter names, e.g. ['pm', 'so2']; empty or omitted means every parameter. */
  params: z.array(z.string().min(1).max(64)).max(256).default([]),
});
export type LimitRequest = z.infer<typeof LimitRequest>;

/**
 * The alert limits of one parameter under one requested entity. When several devices under the
 * entity limit the same parameter in the same unit, the strictest band wins (highest min, lowest max):
 * a value inside it alerts on none of them.
 */
export const ParamLimit = z.object({
  /** The requested entity. */
  entityId: z.number().int().positive(),
  /** Its display name. */
  entityName: z.string(),
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string(),
  /** Its display label, e.g. 'PM'. */
  paramLabel: z.string(),
  /** Unit the limits are expressed in (the device's unit, else the standard one). */
  unit: z.string(),
  /** Lowest acceptable value, or null when only a maximum is set. */
  min: z.number().nullable(),
  /** Highest acceptable value, or null when only a minimum is set. */
  max: z.number().nullable(),
});
export type ParamLimit = z.infer<typeof ParamLimit>;

/**
 * Answer of POST /api/alertlimit: one row per requested entity, parameter and unit that has a limit,
 * in request order of entities, then by parameter name. Parameters without limits are absent.
 */
export const ParamLimitList = z.array(ParamLimit);


/** Creates a node of a tenant's entity tree: group, facility or station. */
export const CreateEntity = z.object({
  /** Owning tenant. */
  tenantId: TenantId,
  /** Parent node; omitted for a root. */
  parentId: Id.optional(),
  /** Entity type of SPEC 3. */
  type: EntityType,
  /** Display name, e.g. 'Stack 1 - Kiln'. */
  name: z.string().trim().min(1).max(200),
  /** Properties in display order. */
  properties: z.array(EntityProperty).max(50).default([]),
});
export type CreateEntity = z.input<typeof CreateEntity>;

// ---------------------------------------------------------------------------------------------
// Entity tree administration (SPEC 7 Entities: POST entities, PUT and DELETE entities/{id},
// /changeStationStatus, /entityProps, /timezones, /unaware/entities/{id}).

/** SPEC 3 value patterns of entity properties. */
export const PROPERTY_PATTERNS = {
  /** Integer up to 9 digits. */
  integer: /^\d{1,9}$/,
  /** Float with an optional minus and decimals. */
  float: /^-?\d+(\.\d+)?$/,
  /** Letters only (spaces between words allowed). */
  string: /^[A-Za-z]+( [A-Za-z]+)*$/,
  /** A date, YYYY-MM-DD. */
  date: /^\d{4}-\d{2}-\d{2}$/,
  /** 'True' or 'False' (SPEC 4: a station is operating unless Operational is 'False'). */
  boolean: /^(True|False)$/,
  /** Any text (a document's name, say). */
  text: /^[\s\S]*$/,
} as const;
export type PropertyKind = keyof typeof PROPERTY_PATTERNS;

/** The properties the station editor offers, with the kind of value each takes. Others are free text. */
export const ENTITY_PROPS: readonly { name: string; kind: PropertyKind; label: string }[] = [
  { name: 'Operational', kind: 'boolean', label: "'True' or 'False'" },
  { name: 'Capacity', kind: 'float', label: 'a number, e.g. 120.5' },
  { name: 'Commisoning Date', kind: 'date', label: 'a date, YYYY-MM-DD' },
  { name: 'Stack Height', kind: 'float', label: 'metres, e.g. 60' },
  { name: 'Stack Diameter', kind: 'float', label: 'metres, e.g. 2.5' },
  { name: 'Latitude', kind: 'float', label: 'degrees, e.g. 22.57' },
  { name: 'Longitude', kind: 'float', label: 'degrees, e.g. 88.36' },
  { name: 'Number of Units', kind: 'integer', label: 'a whole number up to 9 digits' },
  { name: 'Fuel', kind: 'string', label: 'letters only, e.g. Coal' },
  { name: 'CTO Document', kind: 'text', label: 'any text' },
  { name: 'Camera', kind: 'boolean', label: "'True' when the station has a camera add-on, else 'False'" },
];

/** Answer of GET /api/entityProps. */
export const EntityPropList = z.array(z.object({
  /** Property name. */
  name: z.string(),
  /** Kind of value. */
  kind: z.enum(Object.keys(PROPERTY_PATTERNS) as [PropertyKind, ...PropertyKind[]]),
  /** What a value looks like. */
  label: z.string(),
}));

/** Properties checked against ENTITY_PROPS' kinds; names unique. */
export const CheckedProperties = z.array(EntityProperty).max(50).superRefine((props, ctx) => {
  const seen = new Set<string>();
  props.forEach((p, i) => {
    if (seen.has(p.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `property '${p.name}' given twice` });
    seen.add(p.name);
    const known = ENTITY_PROPS.find((k) => k.name === p.name);
    if (known && !PROPERTY_PATTERNS[known.kind].test(p.value)) {
      ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `${p.name} must be ${known.label}` });
    }
  });
});

/** Body of POST /api/entities. */
export const EntityBody = z.object({
  /** Owning tenant; default the tenant the caller acts for. */
  tenantId: TenantId.optional(),
  /** Parent node; omitted for a root. */
  parentId: Id.nullable().optional(),
  /** Entity type of SPEC 3. */
  type: EntityType,
  /** Display name. */
  name: z.string().trim().min(1).max(200),
  /** Properties in display order, checked by ENTITY_PROPS. */
  properties: CheckedProperties.default([]),
});
export type EntityBody = z.input<typeof EntityBody>;

/** Body of PUT /api/entities/{id}: name, parent and properties (the type stays). */
export const UpdateEntityBody = EntityBody.omit({ tenantId: true, type: true });
export type UpdateEntityBody = z.input<typeof UpdateEntityBody>;

/** Answer of entity writes: the node as stored. */
export const EntityRecord = z.object({
  /** Node id. */
  id: z.number().int().positive(),
  /** Owning tenant. */
  tenantId: z.number().int().positive(),
  /** Parent, or null for a root. */
  parentId: z.number().int().positive().nullable(),
  /** Entity type. */
  type: EntityType,
  /** Display name. */
  name: z.string(),
  /** Properties. */
  properties: z.array(EntityProperty),
  /** ENABLED or DELETED. */
  status: EntityStatus,
  /** Working status, or null. */
  workingStatus: z.string().nullable(),
  /** Latest reading (ISO 8601), or null. */
  lastDataAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EntityRecord = z.infer<typeof EntityRecord>;

/** Working statuses of a station (POST /api/changeStationStatus). */
export const WorkingStatus = z.enum(['Working', 'Shutdown', 'Maintenance', 'Not Working']);

/** Body of POST /api/changeStationStatus. */
export const ChangeStationStatus = z.object({
  /** Station id. */
  entityId: Id,
  /** New working status. */
  workingStatus: WorkingStatus,
});

/** Answer of GET /api/timezones: IANA zones, Asia/Kolkata first. */
export const TimezoneList = z.array(z.string());
