import { Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts/api/get-me';
import { CalibrationView } from '@/features/devices/components/calibration-view';
import { mayCalibrate } from '@/features/devices/components/calibration-labels';

export function CalibrationRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      <CalibrationView canWrite={mayCalibrate(me.data)} />
    </Container>
  );
}
