/**
 * Energy (issue 31, docs/ENERGY.md): meters in the facility tree, consumption and cost of its nodes,
 * dated time-of-day tariffs, budgets, production and specific energy consumption, Scope 2 emissions
 * and offsets. SPEC 7 paths keep their spelling (`excluseEnergyMeters`, `all-energy-meter`,
 * `entityBudget`, `emissionoffsetData`); the routes beyond SPEC 7 are under /api/energy/.
 */
import { BUDGET_THRESHOLDS } from '@enviro/domain/energy/budget';
import { OFFSET_KINDS } from '@enviro/domain/energy/emissions';
import { WINDOW_KINDS } from '@enviro/domain/energy/tariff';
import { z } from 'zod';
import { Id, Instant, TenantId } from './common.ts';
import { LocalDate } from './data/request.ts';
import { ReportFormat } from './reports.ts';
import { TimeRange } from './time.ts';

const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "expected a month 'YYYY-MM'" });
const FinancialYearLabel = z.string().regex(/^\d{4}-\d{2}$/, { error: "expected a financial year such as '2026-27'" });
const Kwh = z.number().finite();
const Note = (max: number) => z.string().trim().max(max, { error: `at most ${max} characters` });

export const MeterRole = z.enum(['MAIN', 'SUB', 'GENERATION']);
export type MeterRole = z.infer<typeof MeterRole>;
export const MeterSource = z.enum(['GRID', 'SOLAR', 'DG']);
export type MeterSource = z.infer<typeof MeterSource>;

/** Path `{id}` of an entity or a meter. */
export const EnergyIdParams = z.object({ id: Id });

// ---------------------------------------------------------------- meters

/** An energy meter: a station reporting a kWh register, located at a node of the tree. */
export const EnergyMeter = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  /** The station whose device reports the register (`kwh_register`). */
  entityId: z.number().int(),
  entityName: z.string(),
  entityType: z.string(),
  /** Where the meter is located in the facility tree: the node whose energy it measures. */
  nodeId: z.number().int(),
  nodeName: z.string(),
  role: MeterRole,
  source: MeterSource.nullable(),
  /** A sub-meter's main meter (its station). */
  mainEntityId: z.number().int().nullable(),
  /** Rated kW of the connection: the most it can pass, bounding what a reset may book. */
  ratedKw: z.number(),
  /** kWh per register unit (CT × PT ratio). */
  multiplier: z.number(),
  /** The register's maximum before it rolls over to 0; null: it does not. */
  rolloverAt: z.number().nullable(),
  validFrom: z.string(),
  /** Set once replaced or deleted (history). */
  validTo: z.string().nullable(),
  endReason: z.enum(['REPLACED', 'DELETED']).nullable(),
  replacedBy: z.number().int().nullable(),
});
export type EnergyMeter = z.infer<typeof EnergyMeter>;

/**
 * Body of POST /api/entities/{id}/energy-meter: makes station {id} an energy meter, or with
 * `replace` replaces its current meter (the old one kept as history; its register is not carried).
 */
export const EnergyMeterInput = z.strictObject({
  /** Node of the tree it measures; default the station's parent. */
  nodeId: Id.optional(),
  role: MeterRole,
  source: MeterSource.optional(),
  /** For a SUB meter: the station of the meter it is under. */
  mainEntityId: Id.optional(),
  ratedKw: z.number().positive().max(10_000_000),
  multiplier: z.number().positive().max(1_000_000).default(1),
  rolloverAt: z.number().positive().max(1e15).optional(),
  /** Replace the station's current meter from now on. */
  replace: z.boolean().default(false),
});
export type EnergyMeterInput = z.input<typeof EnergyMeterInput>;

export const EnergyMeterList = z.array(EnergyMeter);

/** Answer of DELETE /api/energy/energy-meter/{id}: the meter, ended (its history kept). */
export const EnergyMeterDeleted = EnergyMeter;

/**
 * Body of POST /api/energy/readings: a meter's register read by hand (a meter without a data link,
 * read on a walk-round), in register units as the meter shows them. The readings continue the
 * meter's series: in time order, after its latest stored reading, never below it.
 */
