import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CameraStatus, type Camera } from '@enviro/contracts/cameras';
import { QueryBody } from './query-body';
import { paths } from '@/config/paths';
import { useCameras } from '../api/cameras';
import { CameraFormModal } from './camera-form-modal';
import { CameraStatusBadge, CAMERA_STATUS_LABELS, HealthLine } from './camera-health';

/**
 * The cameras of the industries the user reads (a board: its industries'), each with its health:
 * online with its last frame, or offline with the reason. Filter in the URL (`?status=`).
 */
export function CamerasView({ addToTenantId }: { addToTenantId: number | null }) {
  const [params, setParams] = useSearchParams();
  const parsed = CameraStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const cameras = useCameras({ status });
  const [adding, setAdding] = useState(false);
  const industries = new Set((cameras.data?.items ?? []).map((c) => c.tenantId)).size;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Cameras
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.app.cameraWall.getHref()}>
            Camera wall
          </Button>
          {addToTenantId !== null && <Button onClick={() => setAdding(true)}>Add a camera</Button>}
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        PTZ cameras at discharge points and stacks, watched live through the server. A camera is online while frames arrive; the reason is shown when it is not.
      </Text>
      <Select
        label="Health"
        placeholder="Any"
        clearable
        maw={260}
        data={CameraStatus.options.map((s) => ({ value: s, label: CAMERA_STATUS_LABELS[s] }))}
        value={status ?? null}
        onChange={(v) => setParams((p) => (v ? p.set('status', v) : p.delete('status'), p), { replace: true })}
      />
      <QueryBody query={cameras} what="cameras">
        {(data) =>
          data.items.length === 0 ? (
            <Alert color="gray">No camera matches. {addToTenantId !== null ? 'Add one on a station with the camera add-on.' : ''}</Alert>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped highlightOnHover aria-label="Cameras">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Camera</Table.Th>
                    {industries > 1 && <Table.Th>Industry</Table.Th>}
                    <Table.Th>Station</Table.Th>
                    <Table.Th>Health</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((c: Camera) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.app.camera.getHref(c.id)} fw={600} fz="sm">
                          {c.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {c.ptz ? 'Pan, tilt, zoom' : 'Fixed'}
                          {c.presets.length ? `; presets ${c.presets.join(', ')}` : ''}
                        </Text>
                      </Table.Td>
                      {industries > 1 && <Table.Td>{c.industry}</Table.Td>}
                      <Table.Td>{c.station ?? 'The industry as a whole'}</Table.Td>
                      <Table.Td>
                        <CameraStatusBadge status={c.health.status} />
                        <HealthLine health={c.health} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
      {adding && addToTenantId !== null && <CameraFormModal tenantId={addToTenantId} camera={null} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
