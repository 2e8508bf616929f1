import { Container } from '@mantine/core';
import { EscalationsView } from '@/features/alerts';
import { useAdminAccess } from './use-admin-access';

/** /app/admin/escalations: the escalation policies of the industry of the tenant app (own, or acted for). */
export function EscalationsRoute() {
  const { user } = useAdminAccess();
  return <Container size="xl" py="md">{user && <EscalationsView tenantId={user.actingTenantId} />}</Container>;
}
