import { Container } from '@mantine/core';
import { AlertRulesView } from '@/features/alerts';
import { useAdminAccess } from './use-admin-access';

/** /app/admin/alert-rules: the rules of the industry of the tenant app (own, or acted for). */
export function AlertRulesRoute() {
  const { user } = useAdminAccess();
  return <Container size="xl" py="md">{user && <AlertRulesView tenantId={user.actingTenantId} />}</Container>;
}
