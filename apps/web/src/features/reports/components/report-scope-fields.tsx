import { Alert, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { ReportDefinition } from '@enviro/contracts/report-catalogue';
import { useReportIndustries, useReportParams } from '../api/get-report-choices';

export interface ReportScopeChoice {
  /** The industry (see effectiveTenant); null: every industry the user reads (reports covering many), or none known yet. */
  tenantId: number | null;
  entityIds: number[];
  params: string[];
}

/**
 * Which industry (when the user reads more than one), which of its stations and which parameters
 * a report covers; empty station and parameter choices mean all of them.
 */
export function ReportScopeFields({ report, value, onChange }: { report: ReportDefinition; value: ReportScopeChoice; onChange: (v: Partial<ReportScopeChoice>) => void }) {
  const industries = useReportIndustries(report.id);
  const items = industries.data?.items ?? [];
  const many = report.industries === 'many';
  const choices = useReportParams(value.tenantId, value.entityIds);

  if (industries.isError) return <Alert color="red">The industries could not be loaded: {industries.error.message}</Alert>;
  if (industries.data && items.length === 0) return <Alert color="gray">You read no industry this report could cover.</Alert>;
  return (
    <Stack gap="sm">
      {(items.length > 1 || many) && (
        <Select
          label="Industry"
          searchable
          allowDeselect={false}
          data={[...(many ? [{ value: '', label: 'All my industries' }] : []), ...items.map((i) => ({ value: String(i.tenantId), label: `${i.name} (${i.stations} stations)` }))]}
          value={value.tenantId === null ? (many ? '' : null) : String(value.tenantId)}
          onChange={(v) => onChange({ tenantId: v ? Number(v) : null, entityIds: [], params: [] })}
        />
      )}
      {choices.isError && <Alert color="red">The stations could not be loaded: {choices.error.message}</Alert>}
      {choices.data && (
        <>
          <MultiSelect
            label="Stations"
            placeholder={value.entityIds.length === 0 ? 'All stations' : undefined}
            searchable
            clearable
            data={choices.data.stations.map((s) => ({ value: String(s.id), label: s.name }))}
            value={value.entityIds.map(String)}
            onChange={(v) => onChange({ entityIds: v.map(Number), params: [] })}
          />
          <MultiSelect
            label="Parameters"
            placeholder={value.params.length === 0 ? 'All parameters' : undefined}
            searchable
            clearable
            data={choices.data.params.map((p) => ({ value: p.name, label: p.unit ? `${p.label} (${p.unit})` : p.label }))}
            value={value.params}
            onChange={(v) => onChange({ params: v })}
          />
        </>
      )}
      {many && value.tenantId === null && (
        <Text size="sm" c="dimmed">
          Covers every industry you read.
        </Text>
      )}
    </Stack>
  );
}

/** The industry a report runs for: the one chosen, else (one-industry reports) the first the user reads. */
export function effectiveTenant(report: ReportDefinition, chosen: number | null, first: number | undefined): number | null {
  return chosen ?? (report.industries === 'many' ? null : (first ?? null));
}