export const ManualReadingsInput = z.strictObject({
  /** The meter's station. */
  entityId: Id,
  readings: z
    .array(z.strictObject({ time: Instant, register: z.number().finite() }))
    .min(1)
    .max(500),
});
export type ManualReadingsInput = z.input<typeof ManualReadingsInput>;
export const ManualReadingsResult = z.object({ entityId: z.number().int(), deviceId: z.number().int(), stored: z.number().int() });

// ---------------------------------------------------------------- facilities and located devices

export const EnergyFacility = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  /** Current meters located in its tree, by role. */
  meters: z.number().int(),
  mains: z.number().int(),
  subs: z.number().int(),
  generation: z.number().int(),
});
export const EnergyFacilities = z.array(EnergyFacility);
export type EnergyFacilities = z.infer<typeof EnergyFacilities>;
export const EnergyFacilitiesQuery = z.object({ tenantId: TenantId.optional() });

/** A node of a facility tree with the meters located at it (every node listed: SPEC 6). */
export const LocatedNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: z.string(),
  depth: z.number().int(),
  meters: z.array(EnergyMeter),
});
export const LocatedDevices = z.object({ facilityId: z.number().int(), name: z.string(), nodes: z.array(LocatedNode) });
export type LocatedDevices = z.infer<typeof LocatedDevices>;

// ---------------------------------------------------------------- metrics

export const EnergyInterval = z.enum(['hour_1', 'day_1', 'month_1']);

/** Query of GET /api/energy/metrics (SPEC 7: nodeIds, considerDescendants, excluseEnergyMeters). */
export const EnergyMetricsQuery = z.object({
  /** Comma-separated node ids. */
  nodeIds: z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const ids = s.split(',').map((p) => Number(p.trim()));
      if (ids.length === 0 || ids.length > 200 || ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: 'expected 1 to 200 node ids separated by commas' });
        return z.NEVER;
      }
      return ids;
    }),
  /** Count the meters of the nodes' descendants (default true). */
  considerDescendants: Bool.default(true),
  /** Leave out sub-meters whose main meter is counted (default true). */
  excluseEnergyMeters: Bool.default(true),
  /** Day 'YYYY-MM-DD' (IST) the range starts; default the 1st of this month. */
  startDate: LocalDate.optional(),
  /** Last day of the range, included; default today. */
  endDate: LocalDate.optional(),
  interval: EnergyInterval.default('day_1'),
});
export type EnergyMetricsQuery = z.input<typeof EnergyMetricsQuery>;
/** The query as the route hands it on, validated. */
export type EnergyMetricsFilter = z.output<typeof EnergyMetricsQuery>;

export const EnergyPoint = z.object({ time: z.number().int(), value: z.number().nullable() });

/** A reset, rollover, backstep or capped jump found in a meter's register. */
export const RegisterEvent = z.object({
  entityId: z.number().int(),
  time: z.number().int(),
  kind: z.enum(['reset', 'rollover', 'capped', 'backstep']),
  previous: z.number(),
  register: z.number(),
  bookedKwh: z.number(),
});

export const NodeMetrics = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  unit: z.literal('kWh'),
  /** Meter stations whose energy makes the consumption. */
  counted: z.array(z.number().int()),
  /** Meters in scope left out (sub-meters of a counted main meter). */
  excluded: z.array(z.number().int()),
  data: z.array(EnergyPoint),
  /** Supply − metered loads per bucket; null when the node has no supply or no metered loads. */
  unmetered: z.array(EnergyPoint).nullable(),
  total: Kwh,
  /** Energy shared out over gaps (estimated), kWh. */
  estimatedKwh: Kwh,
  events: z.array(RegisterEvent),
});
export type NodeMetrics = z.infer<typeof NodeMetrics>;
export const EnergyMetrics = z.object({ range: TimeRange, interval: EnergyInterval, nodes: z.array(NodeMetrics) });
export type EnergyMetrics = z.infer<typeof EnergyMetrics>;

// ---------------------------------------------------------------- tariffs and cost

export const TariffWindow = z.object({
  kind: z.enum(WINDOW_KINDS),
  fromHour: z.number().int(),
  toHour: z.number().int(),
  /** ₹/kWh */
  rate: z.number(),
});

