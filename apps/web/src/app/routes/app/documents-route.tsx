import { Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { mayChangeFleet } from '@/features/devices';
import { DocumentsView } from '@/features/documents';
import { useActingTenant } from '@/lib/acting-tenant';

/** /app/documents: the documents and consents of the industry acted for. */
export function DocumentsRoute() {
  const me = useMe();
  const acting = useActingTenant();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      <DocumentsView tenantId={acting?.id ?? me.data.tenant.id} canEdit={mayChangeFleet(me.data, acting !== null)} />
    </Container>
  );
}
