import { Alert, Button, Group, NumberInput, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSetBudget } from '../api/energy';
import { financialYearOfMonth, monthLabel } from './energy-format';

/** Sets the node's budget of the month shown or of its financial year (administrators). */
export function BudgetForm({ nodeId, month }: { nodeId: number; month: string }) {
  const save = useSetBudget();
  const [period, setPeriod] = useState<'MONTH' | 'FY'>('MONTH');
  const [kwh, setKwh] = useState<number | string>('');
  const fy = financialYearOfMonth(month);
  return (
    <Group align="flex-end">
      <SegmentedControl aria-label="Budget period" data={[{ value: 'MONTH', label: monthLabel(month) }, { value: 'FY', label: `FY ${fy}` }]} value={period} onChange={(v) => setPeriod(v as 'MONTH' | 'FY')} />
      <NumberInput label="Budget (kWh)" min={1} thousandSeparator="," value={kwh} onChange={setKwh} w={{ base: '100%', xs: 200 }} />
      <Button onClick={() => save.mutate({ nodeId, period, periodKey: period === 'MONTH' ? month : fy, budgetKwh: Number(kwh) })} loading={save.isPending} disabled={!(Number(kwh) > 0)}>
        Set budget
      </Button>
      {save.error instanceof ApiError && <Alert color="red">{save.error.message}</Alert>}
    </Group>
  );
}