/** Body of POST /api/energy/tariffs: a new dated version of a connection's tariff (never changed later). */
export const TariffVersionInput = z.strictObject({
  /** The connection: the station of its MAIN meter. */
  entityId: Id,
  validFrom: LocalDate,
  windows: z.array(TariffWindow).min(1).max(24),
  /** ₹ a whole month (demand and fixed charges). */
  fixedChargePerMonth: z.number().min(0).max(1e10).default(0),
  /** Electricity duty, % of energy and fixed charges. */
  dutyPercent: z.number().min(0).max(100).default(0),
  /** The commission's order. */
  orderRef: Note(200).default(''),
});
export type TariffVersionInput = z.input<typeof TariffVersionInput>;
/** The body as the route hands it on, validated. */
export type TariffVersionFields = z.output<typeof TariffVersionInput>;

export const TariffVersion = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  validFrom: z.string(),
  /** Day before the next version starts; null while current. */
  validTo: z.string().nullable(),
  windows: z.array(TariffWindow),
  fixedChargePerMonth: z.number(),
  dutyPercent: z.number(),
  orderRef: z.string(),
});
export const TariffVersions = z.array(TariffVersion);
export const TariffQuery = z.object({ entityId: Id });

export const CostQuery = z.object({ nodeId: Id, month: Month });
export const CostLine = z.object({ key: z.string(), kwh: z.number(), cost: z.number() });
/** The bill of a node's month: its connections' bills added up, with cost by window, day and shift. */
export const EnergyCost = z.object({
  nodeId: z.number().int(),
  month: z.string(),
  kwh: z.number(),
  energyCharge: z.number(),
  fixedCharge: z.number(),
  duty: z.number(),
  total: z.number(),
  byKind: z.array(CostLine),
  byDay: z.array(CostLine),
  byShift: z.array(CostLine),
  /** Versions that priced the month, per connection. */
  versions: z.array(z.object({ entityId: z.number().int(), validFrom: z.string(), days: z.number().int() })),
  /** Energy before any tariff version (not costed). */
  uncostedKwh: z.number(),
});
export type EnergyCost = z.infer<typeof EnergyCost>;

// ---------------------------------------------------------------- budgets

export const BudgetPeriod = z.enum(['MONTH', 'FY']);

/** Body of PUT /api/energy/budgets: a node's budget for a month ('2026-11') or a financial year ('2026-27'). */
export const BudgetInput = z.strictObject({
  nodeId: Id,
  period: BudgetPeriod,
  /** 'YYYY-MM' for a month, '2026-27' for a financial year. */
  periodKey: z.string().max(7),
  budgetKwh: z.number().positive().max(1e13),
});
export type BudgetInput = z.input<typeof BudgetInput>;

/** Body of POST /api/data/entityBudget (SPEC 7): the budgets of nodes for the period holding a day. */
export const EntityBudgetRequest = z.strictObject({
  entityIds: z.array(Id).min(1).max(200),
  /** Only this period kind; default both. */
  period: BudgetPeriod.optional(),
  /** The day whose month and financial year are read; default today (IST). */
  durationRefDate: LocalDate.optional(),
});

export const BudgetStatus = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  period: BudgetPeriod,
  periodKey: z.string(),
  start: z.string(),
  end: z.string(),
  budgetKwh: z.number(),
  usedKwh: z.number(),
  usedPercent: z.number(),
  /** The period's end at its run rate so far. */
  forecastKwh: z.number(),
  forecastPercent: z.number(),
  /** Thresholds (50, 75, 100 %) already raised as alerts. */
  raised: z.array(z.number().int()),
});
export type BudgetStatus = z.infer<typeof BudgetStatus>;
export const BudgetStatuses = z.array(BudgetStatus);
export const BUDGET_ALERT_THRESHOLDS = BUDGET_THRESHOLDS;

// ---------------------------------------------------------------- production and SEC

/** Body of PUT /api/energy/production: a node's daily production (all days stored or none). */
export const ProductionInput = z.strictObject({
  nodeId: Id,
  /** Unit of output: 't' (tonnes of cement), 'MWh', ... */
  unit: z.string().trim().min(1).max(20),
  days: z
    .array(z.strictObject({ day: LocalDate, quantity: z.number().min(0).max(1e12), temperature: z.number().min(-60).max(70).optional() }))
    .min(1)
    .max(400),
});
export type ProductionInput = z.input<typeof ProductionInput>;

