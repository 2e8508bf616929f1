import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAge } from '@enviro/domain/age';
import type { LiveStatus } from '@enviro/domain/live-status';
import { formatPeriod } from '@/lib/dates';
import { DataAge } from '@/components/status/data-age';
import { LiveStatusBadge } from '@/components/status/live-status-badge';
import { stationTypeLabel } from '@/lib/labels';
import type { Station } from '@/lib/stations';

/**
 * Name, status and the facts of a station: operation, commissioning, capacity, devices. `status` and
 * `lastReading` are what the whole view shows (currentLiveStatus of the newest reading known).
 */
export function StationSummary({ station, status, lastReading }: { station: Station; status: LiveStatus; lastReading: number | null }) {
  const commissioned = station.commissioningDate && !Number.isNaN(Date.parse(station.commissioningDate)) ? station.commissioningDate : null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {station.name}
          </Title>
          <Text c="dimmed">{stationTypeLabel(station.type)} station</Text>
        </div>
        <LiveStatusBadge status={status} />
      </Group>
      <DataAge lastDataAt={lastReading === null ? null : new Date(lastReading).toISOString()} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Fact label="Operating" value={station.operational === 'False' ? 'No' : 'Yes'} />
        <Fact
          label="Commissioned"
          value={commissioned ? `${formatPeriod(commissioned, 'day')} (${formatAge(commissioned)})` : '-'}
        />
        <Fact label="Capacity" value={station.capacity ?? '-'} />
      </SimpleGrid>
      {station.devices.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Devices
          </Text>
          {station.devices.map((d) => (
            <Text size="sm" key={d.id}>
              {d.name} · {d.displayId}
              {d.model && ` · ${d.model.make.name} ${d.model.name}`}
              {d.serialNo && ` · S/N ${d.serialNo}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}
