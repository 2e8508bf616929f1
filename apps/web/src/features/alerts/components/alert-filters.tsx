import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { ALERT_CONDITIONS, ALERT_SEVERITIES, ALERT_STATUSES, type AlertListRequest } from '@enviro/contracts/alerts';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { durationRange, parseDuration } from '@enviro/domain/duration';
import type { Station } from '@/lib/stations';
import { CONDITION_LABELS, titleCase } from './alert-labels';

/** Period choices (SPEC 9 durations) of the list, by the start of the alert. */
export const PERIOD_CHOICES = [
  { value: '24h-ago', label: 'Last 24 hours' },
  { value: '7d-ago', label: 'Last 7 days' },
  { value: '30d-ago', label: 'Last 30 days' },
  { value: '1y-ago', label: 'Last year' },
];

/** The list's filters as the URL query keeps them (lists comma-separated). */
export interface AlertFilterValues {
  tenantId?: string | undefined;
  stationId?: string | undefined;
  paramName?: string | undefined;
  status?: string | undefined;
  severity?: string | undefined;
  type?: string | undefined;
  time?: string | undefined;
}

const list = <T extends string>(text: string | undefined, allowed: readonly T[]): T[] =>
  (text ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));

/** The body of POST /api/alerts for the URL's filters at `now`; unknown values are dropped, not sent. */
export function alertListRequest(values: AlertFilterValues, page: number, size: number, now: number): AlertListRequest {
  const duration = values.time ? parseDuration(values.time) : undefined;
  const tenantId = Number(values.tenantId);
  const stationId = Number(values.stationId);
  const status = list(values.status, ALERT_STATUSES);
  const severity = list(values.severity, ALERT_SEVERITIES);
  const type = list(values.type, ALERT_CONDITIONS);
  return {
    page,
    size,
    ...(Number.isInteger(tenantId) && tenantId > 0 ? { tenantId } : {}),
    ...(Number.isInteger(stationId) && stationId > 0 ? { stationId } : {}),
    ...(values.paramName ? { paramName: values.paramName } : {}),
    ...(status.length ? { status } : {}),
    ...(severity.length ? { severity } : {}),
    ...(type.length ? { type } : {}),
    ...(duration ? { startDate: new Date(durationRange(duration, now, DISPLAY_TIME_ZONE).from).toISOString() } : {}),
  };
}

/** The request of the URL's filters; the period's start is taken once a minute, so the query key holds still while the page is open. */
export function useAlertListRequest(values: AlertFilterValues, page: number, size: number): AlertListRequest {
  const minute = Math.floor(Date.now() / 60_000);
  return useMemo(
    () => alertListRequest(values, page, size, minute * 60_000),
    [values.tenantId, values.stationId, values.paramName, values.status, values.severity, values.type, values.time, page, size, minute],
  );
}

interface AlertFiltersProps {
  values: AlertFilterValues;
  onChange: (changes: Partial<Record<keyof AlertFilterValues, string | null>>) => void;
  /** Industries the user may pick from (oversight views); null: the user's own industry only. */
  tenants: readonly { id: number; name: string }[] | null;
  /** Stations of the industry in view (none until one is picked in oversight views). */
  stations: readonly Station[];
}

/** The list's filters; each change goes to the URL. */
export function AlertFilters({ values, onChange, tenants, stations }: AlertFiltersProps) {
  const station = stations.find((s) => String(s.id) === values.stationId);
  const params = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of station ? [station] : stations) for (const p of s.params) if (!seen.has(p.name)) seen.set(p.name, p.label);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [station, stations]);
  const multi = (key: 'status' | 'severity' | 'type') => ({
    value: list(values[key], key === 'status' ? ALERT_STATUSES : key === 'severity' ? ALERT_SEVERITIES : ALERT_CONDITIONS),
    onChange: (v: string[]) => onChange({ [key]: v.length ? v.join(',') : null }),
    clearable: true,
  });

  return (
    // Two filters a row on a phone, all of them in one or two rows on a desktop.
    <SimpleGrid cols={{ base: 2, sm: 4, xl: tenants ? 8 : 7 }} spacing="sm" verticalSpacing="xs">
      {tenants && (
        <Select
          label="Industry"
          placeholder="Every industry"
          searchable
          clearable
          data={tenants.map((t) => ({ value: String(t.id), label: t.name }))}
          value={values.tenantId ?? null}
          onChange={(v) => onChange({ tenantId: v, stationId: null, paramName: null })}
        />
      )}
      <Select
        label="Station"
        placeholder={stations.length ? 'Every station' : tenants ? 'Pick an industry first' : 'Every station'}
        disabled={stations.length === 0}
        searchable
        clearable
        data={stations.map((s) => ({ value: String(s.id), label: s.name }))}
        value={station ? values.stationId! : null}
        onChange={(v) => onChange({ stationId: v, paramName: null })}
      />
      <Select
        label="Parameter"
        placeholder="Every parameter"
        disabled={params.length === 0}
        searchable
        clearable
        data={params}
        value={values.paramName && params.some((p) => p.value === values.paramName) ? values.paramName : null}
        onChange={(v) => onChange({ paramName: v })}
      />
      <MultiSelect label="Status" placeholder="Any status" data={ALERT_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))} {...multi('status')} />
      <MultiSelect label="Severity" placeholder="Any severity" data={ALERT_SEVERITIES.map((s) => ({ value: s, label: titleCase(s) }))} {...multi('severity')} />
      <MultiSelect label="Type" placeholder="Any type" data={ALERT_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))} {...multi('type')} />
      <Select
        label="Period"
        placeholder="Any time"
        clearable
        data={PERIOD_CHOICES}
        value={PERIOD_CHOICES.some((p) => p.value === values.time) ? values.time! : null}
        onChange={(v) => onChange({ time: v })}
      />
    </SimpleGrid>
  );
}
