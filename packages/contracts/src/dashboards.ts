import { z } from 'zod';
import { ROLES } from '@enviro/domain/access-model';
import { INTERVAL_NAMES } from '@enviro/domain/interval';
import { parseDuration } from '@enviro/domain/duration';
import { Aggregator, EntityType, Id, TenantId } from './common.ts';

/**
 * Dashboards (SPEC 1 admin "dashboard management", 2 chart attributes, 3 dashboard types): a named
 * grid of chart widgets owned by a tenant or by one of its users, shared with roles.
 */

/** Chart kinds of SPEC 1 a widget can be; `pie` with `viewtype: 'rose'` is the rose. */
export const WIDGET_KINDS = [
  'bar', 'line', 'pie', 'candlestick', 'area', 'airQuality', 'calendarHeatmap', 'facilityHeatmap', 'dualAxis',
] as const;
export const WidgetKind = z.enum(WIDGET_KINDS);
export type WidgetKind = z.infer<typeof WidgetKind>;

/** Columns of the dashboard grid; a widget's x + w stays within them. */
export const GRID_COLUMNS = 12;

/** Where a widget sits on the grid, in columns and rows (a row is 80 px). */
export const WidgetLayout = z
  .object({
    /** First column, from 0. */
    x: z.number().int().min(0).max(GRID_COLUMNS - 1),
    /** First row, from 0. */
    y: z.number().int().min(0).max(500),
    /** Width in columns, 1–12. */
    w: z.number().int().min(1).max(GRID_COLUMNS),
    /** Height in rows, 2–12. */
    h: z.number().int().min(2).max(12),
  })
  .strict()
  .refine((l) => l.x + l.w <= GRID_COLUMNS, { message: `must fit in ${GRID_COLUMNS} columns (x + w ≤ ${GRID_COLUMNS})`, path: ['w'] });
export type WidgetLayout = z.infer<typeof WidgetLayout>;

/** A reference line drawn across the plot (SPEC 3 reference line, the `thresholds` attribute). */
export const WidgetThreshold = z.object({ value: z.number().finite(), label: z.string().max(60) }).strict();

/**
 * SPEC 2 chart attributes a widget keeps, each optional (SPEC 9 defaults otherwise). Which widget
 * honours which is tabled in `apps/web/src/components/charts/README.md`.
 */
export const WidgetAttributes = z
  .object({
    /** Chart title shown above the plot; the widget's name otherwise. */
    title: z.string().max(120).optional(),
    /** Bar or line for bar/line/dual-axis series (SPEC 9 default bar). */
    type: z.enum(['bar', 'line']).optional(),
    /** Per-series type of a dual-axis chart, in parameter order. */
    types: z.array(z.enum(['bar', 'line'])).max(4).optional(),
    /** Kind of x axis (category, time) or value axis (value, log). */
    charttype: z.enum(['category', 'time', 'value', 'log']).optional(),
    /** Name of the x axis. */
    xaxisname: z.string().max(60).optional(),
    /** Name of the (first) value axis; the unit otherwise. */
    yaxisname: z.string().max(60).optional(),
    /** Smooth lines. */
    smoothline: z.boolean().optional(),
    /** Toolbox features shown: save as image, data view, zoom, restore. */
    toolbox: z.array(z.enum(['saveAsImage', 'dataView', 'dataZoom', 'restore'])).max(4).optional(),
    /** No axes, legend or grid lines: the plot alone. */
    naked: z.boolean().optional(),
    /** Bars grow upward (vertical, SPEC 9 default) or rightward. */
    orient: z.enum(['vertical', 'horizontal']).optional(),
    /** Round values to `decimalplaces` (true) or show them as they are. */
    roundoff: z.boolean().optional(),
    /** Decimal places of labels and tooltips (SPEC 9 default 0). */
    decimalplaces: z.number().int().min(0).max(6).optional(),
    /** Rotation of the category labels in degrees. */
    labelrotation: z.number().int().min(-90).max(90).optional(),
    /** Stack the series. */
    stacked: z.boolean().optional(),
    /** Swap the roles of series and categories (a bar per station instead of per time). */
    transpose: z.boolean().optional(),
    /** Print each value on its bar or point. */
    showdatalabel: z.boolean().optional(),
    /** Value axis fits the data instead of starting at zero. */
    dynamicscale: z.boolean().optional(),
    /** Line width in px (SPEC 9 default 2). */
    linewidth: z.number().min(0.5).max(10).optional(),
    /** One fixed colour for bars, e.g. '#2f9e44'. */
    barcolor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2f9e44').optional(),
    /** Reference lines for the average, minimum and maximum of the first series. */
    showavg: z.boolean().optional(),
    showmin: z.boolean().optional(),
    showmax: z.boolean().optional(),
    /** Reference lines at fixed values. */
    thresholds: z.array(WidgetThreshold).max(10).optional(),
    /** Pie as a donut (default) or a Nightingale rose. */
    viewtype: z.enum(['donut', 'rose']).optional(),
    /** Calendar heatmap: previous years shown beside this one, one heatmap each (SPEC 2: at most 3). */
    numberofyears: z.number().int().min(0).max(3).optional(),
    /** Top-N: only the 5 largest (SPEC 5) stations or categories. */
    topn: z.boolean().optional(),
    /** Combine all entities into one series (request groupAll). */
    groupall: z.boolean().optional(),
    /** Tag keys series are grouped by (request groupByTags). */
    groupbytags: z.array(z.string().min(1).max(40)).max(5).optional(),
    /** Tag filter: a series is kept only with every key and one of its values (SPEC 5). */
    considertags: z.record(z.string().min(1).max(40), z.array(z.string().max(60)).max(20)).optional(),
    /** Reference date of a period duration, YYYY-MM-DD (request durationRefDate). */
    durationrefdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').optional(),
    /** Duration given as a relative span ('relative', default) or a calendar period ('period'). */
    durationtype: z.enum(['relative', 'period']).optional(),
    /** Dark theme. */
    theme: z.enum(['light', 'dark']).optional(),
  })
  .strict();
