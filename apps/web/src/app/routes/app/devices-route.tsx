import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { DeviceDetailView, DeviceDiagnosticsView, DevicesView, mayChangeFleet, mayChangeMakes } from '@/features/devices';
import { useActingTenant } from '@/lib/acting-tenant';

export function DevicesRoute() {
  const me = useMe();
  const acting = useActingTenant();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      <DevicesView
        canEdit={mayChangeFleet(me.data, acting !== null)}
        canEditMakes={mayChangeMakes(me.data)}
        tenantId={acting?.id ?? me.data.tenant.id}
        siteUser={me.data.userType === 'site' && acting === null}
      />
    </Container>
  );
}

export const DeviceRoute = () => <DevicePage View={DeviceDetailView} />;

export const DeviceDiagnosticsRoute = () => <DevicePage View={DeviceDiagnosticsView} />;

/** A page of the device in the path. */
function DevicePage({ View }: { View: (props: { id: number }) => React.ReactNode }) {
  const { id } = useParams();
  return (
    <Container size="xl" py="md">
      <View id={Number(id)} />
    </Container>
  );
}
