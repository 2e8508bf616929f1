import { Container } from '@mantine/core';
import { CorporatesView } from '@/features/corporates';
import { useAdminAccess } from './use-admin-access';

export function CorporatesRoute() {
  const { siteAdmin } = useAdminAccess();
  return (
    <Container size="xl" py="md">
      <CorporatesView editable={siteAdmin} />
    </Container>
  );
}
