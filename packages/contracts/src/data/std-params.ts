import { z } from 'zod';
import { Aggregator } from '../common.ts';

/** A standard parameter of the catalogue (SPEC 3 Device param, stdParam): what a device may report. */
export const StdParam = z.object({
  /** Catalogue id. */
  id: z.number().int().positive(),
  /** Unique key, e.g. 'pm'; names starting with 'device_' are diagnostic parameters. */
  name: z.string(),
  /** Display label, e.g. 'PM2.5'. */
  label: z.string(),
  /** Metric key that data requests name in `params[].name`; the same as `name`. */
  paramMetric: z.string(),
  /** Aggregator that combines several series of this parameter (across stations). */
  metricAgg: Aggregator,
  /** Aggregator that combines one series' readings inside a time bucket. */
  metricDownsampleAgg: Aggregator,
  /** Whether dashboards show a widget for this parameter. */
  showWidget: z.boolean(),
  /** Whether the value is derived by the platform rather than reported by a device. */
  virtual: z.boolean(),
  /** Standard unit, e.g. 'mg/Nm3'; '' when the parameter has none (pH). */
  stdUnit: z.string(),
  /** Whether values are converted from the device's unit to the standard unit. */
  isConversion: z.boolean(),
  /** Dashboard widget to draw the parameter with, when it needs a particular one. */
  widgetName: z.string().nullable(),
});
export type StdParam = z.infer<typeof StdParam>;

/** Answer of GET /api/allMetaStdParams: the whole catalogue, ordered by name. */
export const StdParamList = z.array(StdParam);
export type StdParamList = z.infer<typeof StdParamList>;
