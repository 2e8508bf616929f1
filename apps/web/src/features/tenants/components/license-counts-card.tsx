import { stationTypeLabel } from '@/lib/labels';
import { Alert, Button, Card, Group, NumberInput, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { StationType, type LicenseCountInput } from '@enviro/contracts/tenants';
import { formatIndian } from '@enviro/domain/format-number';
import { notifyInfo } from '@/lib/notify';
import { useLicenseCounts, useSetLicenseCounts } from '../api/license-counts';

type Licensed = Partial<Record<StationType, number>>;

/** Licensed and used stations by type; a site admin edits the licensed counts. */
export function LicenseCountsCard({ tenantId, editable }: { tenantId: number; editable: boolean }) {
  const counts = useLicenseCounts(tenantId);
  const save = useSetLicenseCounts(tenantId);
  const [editing, setEditing] = useState<Licensed | null>(null);
  const rows = counts.data?.counts ?? [];
  const byType = new Map(rows.map((r) => [r.stationType, r]));
  const types = editing ? StationType.options : rows.map((r) => r.stationType);

  const submit = () => {
    if (!editing) return;
    const input: LicenseCountInput = {
      counts: Object.entries(editing).map(([stationType, licensed]) => ({ stationType: stationType as StationType, licensed: licensed ?? 0 })),
    };
    if (input.counts.length === 0) return setEditing(null);
    save.mutate(input, {
      onSuccess: () => {
        notifyInfo('Licence counts saved.');
        setEditing(null);
      },
    });
  };

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          Licence counts
        </Title>
        {editable && !editing && (
          <Button size="xs" variant="light" onClick={() => setEditing({})}>
            Edit
          </Button>
        )}
      </Group>
      {save.error && <Alert color="red" mb="xs">{save.error.message}</Alert>}
      {types.length === 0 ? (
        <Text c="dimmed" size="sm">
          {counts.isLoading ? 'Loading…' : 'No station type licensed or in use.'}
        </Text>
      ) : (
        <Table aria-label="Licence counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Station type</Table.Th>
              <Table.Th ta="right">Licensed</Table.Th>
              <Table.Th ta="right">Used</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((type) => {
              const row = byType.get(type);
              return (
                <Table.Tr key={type}>
                  <Table.Td>{stationTypeLabel(type)}</Table.Td>
                  <Table.Td ta="right">
                    {editing ? (
                      <NumberInput
                        aria-label={`Licensed ${stationTypeLabel(type)}`}
                        size="xs"
                        min={0}
                        allowDecimal={false}
                        w={90}
                        ml="auto"
                        value={editing[type] ?? row?.licensed ?? 0}
                        onChange={(v) => setEditing({ ...editing, [type]: typeof v === 'number' ? v : 0 })}
                      />
                    ) : (
                      formatIndian(row?.licensed ?? 0, 0)
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatIndian(row?.used ?? 0, 0)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <Group justify="flex-end" mt="sm">
          <Button size="xs" variant="default" onClick={() => setEditing(null)}>
            Cancel
          </Button>
          <Button size="xs" loading={save.isPending} onClick={submit}>
            Save counts
          </Button>
        </Group>
      )}
    </Card>
  );
}
