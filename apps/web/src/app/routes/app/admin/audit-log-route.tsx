import { Container } from '@mantine/core';
import { AuditLogView } from '@/features/audit-log/components/audit-log-view';

export function AuditLogRoute() {
  return (
    <Container size="xl" py="md">
      <AuditLogView />
    </Container>
  );
}
