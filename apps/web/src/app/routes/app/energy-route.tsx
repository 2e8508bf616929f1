import { Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { mayChangeFleet } from '@/features/devices';
import { EnergyView } from '@/features/energy';
import { useActingTenant } from '@/lib/acting-tenant';

/** /app/energy: the energy app of the industry acted for (issue 31). */
export function EnergyRoute() {
  const me = useMe();
  const acting = useActingTenant();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      <EnergyView tenantId={acting?.id ?? me.data.tenant.id} canEdit={mayChangeFleet(me.data, acting !== null)} />
    </Container>
  );
}
