import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { factorTableProblems } from '@enviro/domain/energy/emissions';
import { formatIndian } from '@enviro/domain/format-number';
import { useState } from 'react';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { dayKey } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import { useGridFactors, useSaveGridFactors } from '../api/energy';
import { generalProblem, problemsByField } from './field-problems';

/**
 * CEA's grid emission factor by financial year, the Scope 2 factor of every industry; site
 * administrators add a year as CEA publishes it (a year already there is replaced). The table
 * saved must hold the current financial year (the domain's `factorTableProblems`, as the server checks).
 */
export function GridFactorsPanel({ canEdit }: { canEdit: boolean }) {
  const factors = useGridFactors();
  const save = useSaveGridFactors();
  const [fy, setFy] = useState('');
  const [factor, setFactor] = useState<number | string>('');
  const [source, setSource] = useState('');
  const [tried, setTried] = useState(false);
  if (factors.isError) return <LoadFailed what="The grid factors" onRetry={() => void factors.refetch()} />;
  if (!factors.data) return <Loading />;
  const rows = factors.data;
  const at = rows.findIndex((f) => f.fy === fy.trim());
  const index = at >= 0 ? at : rows.length;
  const table = [...rows];
  table[index] = { fy: fy.trim(), tco2PerMwh: factor === '' ? Number.NaN : Number(factor), source: source.trim() };
  const own = factorTableProblems(table, dayKey(Date.now())).map((p) => ({ ...p, field: p.field.replace(`factors[${index}].`, '') }));
  const problems = problemsByField(tried ? own : [], save.error);
  const general = generalProblem(save.error, (f) => f === 'factors');
  const submit = () => {
    setTried(true);
    if (own.length) return;
    save.mutate(table, {
      onSuccess: () => {
        notifyInfo(`The factor of FY ${fy.trim()} is saved.`);
        setFy('');
        setFactor('');
        setSource('');
        setTried(false);
      },
    });
  };
  return (
    <Stack gap="sm">
      <DataTable
        title="CEA grid emission factors"
        rows={[...rows].sort((a, b) => b.fy.localeCompare(a.fy))}
        rowKey={(f) => f.fy}
        minWidth={320}
        columns={[
          { header: 'Financial year', value: (f) => f.fy },
          { header: 'Factor (tCO₂/MWh)', value: (f) => f.tco2PerMwh, render: (f) => formatIndian(f.tco2PerMwh, 3), align: 'right' },
          { header: 'Source', value: (f) => f.source, wrap: true },
        ]}
      />
      <Text c="dimmed" fz="sm">
        A year without its own factor uses the latest year before it. The table is shared by every industry.
      </Text>
      {canEdit && (
        <>
          <Group align="flex-start" wrap="wrap" grow>
            <TextInput label="Financial year" placeholder="2026-27" maxLength={7} value={fy} onChange={(e) => setFy(e.currentTarget.value)} error={problems.get('fy')} miw={120} />
            <NumberInput label="Factor (tCO₂/MWh)" min={0} max={2} decimalScale={4} value={factor} onChange={setFactor} error={problems.get('tco2PerMwh')} miw={140} />
            <TextInput label="Source" placeholder="CEA CO2 Baseline Database, version 21" maxLength={200} value={source} onChange={(e) => setSource(e.currentTarget.value)} miw={200} />
          </Group>
          {problems.has('factors') && (
            <Text c="red" fz="sm">
              {problems.get('factors')}
            </Text>
          )}
          {general && <Alert color="red">{general}</Alert>}
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              {at >= 0 ? `Replace the factor of ${fy.trim()}` : 'Add the year'}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
