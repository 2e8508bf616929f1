import { Container, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { TenantDetailView } from '@/features/tenants';
import { useAdminAccess } from './use-admin-access';

export function TenantDetailRoute() {
  const id = Number(useParams().id);
  const { siteAdmin } = useAdminAccess();
  return (
    <Container size="xl" py="md">
      {Number.isSafeInteger(id) && id > 0 ? <TenantDetailView tenantId={id} editable={siteAdmin} /> : <Text>No such tenant.</Text>}
    </Container>
  );
}
