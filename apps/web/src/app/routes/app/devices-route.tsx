import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { DeviceDetailView, DevicesView, mayChangeFleet, mayChangeMakes } from '@/features/devices';
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

export function DeviceRoute() {
  const { id } = useParams();
  return (
    <Container size="xl" py="md">
      <DeviceDetailView id={Number(id)} />
    </Container>
  );
}
