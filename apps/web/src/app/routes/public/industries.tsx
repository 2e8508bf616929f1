import { Container } from '@mantine/core';
import { IndustriesView } from '@/features/public-portal';
import { usePublicTenant } from './public-layout';

export function IndustriesRoute() {
  const tenant = usePublicTenant();
  return (
    <Container size="xl" py="md">
      <IndustriesView boardId={tenant.id} boardName={tenant.name} />
    </Container>
  );
}
