import { Container } from '@mantine/core';
import { UsersView } from '@/features/users';
import { useAdminAccess } from './use-admin-access';

export function UsersRoute() {
  const { user } = useAdminAccess();
  // The /app layout renders its pages only once the signed-in user is loaded.
  return <Container size="xl" py="md">{user && <UsersView me={user} />}</Container>;
}
