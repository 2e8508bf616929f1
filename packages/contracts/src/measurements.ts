import { z } from 'zod';
import { Id, Instant, TenantId } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Measure templates and manual measurements (SPEC 7 Documents: measure-template forms,
// POST /api/measure-data, POST /api/delete/measure-data; issue 33): results a lab or a third party
// measured by hand (stack monitoring, effluent analyses), beside the continuous data.
// ---------------------------------------------------------------------------------------------

/** A parameter a template measures: the standard parameter, its unit and the method. */
export const TemplateField = z.object({
  /** Standard parameter name, e.g. 'pm'. */
  paramName: z.string().trim().min(1).max(100),
  /** Unit the lab reports in, e.g. 'mg/Nm3'. */
  unit: z.string().trim().min(1).max(40),
  /** Method of measurement, e.g. 'USEPA Method 17 (isokinetic)'. */
  method: z.string().trim().min(1).max(200),
});
export type TemplateField = z.infer<typeof TemplateField>;

/** Body of POST /api/measure-templates. */
export const NewMeasureTemplate = z
  .object({
    /** The industry; the caller's own when left out. */
    tenantId: TenantId.optional(),
    /** e.g. 'Quarterly stack monitoring'. */
    name: z.string().trim().min(1).max(200),
    fields: z.array(TemplateField).min(1).max(30),
  })
  .refine((t) => new Set(t.fields.map((f) => f.paramName)).size === t.fields.length, { message: 'a parameter is given twice', path: ['fields'] });
export type NewMeasureTemplate = z.input<typeof NewMeasureTemplate>;

export const MeasureTemplate = z.object({
  id: z.number(),
  tenantId: z.number(),
  name: z.string(),
  fields: z.array(TemplateField),
});
export type MeasureTemplate = z.infer<typeof MeasureTemplate>;

export const MeasureTemplateQuery = z.object({ tenantId: TenantId.optional() });
export const MeasureTemplateList = z.object({ items: z.array(MeasureTemplate) });

/** Body of POST /api/measure-data: one sampling's results, on a template's fields. */
export const NewMeasurement = z.object({
  templateId: Id,
  /** The station sampled. */
  entityId: Id,
  /** When sampling started; not in the future. */
  sampledAt: Instant,
  /** How long the sample was drawn, minutes (the continuous average is taken over the same time). */
  durationMinutes: z.number().int().min(1).max(1440).default(60),
  /** The laboratory or agency, e.g. 'EnviroLabs Jaipur (NABL)'. */
  lab: z.string().trim().min(1).max(200),
  /** The result of each parameter measured, by its template field. */
  values: z
    .array(z.object({ paramName: z.string().trim().min(1).max(100), value: z.number().finite() }))
    .min(1)
    .max(30),
});
export type NewMeasurement = z.input<typeof NewMeasurement>;

/** Body of POST /api/delete/measure-data. */
export const DeleteMeasurement = z.object({ id: Id });

/** Query of GET /api/measure-data. */
export const MeasurementQuery = z.object({
  entityId: Id,
  /** From this instant (default: a year back). */
  from: Instant.optional(),
  /** Up to this instant (default: now). */
  to: Instant.optional(),
});
export type MeasurementQuery = z.infer<typeof MeasurementQuery>;

/** One parameter's manual result beside the continuous average over the same time. */
export const MeasuredValue = z.object({
  paramName: z.string(),
  unit: z.string(),
  method: z.string(),
  value: z.number(),
  /** Mean of the station's 15-minute averages of the parameter over the sampling time, or null without continuous data then. */
  continuousAverage: z.number().nullable(),
  /** The continuous average's unit, as the analyser reports it. */
  continuousUnit: z.string().nullable(),
  /** (continuous − manual) / manual in percent, rounded to one decimal; null without continuous data or with a manual 0. */
  deviationPercent: z.number().nullable(),
});
export type MeasuredValue = z.infer<typeof MeasuredValue>;

export const Measurement = z.object({
  id: z.number(),
  tenantId: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  entityId: z.number(),
  sampledAt: Instant,
  durationMinutes: z.number().int(),
  lab: z.string(),
  values: z.array(MeasuredValue),
});
export type Measurement = z.infer<typeof Measurement>;

export const MeasurementList = z.object({ items: z.array(Measurement) });
