import { Alert, Button, Group, NumberInput, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { OFFSET_KINDS, type OffsetKind } from '@enviro/domain/energy/emissions';
import { useState } from 'react';
import { DayInput } from '@/components/date-picker/day-input';
import { dayKey, formatDayKey } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import { useAddOffset } from '../api/energy';
import { OFFSET_WORDS } from './energy-format';
import { generalProblem, problemsByField, type FieldProblem } from './field-problems';

const KINDS = OFFSET_KINDS.map((k) => ({ value: k, label: OFFSET_WORDS[k] }));

/** An entry of the node's offset ledger: own solar used, RECs bought or green tariff energy, in MWh. */
export function OffsetForm({ nodeId }: { nodeId: number }) {
  const add = useAddOffset();
  const today = dayKey(Date.now());
  const [kind, setKind] = useState<OffsetKind>('REC');
  const [day, setDay] = useState(today);
  const [mwh, setMwh] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const own: FieldProblem[] = [
    ...(day === '' ? [{ field: 'day', message: 'the day is required' }] : day > today ? [{ field: 'day', message: `${formatDayKey(day)} is in the future` }] : []),
    ...(mwh === '' ? [{ field: 'mwh', message: 'the energy is required' }] : !(Number(mwh) > 0) ? [{ field: 'mwh', message: 'the energy is above 0 MWh' }] : []),
  ];
  const problems = problemsByField(tried ? own : [], add.error);
  const general = generalProblem(add.error, (f) => ['day', 'mwh', 'kind', 'reference'].includes(f));
  const submit = () => {
    setTried(true);
    if (own.length) return;
    add.mutate(
      { nodeId, kind, day, mwh: Number(mwh), reference: reference.trim() },
      {
        onSuccess: () => {
          notifyInfo(`${OFFSET_WORDS[kind]} of ${formatDayKey(day)} is in the offset ledger.`);
          setMwh('');
          setReference('');
          setTried(false);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Record an offset
      </Title>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" grow>
          <Select label="Kind" data={KINDS} value={kind} onChange={(v) => v && setKind(v as OffsetKind)} allowDeselect={false} error={problems.get('kind')} miw={200} />
          <DayInput label="Day" required value={day} onChange={setDay} maxDate={today} error={problems.get('day')} miw={160} />
          <NumberInput label="Energy (MWh)" required min={0} decimalScale={3} thousandSeparator="," value={mwh} onChange={setMwh} error={problems.get('mwh')} miw={120} />
          <TextInput label="Reference" placeholder="IEX REC trade, certificate numbers" maxLength={200} value={reference} onChange={(e) => setReference(e.currentTarget.value)} error={problems.get('reference')} miw={200} />
        </Group>
        {general && <Alert color="red">{general}</Alert>}
        <Group>
          <Button onClick={submit} loading={add.isPending}>
            Record the offset
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
