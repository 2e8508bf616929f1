import { Container } from '@mantine/core';
import { IndustryView } from '@/features/public-portal/components/industry-view';
import { usePublicTenant } from './public-layout';

export function IndustryRoute() {
  const tenant = usePublicTenant();
  return (
    <Container size="xl" py="md">
      <IndustryView tenant={tenant} />
    </Container>
  );
}
