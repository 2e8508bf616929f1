import { Badge, Text } from '@mantine/core';
import type { CameraHealth, CameraStatus } from '@enviro/contracts/cameras';
import { formatInstant } from '@/lib/dates';

export const CAMERA_STATUS_LABELS: Record<CameraStatus, string> = { ONLINE: 'Online', OFFLINE: 'Offline', UNAVAILABLE: 'Unavailable', UNKNOWN: 'Not checked yet' };
const COLOURS: Record<CameraStatus, string> = { ONLINE: 'green', OFFLINE: 'red', UNAVAILABLE: 'orange', UNKNOWN: 'gray' };

export const CameraStatusBadge = ({ status }: { status: CameraStatus }) => (
  <Badge color={COLOURS[status]} variant={status === 'ONLINE' ? 'light' : 'filled'} style={{ minWidth: 'max-content' }}>
    {CAMERA_STATUS_LABELS[status]}
  </Badge>
);

/** The last frame and, when it is not online, why. */
export function HealthLine({ health }: { health: CameraHealth }) {
  return (
    <Text size="xs" c="dimmed">
      {health.lastFrameAt ? `Last frame ${formatInstant(health.lastFrameAt)} IST` : 'No frame received yet'}
      {health.viewers > 0 ? `, ${health.viewers} watching` : ''}
      {health.status !== 'ONLINE' && health.reason ? `. ${health.reason}` : ''}
    </Text>
  );
}
