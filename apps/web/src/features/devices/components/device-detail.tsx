import { Alert, Anchor, Badge, Button, Card, Code, FileInput, Group, Progress, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ImportResult } from '@enviro/contracts/devices';
import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { formatInstant, formatDayKey } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';
import { addDays, dayOf, startOfDay } from '@enviro/domain/time-zone';
import { LiveStatusBadge } from '@/components/status/live-status-badge';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { notifyInfo } from '@/lib/notify';
import { mountDevice, removeDevice, rotateToken, useDeviceAction } from '../api/device-actions';
import { useAvailability } from '../api/get-availability';
import { useDevice } from '../api/get-device';
import { importCsv } from '../api/import-csv';
import { DiagnosticsCharts, lastDay, SpectrumCharts } from './device-charts';
import { DeviceFormModal } from './device-form-modal';

/**
 * One device (issue 13): its station, parameters with units, conversion and limits, token (for those
 * who may change it, with rotation), the last day of its diagnostics (with a link to their charts
 * over any period), mount history, availability of the last 14 days, and for editors mount and
 * unmount, edit, removal and a CSV history upload with progress and a per-row report.
 */
export function DeviceDetailView({ id }: { id: number }) {
  const device = useDevice(id);
  const [editing, setEditing] = useState(false);
  const [lastDayRange] = useState(() => lastDay(Date.now()));
  if (device.error) return <LoadFailed what="the device" onRetry={() => void device.refetch()} />;
  if (!device.data) return <Loading />;
  const d = device.data;
  return (
    <Stack>
      <Anchor component={Link} to={paths.app.devices.getHref()} size="sm">
        ← Devices
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{d.name}</Title>
        <Group gap="xs">
          <LiveStatusBadge status={d.liveStatus} />
          {d.deletedDate && <Badge color="gray">Removed {formatInstant(d.deletedDate)}</Badge>}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Fact label="ID" value={<Code>{d.displayId}</Code>} />
        <Fact label="Station" value={d.entityName ?? 'Not mounted'} />
        <Fact label="Make and model" value={d.make ? `${d.make} ${d.model ?? ''}` : '-'} />
        <Fact label="Serial number" value={d.serialNo ?? '-'} />
        <Fact label="Last data" value={d.lastDataAt ? formatInstant(d.lastDataAt) : 'Never'} />
        <Fact label="Calibration" value={<Anchor component={Link} to={paths.app.calibration.getHref({ device: d.id })}>Calibration of this device</Anchor>} />
        {(d.params ?? []).some((p) => p.diagnostic && !p.deletedDate) && (
          <Fact label="Diagnostics" value={<Anchor component={Link} to={paths.app.deviceDiagnostics.getHref(d.id)}>Diagnostic charts over time</Anchor>} />
        )}
      </SimpleGrid>
      {d.canEdit && !d.deletedDate && <Actions id={d.id} token={d.accessToken} entityId={d.entityId} tenantId={d.tenantId} onEdit={() => setEditing(true)} />}
      <Params params={d.params ?? []} />
      <DiagnosticsCharts device={d} range={lastDayRange} over="over the last 24 hours" title={<Title order={3}>Diagnostics, last 24 hours</Title>} />
      <SpectrumCharts device={d} />
      <Availability id={d.id} />
      <Mounts mounts={d.mounts ?? []} />
      {d.canEdit && !d.deletedDate && <CsvUpload id={d.id} columns={(d.params ?? []).filter((p) => !p.deletedDate).map((p) => ({ name: p.name, label: p.label }))} />}
      {editing && <DeviceFormModal device={d} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value}</Text>
    </Card>
  );
}

function Actions({ id, token, entityId, tenantId, onEdit }: { id: number; token: string | null; entityId: number | null; tenantId: number; onEdit: () => void }) {
  const rotate = useDeviceAction(() => rotateToken(id));
  const remove = useDeviceAction(() => removeDevice(id));
  const mount = useDeviceAction((a: { entityId: number; mount: boolean }) => mountDevice(a.entityId, id, a.mount));
  const tree = useQuery(getEntityTreeQueryOptions(tenantId));
  const [station, setStation] = useState<string | null>(null);
  const stations = flatten(tree.data ?? []).filter((n) => n.tenantId === tenantId && n.type !== 'group' && n.type !== 'facility' && n.id !== entityId);
  const error = rotate.error ?? remove.error ?? mount.error;
  return (
    <Card withBorder>
      <Stack gap="sm">
        {error && <Alert color="red">{error.message}</Alert>}
        <Group gap="xs">
          <Text size="sm">Access token:</Text>
          <Code data-testid="access-token">{token ?? '-'}</Code>
          <Button size="compact-sm" variant="light" loading={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: () => notifyInfo('New token issued; the old one no longer works.') })}>
            New token
          </Button>
        </Group>
        <Group align="flex-end">
          <Select label="Mount on station" placeholder="Station" data={stations.map((s) => ({ value: String(s.id), label: s.name }))} value={station} onChange={setStation} searchable w={240} />
          <Button disabled={station === null} loading={mount.isPending} onClick={() => mount.mutate({ entityId: Number(station), mount: true }, { onSuccess: () => (notifyInfo('Device mounted.'), setStation(null)) })}>
            Mount
          </Button>
          {entityId !== null && (
            <Button variant="light" onClick={() => mount.mutate({ entityId, mount: false }, { onSuccess: () => notifyInfo('Device unmounted.') })}>
              Unmount
            </Button>
          )}
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button color="red" variant="light" loading={remove.isPending} onClick={() => window.confirm('Remove this device from service? Its token stops working at once.') && remove.mutate(undefined)}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

