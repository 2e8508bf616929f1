import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TariffVersions } from '@enviro/contracts/energy';
import { newVersionProblem, tariffProblems, WINDOW_KINDS, type TariffWindow, type WindowKind } from '@enviro/domain/energy/tariff';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { DayInput } from '@/components/date-picker/day-input';
import { FormActions } from '@/components/form/form-actions';
import { dayKey } from '@/lib/dates';
import { notifyInfo } from '@/lib/notify';
import { useAddTariff } from '../api/energy';
import { WINDOW_WORDS, hourLabel } from './energy-format';
import { generalProblem, problemsByField } from './field-problems';

type Version = z.infer<typeof TariffVersions>[number];

/** A window as the form holds it: numbers typed may be '' until filled in. */
interface WindowRow {
  kind: WindowKind;
  fromHour: number;
  toHour: number;
  rate: number | string;
}

const FROM_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const TO_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));
const KINDS = WINDOW_KINDS.map((k) => ({ value: k, label: WINDOW_WORDS[k] }));
/** A version's windows when the connection has none yet: the usual three of a state commission's ToD order. */
const FIRST_WINDOWS: WindowRow[] = [
  { kind: 'NORMAL', fromHour: 0, toHour: 9, rate: '' },
  { kind: 'SOLAR', fromHour: 9, toHour: 17, rate: '' },
  { kind: 'NORMAL', fromHour: 17, toHour: 18, rate: '' },
  { kind: 'PEAK', fromHour: 18, toHour: 22, rate: '' },
  { kind: 'NORMAL', fromHour: 22, toHour: 24, rate: '' },
];

/**
 * A new dated version of a connection's tariff: the day it starts, the commission's order, fixed
 * charge, duty and the time-of-day windows, which must cover the day once. The page checks them as
 * the server does (the domain's `tariffProblems`, `newVersionProblem`) and shows each problem under
 * the window or field it names; what the server still refuses goes there too.
 */
export function TariffFormModal({ entityId, connectionName, versions, onClose }: { entityId: number; connectionName: string; versions: readonly Version[]; onClose: () => void }) {
  const add = useAddTariff();
  const latest = versions.at(-1);
  const [validFrom, setValidFrom] = useState(dayKey(Date.now()));
  const [orderRef, setOrderRef] = useState('');
  const [fixed, setFixed] = useState<number | string>(latest?.fixedChargePerMonth ?? 0);
  const [duty, setDuty] = useState<number | string>(latest?.dutyPercent ?? 0);
  const [rows, setRows] = useState<WindowRow[]>(latest ? latest.windows.map((w) => ({ ...w })) : FIRST_WINDOWS);
  const [tried, setTried] = useState(false);
  const windows: TariffWindow[] = rows.map((r) => ({ kind: r.kind, fromHour: r.fromHour, toHour: r.toHour, rate: r.rate === '' ? Number.NaN : Number(r.rate) }));
  const version = { validFrom, windows, fixedChargePerMonth: Number(fixed), dutyPercent: Number(duty) };
  const own = [
    ...(validFrom === '' ? [{ field: 'validFrom', message: 'the day the version starts is required' }] : []),
    ...(validFrom !== '' ? [newVersionProblem(versions.map((v) => v.validFrom), validFrom, dayKey(Date.now()))].filter((p) => p !== null) : []),
    ...tariffProblems(version),
  ];
  const problems = problemsByField(tried ? own : [], add.error);
  const general = generalProblem(add.error, (f) => f === 'validFrom' || f === 'fixedChargePerMonth' || f === 'dutyPercent' || f === 'orderRef' || f.startsWith('windows'));
  const update = (i: number, change: Partial<WindowRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (own.length) return;
    add.mutate(
      { entityId, validFrom, windows, fixedChargePerMonth: Number(fixed), dutyPercent: Number(duty), orderRef: orderRef.trim() },
      {
        onSuccess: () => {
          notifyInfo(`The tariff of ${connectionName} has a new version from ${validFrom}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`New tariff version of ${connectionName}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            A version holds from its first day until the next one; past months keep the price they were costed at, so a version starts after {latest ? `the current one (from ${latest.validFrom})` : 'no earlier than this month'}. Hours are IST.
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <DayInput label="Valid from" required value={validFrom} onChange={setValidFrom} error={problems.get('validFrom')} miw={160} />
            <TextInput label="Commission order" placeholder="RERC tariff order 2026-27" maxLength={200} value={orderRef} onChange={(e) => setOrderRef(e.currentTarget.value)} error={problems.get('orderRef')} miw={200} />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput label="Fixed charge (₹ a month)" min={0} thousandSeparator="," value={fixed} onChange={setFixed} error={problems.get('fixedChargePerMonth')} miw={160} />
            <NumberInput label="Electricity duty (%)" min={0} max={100} decimalScale={2} value={duty} onChange={setDuty} error={problems.get('dutyPercent')} miw={120} />
          </Group>
          <Text fw={600}>Time-of-day windows</Text>
          {rows.map((r, i) => (
            <Paper key={i} withBorder p="xs" aria-label={`Window ${i + 1}`} role="group">
              <Group align="flex-start" gap="xs" wrap="wrap">
                <Select label={`Window ${i + 1}`} data={KINDS} value={r.kind} onChange={(v) => v && update(i, { kind: v as WindowKind })} allowDeselect={false} w={150} />
                <Select label="From" data={FROM_HOURS} value={String(r.fromHour)} onChange={(v) => v && update(i, { fromHour: Number(v) })} allowDeselect={false} error={problems.get(`windows[${i}].fromHour`)} w={100} />
                <Select label="Until" data={TO_HOURS} value={String(r.toHour)} onChange={(v) => v && update(i, { toHour: Number(v) })} allowDeselect={false} error={problems.get(`windows[${i}].toHour`)} w={100} />
                <NumberInput label="Rate (₹/kWh)" min={0} decimalScale={4} value={r.rate} onChange={(v) => update(i, { rate: v })} error={problems.get(`windows[${i}].rate`)} w={120} />
                <Button variant="subtle" color="red" mt={24} onClick={() => setRows(rows.filter((_, j) => j !== i))} disabled={rows.length === 1} aria-label={`Remove window ${i + 1}`}>
                  Remove
                </Button>
              </Group>
              {problems.has(`windows[${i}]`) && (
                <Text c="red" fz="sm" mt={4}>
                  {problems.get(`windows[${i}]`)}
                </Text>
              )}
            </Paper>
          ))}
          {problems.has('windows') && (
            <Text c="red" fz="sm">
              {problems.get('windows')}
            </Text>
          )}
          <Group>
            <Button variant="light" size="xs" onClick={() => setRows([...rows, { kind: 'NORMAL', fromHour: 0, toHour: 1, rate: '' }])} disabled={rows.length >= 24}>
              Add a window
            </Button>
          </Group>
          {general && <Alert color="red">{general}</Alert>}
        </Stack>
        <FormActions label="Add the version" onCancel={onClose} submitting={add.isPending} />
      </form>
    </Modal>
  );
}
