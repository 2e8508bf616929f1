import { Card, Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { formatDayKey } from '@/lib/dates';
import { useBudgets } from '../api/energy';
import { BudgetForm } from './budget-form';
import { kwh, monthDays, monthLabel, percent } from './energy-format';

const colourOf = (p: number) => (p >= 100 ? 'red' : p >= 75 ? 'orange' : p >= 50 ? 'yellow' : 'teal');

/** Gauges of the node's month and financial-year budgets: used so far and the period's forecast; alerts raised at 50, 75 and 100 %. */
export function BudgetPanel({ nodeId, month, canEdit }: { nodeId: number; month: string; canEdit: boolean }) {
  const budgets = useBudgets(nodeId, monthDays(month).endDate);
  if (budgets.isError) return <LoadFailed what="The budgets" onRetry={() => void budgets.refetch()} />;
  if (!budgets.data) return <Loading />;
  return (
    <Stack>
      {canEdit && <BudgetForm nodeId={nodeId} month={month} />}
      {budgets.data.length === 0 && <Text c="dimmed">No budget is set for this node's month or financial year.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {budgets.data.map((b) => (
          <Card key={b.id} withBorder>
            <Text fw={600}>{b.period === 'MONTH' ? `Budget of ${monthLabel(b.start)}` : `Budget of FY ${b.periodKey}`}</Text>
            <Group wrap="nowrap">
              <RingProgress
                size={140}
                thickness={14}
                roundCaps
                aria-label={`Used ${percent(b.usedPercent)} of the budget`}
                sections={[{ value: Math.min(100, b.usedPercent), color: colourOf(b.usedPercent) }]}
                label={
                  <Text ta="center" fw={700}>
                    {percent(b.usedPercent)}
                  </Text>
                }
              />
              <Stack gap={2}>
                <Text fz="sm">
                  Used {kwh(b.usedKwh)} of {kwh(b.budgetKwh)}
                </Text>
                <Text fz="sm" c={colourOf(b.forecastPercent)}>
                  Forecast by {formatDayKey(b.end)}: {kwh(b.forecastKwh)} ({percent(b.forecastPercent)})
                </Text>
                <Text fz="sm" c="dimmed">
                  Alerts raised at: {b.raised.length ? b.raised.map((t) => `${t} %`).join(', ') : 'none yet'}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
