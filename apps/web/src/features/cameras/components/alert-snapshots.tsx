import { Anchor, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import { getAlertSnapshotsQueryOptions } from '../api/cameras';

/** The camera snapshots attached to an exceedance alert (taken within a minute of it opening); nothing when none. */
export function AlertSnapshots({ alertId }: { alertId: number }) {
  const snapshots = useQuery(getAlertSnapshotsQueryOptions(alertId));
  const items = snapshots.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="lg" mb="xs">
        Camera snapshots
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {items.map((s) => (
          <Stack key={s.id} gap={2}>
            <Anchor href={s.imageUrl} target="_blank">
              <Image src={s.imageUrl} alt={`${s.camera} at ${formatInstant(s.takenAt)}`} radius="sm" />
            </Anchor>
            <Text size="xs" c="dimmed">
              <Anchor component={Link} to={paths.app.camera.getHref(s.cameraId)} size="xs">
                {s.camera}
              </Anchor>
              , {formatInstant(s.takenAt)} IST
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
