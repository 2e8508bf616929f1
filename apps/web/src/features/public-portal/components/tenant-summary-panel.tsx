import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { formatIndian } from '@enviro/domain/format-number';
import { useEntityTree } from '@/features/entities';
import { ChartSpinner } from '@/components/charts/chart-spinner';
import { LIVE_STATUS_WORDS, LIVE_STATUSES, LIVE_STATUS_COLOURS, stationTypeLabel } from '@/lib/labels';
import { collectStations, countStations, groupByType } from '@/lib/stations';

interface TenantSummaryPanelProps {
  tenantId: number;
  /** 'full' lists the stations of each type; 'counts' shows the counts alone. */
  templateOption?: 'full' | 'counts';
  /** The station the user picked. */
  selectedStationId?: number | undefined;
  /** Receives the picked station's id; the page then scrolls to its view. */
  onSelectStation: (stationId: number) => void;
}

/**
 * SPEC 2 tenant summary: stations grouped by type (SPEC 9 order), operating units and stations by
 * live status, and a button per station to jump to it. It reloads when the tenant changes (the
 * tree is cached per tenant).
 */
export function TenantSummaryPanel({
  tenantId,
  templateOption = 'full',
  selectedStationId,
  onSelectStation,
}: TenantSummaryPanelProps) {
  const tree = useEntityTree(tenantId);
  const stations = useMemo(() => collectStations(tree.data ?? []), [tree.data]);
  const groups = useMemo(() => groupByType(stations), [stations]);
  const counts = useMemo(() => countStations(stations), [stations]);

  if (tree.isPending) return <ChartSpinner label="Loading stations" />;
  if (tree.isError) return <Text role="alert">The stations could not be loaded.</Text>;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Count label="Stations" value={counts.total} />
          <Count label="Operating units" value={counts.operating} />
          {LIVE_STATUSES.map((s) => (
            <Count key={s} label={LIVE_STATUS_WORDS[s]} value={counts.liveStatus[s]} colour={LIVE_STATUS_COLOURS[s]} />
          ))}
        </SimpleGrid>
        {templateOption === 'full' &&
          groups.map((g) => (
            <div key={g.type}>
              <Title order={3} fz="md" mb={6}>
                {stationTypeLabel(g.type)} ({g.stations.length})
              </Title>
              <Group gap="xs">
                {g.stations.map((s) => (
                  <Button
                    key={s.id}
                    size="compact-sm"
                    variant={s.id === selectedStationId ? 'filled' : 'default'}
                    aria-pressed={s.id === selectedStationId}
                    onClick={() => onSelectStation(s.id)}
                    leftSection={<Box w={8} h={8} bg={`${LIVE_STATUS_COLOURS[s.liveStatus]}.6`} style={{ borderRadius: 4 }} />}
                  >
                    {s.name}
                    <VisuallyHidden>, {LIVE_STATUS_WORDS[s.liveStatus]}</VisuallyHidden>
                  </Button>
                ))}
              </Group>
            </div>
          ))}
        {stations.length === 0 && <Text c="dimmed">This industry has no stations yet.</Text>}
      </Stack>
    </Paper>
  );
}

function Count({ label, value, colour }: { label: string; value: number; colour?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fz={24} fw={700} c={colour ? `${colour}.8` : undefined}>
        {formatIndian(value, 0)}
      </Text>
    </div>
  );
}
