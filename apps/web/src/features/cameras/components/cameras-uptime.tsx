import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import { useCameras } from '../api/cameras';
import { CameraStatusBadge } from './camera-health';

/**
 * An industry's cameras beside its stations' uptime (issue 32): each camera online or offline with
 * its last frame, and since when it is offline. Shows nothing for an industry without cameras, or
 * while the cameras cannot be read (the scorecard stands on its own).
 */
export function CamerasUptime({ tenantId }: { tenantId: number }) {
  const cameras = useCameras({ tenantId });
  const items = cameras.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <Title order={2} fz="lg">
        Cameras' health
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" aria-label="Cameras' health">
        {items.map((c) => (
          <Paper withBorder p="sm" key={c.id}>
            <Anchor component={Link} to={paths.app.camera.getHref(c.id)} fw={600}>
              {c.name}
            </Anchor>
            <Text size="sm">{c.station ?? 'Whole industry'}</Text>
            <CameraStatusBadge status={c.health.status} />
            <Text size="sm">{c.health.lastFrameAt ? `Last frame ${formatInstant(c.health.lastFrameAt)} IST` : 'No frame received yet'}</Text>
            {c.health.offlineSince && c.health.status !== 'ONLINE' && <Text size="sm">Offline since {formatInstant(c.health.offlineSince)} IST</Text>}
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
