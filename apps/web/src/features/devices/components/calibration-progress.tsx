import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { InProgressCalibration } from '@enviro/contracts/devices/calibration';
import { formatInstant, formatClock } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { notifyInfo } from '@/lib/notify';
import { useAbortCalibration } from '../api/abort-calibration';
import { useFinishCalibration } from '../api/finish-calibration';
import { formatDuration, TYPE_LABEL } from './calibration-labels';

type Running = NonNullable<InProgressCalibration['calibration']>;

/**
 * A calibration in progress: how long it has run, the device's live values (calibration data
 * meanwhile), the RPC's state for a device commanded over MQTT, and finishing it with what the
 * analyser read, or aborting it.
 */
export function CalibrationProgress({ calibration: c, latest, canWrite }: { calibration: Running; latest: InProgressCalibration['latest']; canWrite: boolean }) {
  const finish = useFinishCalibration();
  const abort = useAbortCalibration();
  const [measured, setMeasured] = useState<Record<string, (number | string)[]>>({});
  const [reason, setReason] = useState('');
  const [confirmAbort, setConfirmAbort] = useState(false);
  const error = (finish.error ?? abort.error) as Error | null;

  const submit = () =>
    finish.mutate(
      { id: c.id, body: { params: c.params.map((p) => ({ name: p.name, measured: p.points.map((pt, i) => toNumber(measured[p.name]?.[i]) ?? pt.measured ?? null) })) } },
      { onSuccess: () => notifyInfo('Calibration finished.') },
    );

  return (
    <Paper withBorder p="md" data-testid="calibration-progress">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>
            {TYPE_LABEL[c.type]} calibration in progress
          </Title>
          <Group gap="xs">
            <Badge style={{ minWidth: 'max-content' }} color="blue">Running {formatDuration(c.durationSeconds)}</Badge>
            {c.method === 'RPC' && <Badge style={{ minWidth: 'max-content' }} variant="outline" color={c.rpcState === 'FAILED' || c.rpcState === 'EXPIRED' ? 'red' : 'blue'}>Device command: {(c.rpcState ?? 'queued').toLowerCase()}</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Started {formatInstant(c.startedAt)} IST. Readings of this device count as calibration data until it is finished or aborted.
          {c.rpcMessage ? ` Device says: ${c.rpcMessage}` : ''}
        </Text>
        {error && <Alert color="red">{error.message}</Alert>}
        {latest.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {latest.map((l) => (
              <Paper key={l.name} withBorder p="xs">
                <Text size="xs" c="dimmed">{l.label} now</Text>
                <Text fw={600}>{formatIndian(l.value)} {l.unit}</Text>
                <Text size="xs" c="dimmed">{formatClock(l.time)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parameter</Table.Th>
                <Table.Th>Point</Table.Th>
                <Table.Th>Expected</Table.Th>
                <Table.Th>Analyser read</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.params.flatMap((p) =>
                p.points.map((pt, i) => (
                  <Table.Tr key={`${p.name}/${i}`}>
                    <Table.Td>{p.label}</Table.Td>
                    <Table.Td>{pt.kind.toLowerCase()}</Table.Td>
                    <Table.Td>{formatIndian(pt.expected)} {p.unit}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={`${p.label} ${pt.kind.toLowerCase()} read`}
                        disabled={!canWrite}
                        value={measured[p.name]?.[i] ?? pt.measured ?? ''}
                        onChange={(v) => setMeasured((m) => ({ ...m, [p.name]: Object.assign([...(m[p.name] ?? [])], { [i]: v }) }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {canWrite && (
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setConfirmAbort(true)} loading={abort.isPending}>
              Abort
            </Button>
            <Button onClick={submit} loading={finish.isPending}>
              Finish
            </Button>
          </Group>
        )}
      </Stack>
      {confirmAbort && (
        <ConfirmModal
          opened
          danger
          loading={abort.isPending}
          title="Abort the calibration?"
          confirmLabel="Abort"
          onClose={() => setConfirmAbort(false)}
          onConfirm={() => abort.mutate({ id: c.id, reason: reason.trim() || undefined }, { onSuccess: () => (notifyInfo('Calibration aborted.'), setConfirmAbort(false)) })}
        >
          <TextInput label="Why" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </ConfirmModal>
      )}
    </Paper>
  );
}

const toNumber = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
