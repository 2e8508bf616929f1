import { Container } from '@mantine/core';
import { Loading } from '@/components/status/load-state';
import { useMe } from '@/features/accounts';
import { AuditLogView } from '@/features/audit-log';

export function AuditLogRoute() {
  const me = useMe();
  if (!me.data) return <Loading />;
  return (
    <Container size="xl" py="md">
      {/* A tenant's administrators read their own tenant's log only; site staff outside manage mode read every tenant's. */}
      <AuditLogView acrossTenants={me.data.view !== 'tenant'} />
    </Container>
  );
}
