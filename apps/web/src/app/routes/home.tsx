import { Container } from '@mantine/core';
import { BoardsView } from '@/features/public-portal';

/** Landing page: the boards, each leading to the industries it publishes. */
export function HomeRoute() {
  return (
    <Container size="lg" py="xl">
      <BoardsView />
    </Container>
  );
}
