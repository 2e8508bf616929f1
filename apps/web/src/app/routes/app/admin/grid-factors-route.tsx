import { Container } from '@mantine/core';
import { GridFactorsView } from '@/features/energy';

/** /app/admin/grid-factors: CEA's grid emission factors, which site administrators extend (issue 31). */
export function GridFactorsRoute() {
  return (
    <Container size="md" py="md">
      <GridFactorsView />
    </Container>
  );
}
