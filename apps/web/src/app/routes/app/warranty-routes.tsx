import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { WarrantyRequestsView, WarrantyRequestView } from '@/features/warranty-requests';

/** /app/warranty-requests. In the tenant app the industry's own requests, which it raises here; partners and site staff see those they read. */
export function WarrantyRequestsRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  const inTenant = me.data.view === 'tenant';
  return (
    <Container size="xl" px={0}>
      <WarrantyRequestsView ownTenantId={inTenant && me.data.userType !== 'partner' ? me.data.actingTenantId : null} showIndustry={!inTenant} />
    </Container>
  );
}

/** /app/warranty-requests/:id: the industry and the partner comment; site staff read. */
export function WarrantyRequestRoute() {
  const id = Number(useParams().id);
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" px={0}>
      <WarrantyRequestView id={id} mayComment={me.data.userType === 'partner' || me.data.view === 'tenant'} />
    </Container>
  );
}
