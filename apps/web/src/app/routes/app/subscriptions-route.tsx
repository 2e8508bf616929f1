import { Alert, Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { BillingAdminView, MyPlanView } from '@/features/subscriptions';

/** /app/subscriptions: in the tenant app the industry's plan and invoices; site administrators see every industry's billing. */
export function SubscriptionsRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  const u = me.data;
  return (
    <Container size="xl" px={0}>
      {u.view === 'tenant' ? (
        <MyPlanView tenantId={u.actingTenantId} mayPay={(u.userType === 'tenant' && u.role === 'admin') || u.userType === 'site'} />
      ) : u.userType === 'site' ? (
        <BillingAdminView />
      ) : (
        <Alert color="gray">Billing is for industries and the site.</Alert>
      )}
    </Container>
  );
}
