import type { Aggregator } from '@enviro/contracts/common';
import type { StdParam } from '@enviro/contracts/data/std-params';

/**
 * std_param columns, for every repository that reads the catalogue or joins it (the catalogue
 * itself, an entity's device parameters), each row turned into the contract by `toStdParam`.
 */
export const STD_PARAM_COLUMNS = [
  'std_param.id',
  'std_param.name',
  'std_param.label',
  'std_param.unit',
  'std_param.metric_agg',
  'std_param.downsample_agg',
  'std_param.virtual',
  'std_param.is_conversion',
  'std_param.show_widget',
  'std_param.widget_name',
] as const;

export interface StdParamRow {
  id: number;
  name: string;
  label: string;
  unit: string;
  metric_agg: string;
  downsample_agg: string;
  virtual: boolean;
  is_conversion: boolean;
  show_widget: boolean;
  widget_name: string | null;
}

export function toStdParam(row: StdParamRow): StdParam {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    // Data requests name a series by the catalogue name, so the metric key is the name itself.
    paramMetric: row.name,
    // The table's CHECK constraints hold these to the Aggregator values.
    metricAgg: row.metric_agg as Aggregator,
    metricDownsampleAgg: row.downsample_agg as Aggregator,
    showWidget: row.show_widget,
    virtual: row.virtual,
    stdUnit: row.unit,
    isConversion: row.is_conversion,
    widgetName: row.widget_name,
  };
}
