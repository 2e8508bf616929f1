import { Button, Group, Stack, Text } from '@mantine/core';
import type { EnergyMeter, LocatedDevices } from '@enviro/contracts/energy';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { formatInstant, formatInstantOr } from '@/lib/dates';
import { ApiError } from '@/lib/api-client';
import { notifyAlert } from '@/lib/notify';
import { useDeleteMeter, useMeterHistory } from '../api/energy';
import { MeterFormModal } from './meter-form-modal';
import { ReadingFormModal } from './reading-form-modal';

const ROLE_WORDS = { MAIN: 'Main meter', SUB: 'Sub-meter', GENERATION: 'Generation' } as const;
const SOURCE_WORDS = { GRID: 'grid', SOLAR: 'solar', DG: 'DG set' } as const;

/** The meters in and under the node, current and past (history), and for administrators: add, replace, delete. */
export function MetersPanel({ located, nodeId, canEdit }: { located: LocatedDevices; nodeId: number; canEdit: boolean }) {
  const history = useMeterHistory(nodeId);
  const remove = useDeleteMeter();
  const [form, setForm] = useState<{ meter?: EnergyMeter } | null>(null);
  const [deleting, setDeleting] = useState<EnergyMeter | null>(null);
  const [reading, setReading] = useState<EnergyMeter | null>(null);
  if (history.isError) return <LoadFailed what="The meters" onRetry={() => void history.refetch()} />;
  if (!history.data) return <Loading />;
  const name = (id: number | null) => (id === null ? '' : (located.nodes.find((n) => n.id === id)?.name ?? `#${id}`));
  return (
    <Stack gap="md">
      {canEdit && (
        <Group>
          <Button size="xs" onClick={() => setForm({})}>
            Add a meter
          </Button>
        </Group>
      )}
      <DataTable
        title="Energy meters and their history"
        rows={history.data}
        rowKey={(m) => m.id}
        minWidth={900}
        emptyText="No meter is located in or under this node."
        columns={[
          { header: 'Station', value: (m) => m.entityName, wrap: true },
          { header: 'Role', value: (m) => `${ROLE_WORDS[m.role]}${m.source ? ` (${SOURCE_WORDS[m.source]})` : ''}` },
          { header: 'Located at', value: (m) => m.nodeName, wrap: true },
          { header: 'Under', value: (m) => name(m.mainEntityId) },
          { header: 'Rated kW', value: (m) => m.ratedKw, align: 'right' },
          { header: 'Multiplier', value: (m) => m.multiplier, align: 'right' },
          { header: 'From', value: (m) => formatInstant(m.validFrom) },
          { header: 'Until', value: (m) => (m.validTo ? `${formatInstantOr(m.validTo)} (${m.endReason === 'REPLACED' ? 'replaced' : 'deleted'})` : 'current') },
          ...(canEdit
            ? [
                {
                  header: 'Actions',
                  value: () => '',
                  render: (m: EnergyMeter) =>
                    m.validTo === null ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="light" onClick={() => setReading(m)}>
                          Enter a reading
                        </Button>
                        <Button size="compact-xs" variant="light" onClick={() => setForm({ meter: m })}>
                          Replace
                        </Button>
                        <Button size="compact-xs" variant="light" color="red" onClick={() => setDeleting(m)}>
                          Delete
                        </Button>
                      </Group>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <Text c="dimmed" fz="sm">
        A replaced or deleted meter stays in this list; its energy before the change still counts.
      </Text>
      {form && <MeterFormModal located={located} meters={history.data.filter((m) => m.validTo === null)} replacing={form.meter} onClose={() => setForm(null)} />}
      {reading && <ReadingFormModal meter={reading} onClose={() => setReading(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this meter?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => setDeleting(null),
            onError: (e) => {
              setDeleting(null);
              notifyAlert(e instanceof ApiError ? e.message : 'The meter could not be deleted.');
            },
          })
        }
      >
        {deleting ? `${deleting.entityName} stops counting from now; its past energy and this meter stay in the history.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