interface TreeNode {
  id: number;
  tenantId: number;
  name: string;
  type: string;
  children: TreeNode[];
}
function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

function Params({ params }: { params: NonNullable<ReturnType<typeof useDevice>['data']>['params'] & object }) {
  return (
    <Stack gap="xs">
      <Title order={3}>Parameters</Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Slot</Table.Th>
              <Table.Th>Parameter</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Conversion to the catalogue's unit</Table.Th>
              <Table.Th ta="right">Min</Table.Th>
              <Table.Th ta="right">Max</Table.Th>
              <Table.Th>Kind</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {params.map((p) => (
              <Table.Tr key={p.slot} c={p.deletedDate ? 'dimmed' : undefined}>
                <Table.Td>{p.slot}</Table.Td>
                <Table.Td>
                  {p.label}{p.deletedDate ? ' - removed' : ''}
                </Table.Td>
                <Table.Td>{p.unit || '-'}</Table.Td>
                <Table.Td>{p.conversion ? (p.unit === p.stdUnit ? 'none needed' : `× ${formatIndian(p.conversion.factor, 4)}${p.conversion.offset ? ` + ${formatIndian(p.conversion.offset, 2)}` : ''} → ${p.stdUnit}`) : 'not convertible'}</Table.Td>
                <Table.Td ta="right">{p.min === null ? '-' : formatIndian(p.min)}</Table.Td>
                <Table.Td ta="right">{p.max === null ? '-' : formatIndian(p.max)}</Table.Td>
                <Table.Td>{p.diagnostic ? 'Diagnostic' : 'Process'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Availability({ id }: { id: number }) {
  const today = dayOf(Date.now(), DISPLAY_TIME_ZONE);
  const availability = useAvailability(id, addDays(today, -13), today);
  return (
    <Stack gap="xs">
      <Title order={3}>Availability, last 14 days</Title>
      <Text size="sm" c="dimmed">
        Share of the day's 15-minute slots in which the device reported.
      </Text>
      {!availability.data ? (
        <Loading h={60} />
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }} spacing="xs">
          {availability.data.map((a) => (
            <Card key={a.date} withBorder padding="xs">
              <Text size="xs" c="dimmed">
                {formatDayKey(a.date)}
              </Text>
              <Text fw={600}>{a.percentage === null ? '-' : `${formatIndian(a.percentage, 0)}%`}</Text>
              <Progress value={a.percentage ?? 0} size="xs" color={(a.percentage ?? 0) >= 75 ? 'green' : 'orange'} aria-label={`Availability ${a.date}`} />
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Mounts({ mounts }: { mounts: NonNullable<NonNullable<ReturnType<typeof useDevice>['data']>['mounts']> }) {
  return (
    <Stack gap="xs">
      <Title order={3}>Mount history</Title>
      {mounts.length === 0 ? (
        <Text size="sm">Never mounted.</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Station</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Until</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mounts.map((m, i) => (
              <Table.Tr key={i}>
                <Table.Td>{m.entityName}</Table.Td>
                <Table.Td>{m.mountedAt ? formatInstant(m.mountedAt) : 'From the start'}</Table.Td>
                <Table.Td>{m.unmountedAt ? formatInstant(m.unmountedAt) : 'Now'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function CsvUpload({ id, columns }: { id: number; columns: readonly { name: string; label: string }[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = () => {
    if (!file) return;
    setError(null);
    setResult(null);
    setProgress(0);
    importCsv(id, file, setProgress).then(
      (r) => (setResult(r), setProgress(null)),
      (e: Error) => (setError(e.message), setProgress(null)),
    );
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3}>Upload history (CSV)</Title>
        {/* A file format: the column names a CSV must use are keys, written as the file writes them. */}
        <Text size="sm" c="dimmed" data-technical="file format">
          A header <Code>ts,{columns.map((c) => c.name).join(',')}</Code> (ts, then {columns.map((c) => c.label).join(', ') || 'the parameters of this device'}), then one row per instant: ts as
          ISO 8601 with its offset (2026-03-01T10:00:00+05:30) or epoch milliseconds. Rows already stored change nothing; bad rows are listed below by line.
        </Text>
        <Group align="flex-end">
          <FileInput label="CSV file" accept=".csv,text/csv" value={file} onChange={setFile} w={280} placeholder="Choose a file" />
          <Button onClick={upload} disabled={!file} loading={progress !== null}>
            Upload
          </Button>
        </Group>
        {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" />}
        {error && <Alert color="red">{error}</Alert>}
        {result && (
          <Alert color={result.refusedCount === 0 ? 'green' : 'yellow'} title={`${formatIndian(result.accepted, 0)} rows stored, ${formatIndian(result.changed, 0)} new or changed, ${formatIndian(result.refusedCount, 0)} refused`}>
            {result.refused.length > 0 && (
              <Table>
                <Table.Tbody>
                  {result.refused.slice(0, 200).map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>Line {r.line}</Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
