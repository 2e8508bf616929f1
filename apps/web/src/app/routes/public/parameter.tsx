import { Container } from '@mantine/core';
import { ParameterDashboard } from '@/features/data';
import { usePublicTenant } from './public-layout';

export function ParameterRoute() {
  const tenant = usePublicTenant();
  return (
    <Container size="xl" py="md">
      <ParameterDashboard tenantId={tenant.id} tenantName={tenant.name} />
    </Container>
  );
}
