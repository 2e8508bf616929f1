import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import { getCameraQueryOptions, useDeleteCamera, useTakeSnapshot } from '../api/cameras';
import { CameraFormModal } from './camera-form-modal';
import { CameraStatusBadge, HealthLine } from './camera-health';
import { LivePlayer } from './live-player';
import { PtzControls } from './ptz-controls';
import { QueryBody } from './query-body';

/** One camera: its live view, pan, tilt, zoom and presets for those who operate it, snapshots. */
export function CameraView({ id }: { id: number }) {
  const camera = useQuery(getCameraQueryOptions(id));
  const snapshot = useTakeSnapshot(id);
  const remove = useDeleteCamera();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  return (
    <QueryBody query={camera} what="the camera">
      {(c) => (
        <Stack>
          <Anchor component={Link} to={paths.app.cameras.getHref()} size="sm">
            ← Cameras
          </Anchor>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={1} fz={{ base: 22, sm: 28 }}>
                  {c.name}
                </Title>
                <CameraStatusBadge status={c.health.status} />
              </Group>
              <Text c="dimmed" size="sm">
                {c.industry}, {c.station ?? 'the industry as a whole'}
              </Text>
              <HealthLine health={c.health} />
            </div>
            <Group gap="xs">
              <Button variant="default" onClick={() => snapshot.mutate()} loading={snapshot.isPending}>
                Take a snapshot
              </Button>
              {c.mayEdit && (
                <>
                  <Button variant="default" onClick={() => setEditing(true)}>
                    Change
                  </Button>
                  <Button variant="default" color="red" onClick={() => setRemoving(true)}>
                    Remove
                  </Button>
                </>
              )}
            </Group>
          </Group>
          {snapshot.error && (
            <Text c="red" size="sm">
              {snapshot.error.message}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: c.mayOperate ? 2 : 1 }}>
            <LivePlayer cameraId={c.id} name={c.name} offlineReason={c.health.status === 'OFFLINE' || c.health.status === 'UNAVAILABLE' ? (c.health.reason ?? 'The camera is offline.') : null} />
            {c.mayOperate && <PtzControls camera={c} />}
          </SimpleGrid>
          <Paper withBorder p="md">
            <Title order={2} fz="lg" mb="xs">
              Snapshots
            </Title>
            {c.snapshots.length === 0 ? (
              <Text size="sm" c="dimmed">
                No snapshot yet. One is taken of every camera on a station when an exceedance alert opens there.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {c.snapshots.map((s) => (
                  <Stack key={s.id} gap={2}>
                    <Anchor href={s.imageUrl} target="_blank">
                      <Image src={s.imageUrl} alt={`${c.name} at ${formatInstant(s.takenAt)}`} radius="sm" />
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatInstant(s.takenAt)} IST{' '}
                      {s.alertId !== null ? (
                        <Anchor component={Link} to={paths.app.alert.getHref(s.alertId)} size="xs">
                          exceedance alert {s.alertId}
                        </Anchor>
                      ) : (
                        '(on demand)'
                      )}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Paper>
          {editing && <CameraFormModal tenantId={c.tenantId} camera={c} onClose={() => setEditing(false)} />}
          <ConfirmModal
            opened={removing}
            title={`Remove ${c.name}?`}
            confirmLabel="Remove"
            danger
            loading={remove.isPending}
            onConfirm={() => remove.mutate(c.id, { onSuccess: () => void navigate(paths.app.cameras.getHref()) })}
            onClose={() => setRemoving(false)}
          >
            Its presets, snapshots and places in playlists go with it.
          </ConfirmModal>
        </Stack>
      )}
    </QueryBody>
  );
}
