import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifyInfo } from '@/lib/notify';
import { useCalibrationSchedules, usePutCalibrationSchedules } from '../api/calibration-schedules';
import { CHECK_LABEL } from './calibration-labels';

type Rule = { param: string; check: 'TWO_POINT' | 'MULTIPOINT'; everyDays: number; tolerance: number; toleranceUnit: 'PERCENT' | 'ABSOLUTE'; own: boolean };

/**
 * The calibration rules of a tenant's parameters: how often each check falls due and the drift
 * tolerance, the protocol's unless the tenant set its own. Those who may calibrate change them
 * (every 0 days turns a check off); saving makes every rule shown the tenant's own.
 */
export function CalibrationSchedulesCard({ tenantId, params, canWrite }: { tenantId: number; params: readonly string[]; canWrite: boolean }) {
  const schedules = useCalibrationSchedules(tenantId);
  const save = usePutCalibrationSchedules();
  const [rules, setRules] = useState<Rule[]>([]);
  useEffect(() => {
    if (schedules.data) setRules(schedules.data.rules.filter((r) => params.includes(r.param)));
  }, [schedules.data, params.join()]);
  if (!schedules.data) return null;
  const others = schedules.data.rules.filter((r) => !params.includes(r.param));
  const set = (i: number, change: Partial<Rule>) => setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const submit = () =>
    save.mutate(
      { tenantId, rules: [...others.filter((r) => r.own), ...rules].map(({ own: _own, ...r }) => r) },
      { onSuccess: () => notifyInfo('Calibration schedules saved.') },
    );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>Schedules and tolerances</Title>
        <Text size="sm" c="dimmed">
          The CPCB protocol's unless changed: gases zero and span every 15 days and multipoint every 90, PM every 90 days with 10 %, pH ±0.2, temperature ±1 °C.
        </Text>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parameter</Table.Th>
                <Table.Th>Check</Table.Th>
                <Table.Th>Every (days)</Table.Th>
                <Table.Th>Tolerance</Table.Th>
                <Table.Th>In</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r, i) => (
                <Table.Tr key={`${r.param}/${r.check}`}>
                  <Table.Td>{r.param.toUpperCase()}</Table.Td>
                  <Table.Td>{CHECK_LABEL[r.check]}{r.own ? '' : ' (protocol)'}</Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" w={90} min={0} max={3650} allowDecimal={false} disabled={!canWrite} aria-label={`${r.param} ${CHECK_LABEL[r.check]} every`} value={r.everyDays} onChange={(v) => set(i, { everyDays: Number(v) || 0 })} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput size="xs" w={90} min={0} disabled={!canWrite} aria-label={`${r.param} ${CHECK_LABEL[r.check]} tolerance`} value={r.tolerance} onChange={(v) => set(i, { tolerance: Number(v) || 0 })} />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      w={110}
                      disabled={!canWrite}
                      allowDeselect={false}
                      aria-label={`${r.param} ${CHECK_LABEL[r.check]} tolerance in`}
                      data={[
                        { value: 'PERCENT', label: '% of span' },
                        { value: 'ABSOLUTE', label: 'unit' },
                      ]}
                      value={r.toleranceUnit}
                      onChange={(v) => set(i, { toleranceUnit: (v as Rule['toleranceUnit']) ?? 'PERCENT' })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {canWrite && rules.length > 0 && (
          <Group justify="flex-end">
            <Button variant="light" onClick={submit} loading={save.isPending}>
              Save schedules
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