export type WidgetAttributes = z.infer<typeof WidgetAttributes>;

/** A relative duration such as '15d-ago' or '3y-ago', or a calendar period 'day', 'month', 'year'. */
export const WidgetDuration = z
  .string()
  .max(20)
  .refine((d) => parseDuration(d) !== undefined || ['day', 'month', 'year'].includes(d), { message: "must be like '15d-ago' or day, month, year" });

/** One widget: what it shows (entities or an entity type, parameters, aggregation...) and where. */
export const Widget = z
  .object({
    /** Key of the widget within its dashboard (letters, digits, - and _). */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _'),
    kind: WidgetKind,
    /** Name shown in the widget's header. */
    name: z.string().trim().min(1).max(120),
    layout: WidgetLayout,
    /** Stations (or facilities) shown; empty means every station of `entityType`. */
    entityIds: z.array(Id).max(50).default([]),
    /** The type of station shown when no ids are given (SPEC 3 dashboard types). */
    entityType: EntityType.optional(),
    /** Parameter names (std param names such as 'pm'); dual axis takes two. */
    params: z.array(z.string().min(1).max(100)).min(1).max(6),
    /** How readings combine inside a bucket (dsAgg); the parameter's catalogue aggregation otherwise. */
    aggregation: Aggregator.optional(),
    /** How series combine across entities (agg) when grouped. */
    agg: Aggregator.optional(),
    /** Bucket interval (SPEC 9 averaging). */
    interval: z.enum(INTERVAL_NAMES).default('hour_1'),
    /** Span shown, ending now (SPEC 9 duration choices, or up to '3y-ago'). */
    duration: WidgetDuration.default('15d-ago'),
    attributes: WidgetAttributes.default({}),
  })
  .strict();
export type Widget = z.infer<typeof Widget>;
export type WidgetInput = z.input<typeof Widget>;

const widgetList = z
  .array(Widget)
  .max(40)
  .superRefine((widgets, ctx) => {
    const seen = new Set<string>();
    widgets.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', message: 'must be unique within the dashboard', path: [i, 'id'] });
      seen.add(w.id);
    });
  });

/** Who owns a dashboard: the tenant (its administrators edit it) or the user who made it. */
export const DashboardOwner = z.enum(['tenant', 'user']);
export type DashboardOwner = z.infer<typeof DashboardOwner>;

/** Body of POST /api/dashboards and PUT /api/dashboards/{id}. */
export const DashboardInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    /** Station type the dashboard is about (SPEC 3 dashboard types); none for a mixed one. */
    entityType: EntityType.nullable().default(null),
    owner: DashboardOwner.default('user'),
    /** Roles of the tenant's users who see it besides its owner (admins always do). */
    sharedRoles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
    widgets: widgetList.default([]),
  })
  .strict();
export type DashboardInput = z.infer<typeof DashboardInput>;
export type DashboardInputValues = z.input<typeof DashboardInput>;

/** A dashboard as the list shows it. */
export const DashboardSummary = z.object({
  id: z.number(),
  tenantId: z.number(),
  name: z.string(),
  entityType: EntityType.nullable(),
  owner: DashboardOwner,
  /** The user who owns a user dashboard; null for the tenant's. */
  ownerUserId: z.number().nullable(),
  sharedRoles: z.array(z.enum(ROLES)),
  /** Seeded from the station type's template. */
  template: z.boolean(),
  widgetCount: z.number(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** A dashboard with its widgets (GET /api/dashboards/{id}). */
export const Dashboard = DashboardSummary.extend({ widgets: z.array(Widget) });
export type Dashboard = z.infer<typeof Dashboard>;

/** Query of GET /api/dashboards. */
export const DashboardListQuery = z
  .object({
    /** Only dashboards of this station type. */
    entityType: EntityType.optional(),
    /**
     * Another tenant the caller reads (a board's industry, a partner's or a corporate's): its
     * dashboards shared with all its users, read-only. Without it, the tenant acted for.
     */
    tenantId: TenantId.optional(),
  })
  .strict();

export const DashboardList = z.array(DashboardSummary);

export const DashboardIdParams = z.object({ id: Id }).strict();

/** Query of GET /api/dashboards/{id}: `tenantId` as in the list, for an industry's dashboard opened read-only. */
export const DashboardGetQuery = z.object({ tenantId: TenantId.optional() }).strict();

/** Body of POST /api/dashboards/{id}/duplicate: the copy's name (the original's + ' (copy)' otherwise). */
export const DuplicateDashboardInput = z.object({ name: z.string().trim().min(1).max(120).optional() }).strict();

/** Answer of DELETE /api/dashboards/{id}. */
export const DeletedDashboard = z.object({ id: z.number(), deleted: z.literal(true) });
export type DashboardList = z.infer<typeof DashboardList>;
