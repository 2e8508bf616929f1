import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { CameraView, CameraWallView, CamerasView } from '@/features/cameras';

/** Whether the user may add cameras and playlists to the tenant acted for: its administrators, site and partner staff acting for it (the server decides again). */
const mayChangeFleet = (me: { view: string; userType: string; role: string; manage: boolean }) =>
  me.view === 'tenant' && ((me.userType === 'tenant' && me.role === 'admin') || me.manage);

/** /app/cameras: the cameras of the industries the user reads, with their health. */
export function CamerasRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <CamerasView addToTenantId={mayChangeFleet(me.data) ? me.data.actingTenantId : null} />
    </Container>
  );
}

/** /app/cameras/wall: a playlist on a tiled wall. */
export function CameraWallRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <CameraWallView mayEdit={mayChangeFleet(me.data)} />
    </Container>
  );
}

/** /app/cameras/:id: live view, PTZ and snapshots. */
export function CameraRoute() {
  const id = Number(useParams().id);
  return (
    <Container size="xl" px={0}>
      <CameraView id={id} />
    </Container>
  );
}
