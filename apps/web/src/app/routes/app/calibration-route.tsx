import { Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { CalibrationView, mayCalibrate } from '@/features/devices';

export function CalibrationRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      <CalibrationView canWrite={mayCalibrate(me.data)} />
    </Container>
  );
}
