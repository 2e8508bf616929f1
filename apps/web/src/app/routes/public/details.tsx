import { Container } from '@mantine/core';
import { TrendView } from '@/features/data';
import { usePublicTenant } from './public-layout';

export function DetailsRoute() {
  const tenant = usePublicTenant();
  return (
    <Container size="xl" py="md">
      <TrendView tenantId={tenant.id} />
    </Container>
  );
}
