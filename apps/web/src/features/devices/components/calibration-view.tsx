import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Loading, LoadFailed } from '@/components/status/load-state';
import { useCalibrationData } from '../api/get-calibration-data';
import { useCalibrationStats } from '../api/get-calibration-stats';
import { useDeviceMaintenance } from '../api/get-device-maintenance';
import { useInProgressCalibration } from '../api/get-in-progress-calibration';
import { CalibrationDueTable } from './calibration-due-table';
import { CalibrationHistory } from './calibration-history';
import { devicesOf } from './calibration-labels';
import { CalibrationProgress } from './calibration-progress';
import { CalibrationSchedulesCard } from './calibration-schedules-card';
import { StartCalibrationForm } from './start-calibration-form';

/**
 * Calibration (issue 13, REGULATORY calibration protocol): the figures, what is due or overdue,
 * and for the device in the URL (`?device=`) its running calibration with live values, the start
 * form, its due dates, deviation charts and history.
 */
export function CalibrationView({ canWrite }: { canWrite: boolean }) {
  const [search, setSearch] = useSearchParams();
  const deviceId = Number(search.get('device')) || undefined;
  const all = useCalibrationData({});
  const pick = (id: number | null) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (id === null) next.delete('device');
      else next.set('device', String(id));
      next.delete('page');
      return next;
    });

  return (
    <Stack>
      <Title order={2}>Calibration</Title>
      <CalibrationFigures />
      <Select
        label="Device"
        placeholder="Every device"
        searchable
        clearable
        maw={480}
        data={devicesOf(all.data ?? [])}
        value={deviceId ? String(deviceId) : null}
        onChange={(v) => pick(v ? Number(v) : null)}
        nothingFoundMessage="No such device"
      />
      {deviceId ? <DeviceCalibration deviceId={deviceId} canWrite={canWrite} onBack={() => pick(null)} /> : <DueNow onPick={pick} />}
    </Stack>
  );
}

function CalibrationFigures() {
  const stats = useCalibrationStats(undefined);
  if (!stats.data) return null;
  const s = stats.data;
  const figures = [
    { label: 'In progress', value: s.inProgress, colour: 'blue' },
    { label: 'Due soon', value: s.due, colour: 'orange' },
    { label: 'Overdue', value: s.overdue, colour: 'red' },
    { label: 'Drifted', value: s.drifted, colour: 'red' },
    { label: 'Done in 30 days', value: s.completedLast30Days, colour: 'green' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="calibration-figures">
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="sm">
          <Text size="xs" c="dimmed">{f.label}</Text>
          <Text fw={700} fz="xl" c={f.value > 0 ? f.colour : undefined}>
            {new Intl.NumberFormat('en-IN').format(f.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function DueNow({ onPick }: { onPick: (deviceId: number) => void }) {
  const tasks = useDeviceMaintenance({});
  if (tasks.isError) return <LoadFailed what="What is due" onRetry={() => void tasks.refetch()} />;
  if (!tasks.data) return <Loading />;
  return <CalibrationDueTable title="Due and overdue calibrations" rows={tasks.data} onPickDevice={onPick} />;
}

function DeviceCalibration({ deviceId, canWrite, onBack }: { deviceId: number; canWrite: boolean; onBack: () => void }) {
  const running = useInProgressCalibration(deviceId);
  const due = useCalibrationData({ deviceId });
  if (running.isError || due.isError) return <LoadFailed what="The device's calibration" onRetry={() => void (running.refetch(), due.refetch())} />;
  if (!running.data || !due.data) return <Loading />;
  const first = due.data[0];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>
          <Anchor component={Link} to={paths.app.device.getHref(deviceId)} inherit title="The device's page: parameters, limits, token, mounts">
            {first ? first.deviceName : `Device ${deviceId}`}
          </Anchor>
          {first?.entityName ? ` · ${first.entityName}` : ''}
        </Title>
        <Anchor component="button" type="button" onClick={onBack}>
          What is due on every device
        </Anchor>
      </Group>
      {running.data.calibration ? (
        <CalibrationProgress calibration={running.data.calibration} latest={running.data.latest} canWrite={canWrite} />
      ) : canWrite ? (
        <StartCalibrationForm deviceId={deviceId} params={running.data.params} />
      ) : (
        <Text c="dimmed">Not being calibrated now.</Text>
      )}
      <CalibrationDueTable title="Due dates" rows={due.data} showDevice={false} />
      {first && <CalibrationSchedulesCard tenantId={first.tenantId} params={running.data.params.map((p) => p.name)} canWrite={canWrite} />}
      <CalibrationHistory deviceId={deviceId} />
    </Stack>
  );
}
