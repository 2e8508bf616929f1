import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { DayInput } from '@/components/date-picker/day-input';
import { dayKey, formatDayKey } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import { useSaveProduction } from '../api/energy';
import { generalProblem, problemsByField, type FieldProblem } from './field-problems';

/**
 * A node's production of a day (the divisor of SEC), with the day's mean temperature when the
 * baseline is to use it. A day entered again replaces what it had.
 */
export function ProductionForm({ nodeId, nodeName, unit }: { nodeId: number; nodeName: string; unit: string | null }) {
  const save = useSaveProduction();
  const today = dayKey(Date.now());
  const [day, setDay] = useState(today);
  const [quantity, setQuantity] = useState<number | string>('');
  const [outputUnit, setOutputUnit] = useState(unit ?? 't');
  const [temperature, setTemperature] = useState<number | string>('');
  const [tried, setTried] = useState(false);
  const own: FieldProblem[] = [
    ...(day === '' ? [{ field: 'days[0].day', message: 'the day is required' }] : day > today ? [{ field: 'days[0].day', message: `${formatDayKey(day)} is in the future` }] : []),
    ...(quantity === '' ? [{ field: 'days[0].quantity', message: 'the production is required' }] : Number(quantity) < 0 ? [{ field: 'days[0].quantity', message: 'production is 0 or more' }] : []),
    ...(outputUnit.trim() === '' ? [{ field: 'unit', message: 'the unit is required' }] : []),
  ];
  const problems = problemsByField(tried ? own : [], save.error);
  const general = generalProblem(save.error, (f) => f === 'unit' || f.startsWith('days[0]'));
  const submit = () => {
    setTried(true);
    if (own.length) return;
    save.mutate(
      { nodeId, unit: outputUnit.trim(), days: [{ day, quantity: Number(quantity), ...(temperature === '' ? {} : { temperature: Number(temperature) }) }] },
      {
        onSuccess: () => {
          notifyInfo(`Production of ${formatDayKey(day)} is saved.`);
          setQuantity('');
          setTemperature('');
          setTried(false);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg">
        Enter a day's production
      </Title>
      <Text c="dimmed" fz="sm" mb="xs">
        Output of {nodeName} on an IST day; entering a day again replaces it.
      </Text>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" grow>
          <DayInput label="Day" required value={day} onChange={setDay} maxDate={today} error={problems.get('days[0].day')} miw={160} />
          <NumberInput label="Production" required min={0} thousandSeparator="," value={quantity} onChange={setQuantity} error={problems.get('days[0].quantity')} miw={140} />
          <TextInput label="Unit" description="t of cement, MWh, …" required maxLength={20} value={outputUnit} onChange={(e) => setOutputUnit(e.currentTarget.value)} error={problems.get('unit')} miw={100} />
          <NumberInput label="Mean temperature (°C)" description="Optional, for a baseline on weather" min={-60} max={70} decimalScale={1} value={temperature} onChange={setTemperature} error={problems.get('days[0].temperature')} miw={140} />
        </Group>
        {general && <Alert color="red">{general}</Alert>}
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            Save production
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