export const SecQuery = z.object({
  nodeId: Id,
  /** Reporting range (default this month). */
  startDate: LocalDate.optional(),
  endDate: LocalDate.optional(),
  /** Baseline range (default the 90 days before the reporting range). */
  baselineStart: LocalDate.optional(),
  baselineEnd: LocalDate.optional(),
  /** Add the day's mean temperature as a second variable. */
  withTemperature: Bool.default(false),
});

export const SecDay = z.object({ day: z.string(), kwh: z.number().nullable(), production: z.number().nullable(), sec: z.number().nullable(), expectedKwh: z.number().nullable() });
export const SecAnswer = z.object({
  nodeId: z.number().int(),
  unit: z.string().nullable(),
  days: z.array(SecDay),
  baseline: z.object({ intercept: z.number(), coefficients: z.array(z.number()), r2: z.number(), n: z.number().int(), start: z.string(), end: z.string() }).nullable(),
  /** Expected − actual over the reporting days with production (ISO 50006 adjusted savings). */
  savings: z.object({ expectedKwh: z.number(), actualKwh: z.number(), savingsKwh: z.number(), savingsPercent: z.number().nullable() }).nullable(),
  /** SEC of the whole reporting range. */
  sec: z.number().nullable(),
});
export type SecAnswer = z.infer<typeof SecAnswer>;

// ---------------------------------------------------------------- emissions

export const GridFactor = z.object({ fy: FinancialYearLabel, tco2PerMwh: z.number(), source: Note(200).default('') });
/** Body of PUT /api/energy/grid-factors: the whole table (site administrators); it must hold the current year. */
export const GridFactorTable = z.strictObject({ factors: z.array(GridFactor).min(1).max(100) });
export const GridFactors = z.array(z.object({ fy: z.string(), tco2PerMwh: z.number(), source: z.string() }));

/** Body of POST /api/energy/offsets: an entry of the offset ledger. */
export const OffsetInput = z.strictObject({
  nodeId: Id,
  kind: z.enum(OFFSET_KINDS),
  day: LocalDate,
  mwh: z.number().positive().max(1e9),
  reference: Note(200).default(''),
});
export type OffsetInput = z.input<typeof OffsetInput>;
export const Offset = z.object({ id: z.number().int(), nodeId: z.number().int(), kind: z.enum(OFFSET_KINDS), day: z.string(), mwh: z.number(), reference: z.string() });

/** Body of POST /api/data/emissionoffsetData (SPEC 7): emissions and offsets of nodes for a financial year. */
export const EmissionOffsetRequest = z.strictObject({
  entityIds: z.array(Id).min(1).max(200),
  /** Financial year '2026-27'; default the current one. */
  fy: FinancialYearLabel.optional(),
});

export const NodeEmissions = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  fy: z.string(),
  /** Grid import (MAIN meters with source GRID), own solar and DG generation, kWh. */
  gridKwh: z.number(),
  solarKwh: z.number(),
  dgKwh: z.number(),
  /** The factor used; `factorFy` differs from `fy` when CEA has not published the year yet. */
  factor: z.number().nullable(),
  factorFy: z.string().nullable(),
  grossTco2: z.number().nullable(),
  offsets: z.array(Offset),
  offsetTco2: z.number().nullable(),
  netTco2: z.number().nullable(),
  /** By month, April first. */
  months: z.array(z.object({ month: z.string(), gridKwh: z.number(), tco2: z.number().nullable() })),
});
export type NodeEmissions = z.infer<typeof NodeEmissions>;
export const EmissionOffsetData = z.array(NodeEmissions);

/** Body of POST /api/energy/form1: a node's financial-year energy summary in the shape of BEE's Form 1, as a file. */
export const Form1Request = z.strictObject({
  nodeId: Id,
  /** Financial year '2026-27'; default the current one. */
  fy: FinancialYearLabel.optional(),
  format: ReportFormat,
});
export type Form1Request = z.input<typeof Form1Request>;
