import { Alert, Checkbox, Grid, Modal, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { AGGREGATORS } from '@enviro/domain/aggregation';
import { EntityType } from '@enviro/contracts/common';
import { WIDGET_KINDS, Widget, type WidgetLayout } from '@enviro/contracts/dashboards';
import { useContractForm } from '@/components/form/use-contract-form';
import { FormActions } from '@/components/form/form-actions';
import { paramChoices, type StationChoice } from './station-catalog';
import { WidgetChart } from './widget-card';

/** Each kind as a person names it. */
export const KIND_LABELS: Record<(typeof WIDGET_KINDS)[number], string> = {
  bar: 'Bar',
  line: 'Line',
  pie: 'Pie (donut or rose)',
  candlestick: 'Candlestick',
  area: 'Area',
  airQuality: 'Air quality',
  calendarHeatmap: 'Calendar heatmap',
  facilityHeatmap: 'Facility heatmap',
  dualAxis: 'Dual axis',
};

const INTERVALS = [
  ['minute_15', '15 minutes'],
  ['minute_30', '30 minutes'],
  ['hour_1', 'Hourly'],
  ['hour_12', '12 hours'],
  ['day_1', 'Daily'],
  ['month_1', 'Monthly'],
] as const;
const DURATIONS = [
  ['1d-ago', 'Last day'],
  ['2d-ago', 'Last 2 days'],
  ['7d-ago', 'Last 7 days'],
  ['15d-ago', 'Last 15 days'],
  ['30d-ago', 'Last 30 days'],
  ['1y-ago', 'Last year'],
] as const;

const LABELS = {
  name: 'Name',
  kind: 'Chart',
  entityIds: 'Stations',
  entityType: 'Station type',
  params: 'Parameters',
  aggregation: 'Aggregation',
  interval: 'Interval',
  duration: 'Duration',
  attributes: 'Chart attributes',
};

interface Values extends Record<string, unknown> {
  name: string;
  kind: Widget['kind'];
  entityIds: string[];
  entityType: string;
  params: string[];
  aggregation: string;
  interval: string;
  duration: string;
  title: string;
  decimalplaces: number | string;
  numberofyears: string;
  viewtype: string;
  orient: string;
  charttype: string;
  showavg: boolean;
  showmin: boolean;
  showmax: boolean;
  smoothline: boolean;
  stacked: boolean;
  showdatalabel: boolean;
  topn: boolean;
  dark: boolean;
  threshold: number | string;
}

function valuesOf(w: Widget | null): Values {
  const a = w?.attributes ?? {};
  return {
    name: w?.name ?? '',
    kind: w?.kind ?? 'bar',
    entityIds: (w?.entityIds ?? []).map(String),
    entityType: w?.entityType ?? '',
    params: w?.params ?? [],
    aggregation: w?.aggregation ?? '',
    interval: w?.interval ?? 'hour_1',
    duration: w?.duration ?? '15d-ago',
    title: a.title ?? '',
    decimalplaces: a.decimalplaces ?? '',
    numberofyears: String(a.numberofyears ?? 0),
    viewtype: a.viewtype ?? 'donut',
    orient: a.orient ?? 'vertical',
    charttype: a.charttype ?? 'time',
    showavg: a.showavg ?? false,
    showmin: a.showmin ?? false,
    showmax: a.showmax ?? false,
    smoothline: a.smoothline ?? false,
    stacked: a.stacked ?? false,
    showdatalabel: a.showdatalabel ?? false,
    topn: a.topn ?? false,
    dark: a.theme === 'dark',
    threshold: a.thresholds?.[0]?.value ?? '',
  };
}

/** The widget the form's values describe; attributes not on the form are kept as they were. */
function toWidget(v: Values, base: { id: string; layout: WidgetLayout; attributes: Widget['attributes'] }) {
  const flag = (on: boolean) => (on ? true : undefined);
  const attributes = {
    ...base.attributes,
    title: v.title.trim() || undefined,
    decimalplaces: v.decimalplaces === '' ? undefined : Number(v.decimalplaces),
    numberofyears: v.kind === 'calendarHeatmap' ? Number(v.numberofyears) : undefined,
    viewtype: v.kind === 'pie' && v.viewtype === 'rose' ? ('rose' as const) : undefined,
    orient: v.orient === 'horizontal' ? ('horizontal' as const) : undefined,
    charttype: v.charttype === 'time' ? undefined : (v.charttype as 'category' | 'log'),
    showavg: flag(v.showavg),
    showmin: flag(v.showmin),
    showmax: flag(v.showmax),
    smoothline: flag(v.smoothline),
    stacked: flag(v.stacked),
    showdatalabel: flag(v.showdatalabel),
    topn: flag(v.topn),
    theme: v.dark ? ('dark' as const) : undefined,
    thresholds: v.threshold === '' ? undefined : [{ value: Number(v.threshold), label: `Limit ${v.threshold}` }],
  };
  return {
    id: base.id,
    layout: base.layout,
    kind: v.kind,
    name: v.name.trim(),
    entityIds: v.entityIds.map(Number),
    ...(v.entityType ? { entityType: v.entityType } : {}),
    params: v.params,
    ...(v.aggregation ? { aggregation: v.aggregation } : {}),
    interval: v.interval,
    duration: v.duration,
    attributes: Object.fromEntries(Object.entries(attributes).filter(([, x]) => x !== undefined)),
  };
}

interface WidgetFormProps {
  /** The widget being edited, or null for a new one placed at `layout`. */
  widget: Widget | null;
  layout: WidgetLayout;
  newId: string;
  stations: readonly StationChoice[];
  /** The dashboard's station type, the new widget's default. */
  entityType: string | null;
  onSave: (widget: Widget) => void;
  onClose: () => void;
}

/**
 * A widget's form: what it shows (chart, stations or a station type, parameters, aggregation,
 * interval, span) and its main chart attributes, checked by the Widget contract, with a live
 * preview of the chart as it would be drawn (asked again 200 ms after the last change).
 */
export function WidgetFormModal({ widget, layout, newId, stations, entityType, onSave, onClose }: WidgetFormProps) {
  const base = { id: widget?.id ?? newId, layout: widget?.layout ?? layout, attributes: widget?.attributes ?? {} };
  const initial = valuesOf(widget);
  if (!widget && entityType) initial.entityType = entityType;
  const { form, general } = useContractForm({
    initialValues: initial,
    schema: Widget,
    labels: LABELS,
    toInput: (v: Values) => toWidget(v, base),
    error: null,
  });
  const v = form.getValues();
  const [debounced] = useDebouncedValue(form.values, 200);
  const preview = useMemo(() => Widget.safeParse(toWidget(debounced, base)), [debounced]);
  const params = paramChoices(stations, v.entityIds.map(Number), v.entityType || null);
  const types = [...new Set(stations.map((s) => s.type))];

  const submit = form.onSubmit((input) => onSave(Widget.parse(input)));
  return (
    <Modal opened onClose={onClose} title={widget ? `Edit ${widget.name}` : 'New widget'} size="80rem" fullScreen={false}>
      <form onSubmit={submit} noValidate>
        {general && <Alert color="red" mb="sm">{general}</Alert>}
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TextInput label={LABELS.name} required data-autofocus {...form.getInputProps('name')} />
            <SimpleGrid cols={2} mt="sm">
              <Select label={LABELS.kind} data={WIDGET_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} allowDeselect={false} {...form.getInputProps('kind')} />
              <Select
                label={LABELS.entityType}
                placeholder="Any"
                clearable
                data={types.filter((t) => EntityType.safeParse(t).success)}
                {...form.getInputProps('entityType')}
                value={v.entityType || null}
                onChange={(t) => form.setFieldValue('entityType', t ?? '')}
              />
            </SimpleGrid>
            <MultiSelect
              mt="sm"
              label={LABELS.entityIds}
              placeholder={v.entityType ? `Every ${v.entityType} station` : 'Choose stations'}
              searchable
              data={stations.filter((s) => !v.entityType || s.type === v.entityType).map((s) => ({ value: String(s.id), label: s.name }))}
              {...form.getInputProps('entityIds')}
            />
            <MultiSelect mt="sm" label={LABELS.params} required searchable data={params} maxValues={v.kind === 'dualAxis' ? 2 : 6} {...form.getInputProps('params')} />
            <SimpleGrid cols={3} mt="sm">
              <Select
                label={LABELS.aggregation}
                placeholder="Catalogue's"
                clearable
                data={[...AGGREGATORS]}
                {...form.getInputProps('aggregation')}
                value={v.aggregation || null}
                onChange={(a) => form.setFieldValue('aggregation', a ?? '')}
              />
              <Select label={LABELS.interval} data={INTERVALS.map(([value, label]) => ({ value, label }))} allowDeselect={false} {...form.getInputProps('interval')} />
              <Select label={LABELS.duration} data={DURATIONS.map(([value, label]) => ({ value, label }))} allowDeselect={false} {...form.getInputProps('duration')} />
            </SimpleGrid>
            <Text fw={600} fz="sm" mt="md">
              {LABELS.attributes}
            </Text>
            {form.errors.attributes && <Text c="red" fz="sm">{form.errors.attributes}</Text>}
            <SimpleGrid cols={2} mt={4}>
              <TextInput label="Chart title" {...form.getInputProps('title')} />
              <NumberInput label="Decimal places" min={0} max={6} placeholder="0" {...form.getInputProps('decimalplaces')} />
              <NumberInput label="Limit line at" placeholder="None" {...form.getInputProps('threshold')} />
              {v.kind === 'calendarHeatmap' && (
                <Select label="Previous years" data={['0', '1', '2', '3']} allowDeselect={false} {...form.getInputProps('numberofyears')} />
              )}
              {v.kind === 'pie' && (
                <Select label="View" data={[{ value: 'donut', label: 'Donut' }, { value: 'rose', label: 'Rose' }]} allowDeselect={false} {...form.getInputProps('viewtype')} />
              )}
              {(v.kind === 'bar' || v.kind === 'airQuality') && (
                <Select label="Orientation" data={[{ value: 'vertical', label: 'Vertical' }, { value: 'horizontal', label: 'Horizontal' }]} allowDeselect={false} {...form.getInputProps('orient')} />
              )}
              {['bar', 'line', 'area'].includes(v.kind) && (
                <Select
                  label="Axis"
                  data={[{ value: 'time', label: 'Time' }, { value: 'category', label: 'Category' }, { value: 'log', label: 'Log scale' }]}
                  allowDeselect={false}
                  {...form.getInputProps('charttype')}
                />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 3 }} mt="sm" spacing="xs">
              <Checkbox label="Average line" {...form.getInputProps('showavg', { type: 'checkbox' })} />
              <Checkbox label="Minimum line" {...form.getInputProps('showmin', { type: 'checkbox' })} />
              <Checkbox label="Maximum line" {...form.getInputProps('showmax', { type: 'checkbox' })} />
              <Checkbox label="Smooth lines" {...form.getInputProps('smoothline', { type: 'checkbox' })} />
              <Checkbox label="Stacked" {...form.getInputProps('stacked', { type: 'checkbox' })} />
              <Checkbox label="Data labels" {...form.getInputProps('showdatalabel', { type: 'checkbox' })} />
              <Checkbox label="Top 5 only" {...form.getInputProps('topn', { type: 'checkbox' })} />
              <Checkbox label="Dark theme" {...form.getInputProps('dark', { type: 'checkbox' })} />
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Text fw={600} fz="sm" mb={4}>
              Preview
            </Text>
            <Paper withBorder p="xs" mih={360} aria-label="Widget preview">
              {preview.success ? (
                <WidgetChart widget={preview.data} height={360} />
              ) : (
                <Text c="dimmed" fz="sm">
                  Name the widget and choose its parameters to see it here.
                </Text>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
        <FormActions label={widget ? 'Apply' : 'Add widget'} onCancel={onClose} />
      </form>
    </Modal>
  );
}
