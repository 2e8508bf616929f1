import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { LocatedDevices } from '@enviro/contracts/energy';
import { formatIndian } from '@enviro/domain/format-number';
import { useState } from 'react';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { formatDayKey } from '@/lib/dates';
import { useTariffs } from '../api/energy';
import { hourLabel, rupees, WINDOW_WORDS } from './energy-format';
import { TariffFormModal } from './tariff-form';

/**
 * The dated tariff versions of a connection (a main meter of the facility, `?connection=`) with
 * their time-of-day windows, and for administrators a new version.
 */
export function TariffsPanel({ located, connection, onConnection, canEdit }: { located: LocatedDevices; connection: number | undefined; onConnection: (id: number) => void; canEdit: boolean }) {
  const mains = located.nodes.flatMap((n) => n.meters).filter((m) => m.role === 'MAIN');
  const picked = mains.find((m) => m.entityId === connection) ?? mains[0];
  const tariffs = useTariffs(picked?.entityId);
  const [adding, setAdding] = useState(false);
  if (!picked) return <Text>No main meter is located in this facility: a tariff belongs to a connection, the station of its main meter.</Text>;
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select label="Connection (main meter)" data={mains.map((m) => ({ value: String(m.entityId), label: `${m.entityName} at ${m.nodeName}` }))} value={String(picked.entityId)} onChange={(v) => v && onConnection(Number(v))} allowDeselect={false} w={{ base: '100%', xs: 360 }} />
        {canEdit && tariffs.data && (
          <Button onClick={() => setAdding(true)}>Add a tariff version</Button>
        )}
      </Group>
      {tariffs.isError ? (
        <LoadFailed what="The tariffs" onRetry={() => void tariffs.refetch()} />
      ) : !tariffs.data ? (
        <Loading />
      ) : (
        <>
          <DataTable
            title={`Tariff versions of ${picked.entityName}`}
            rows={[...tariffs.data].reverse()}
            rowKey={(v) => v.id}
            minWidth={760}
            emptyText="No tariff version yet: its energy is not costed."
            columns={[
              { header: 'Valid from', value: (v) => formatDayKey(v.validFrom) },
              { header: 'Until', value: (v) => (v.validTo ? formatDayKey(v.validTo) : 'current') },
              { header: 'Commission order', value: (v) => v.orderRef, wrap: true },
              { header: 'Time-of-day rates', value: (v) => v.windows.map((w) => `${WINDOW_WORDS[w.kind]} ${hourLabel(w.fromHour)}–${hourLabel(w.toHour)} ₹${formatIndian(w.rate, 2)}/kWh`).join('; '), wrap: true },
              { header: 'Fixed charge (₹ a month)', value: (v) => v.fixedChargePerMonth, render: (v) => rupees(v.fixedChargePerMonth), align: 'right' },
              { header: 'Duty (%)', value: (v) => v.dutyPercent, align: 'right' },
            ]}
          />
          <Text c="dimmed" fz="sm">
            Versions are never changed, only followed: each day is costed at the version valid on it, so a month already costed keeps its price.
          </Text>
          {adding && <TariffFormModal entityId={picked.entityId} connectionName={picked.entityName} versions={tariffs.data} onClose={() => setAdding(false)} />}
        </>
      )}
    </Stack>
  );
}
