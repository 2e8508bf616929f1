import { tenantTypeLabel } from '@/lib/labels';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatIndian } from '@enviro/domain/format-number';
import { paths } from '@/config/paths';
import { useCorporateForTenant } from '../api/get-corporate-for-tenant';
import { useTenant } from '../api/get-tenant';
import { LicenseCountsCard } from './license-counts-card';
import { StatutoryCard } from './statutory-card';
import { TenantFormModal } from './tenant-form-modal';
import { TenantLiveStatusCard } from './tenant-live-status-card';
import { TenantLogoCard } from './tenant-logo-card';
import { TenantStatusBadge } from './tenant-status-badge';
import { TenantStatusModal } from './tenant-status-modal';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** One tenant: its fields, corporate, live stations, licence counts and statutory bodies. */
export function TenantDetailView({ tenantId, editable }: { tenantId: number; editable: boolean }) {
  const tenant = useTenant(tenantId);
  const corporate = useCorporateForTenant(tenantId);
  const [dialog, setDialog] = useState<'edit' | 'status' | null>(null);

  if (tenant.isError) return <Text c="red">The tenant could not be loaded: {tenant.error.message}</Text>;
  if (!tenant.data) return <Text c="dimmed">Loading…</Text>;
  const t = tenant.data;

  return (
    <Stack>
      <Anchor component={Link} to={paths.admin.tenants.getHref()} size="sm">
        ← Tenants
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t.name}</Title>
          <TenantStatusBadge status={t.status} />
        </Group>
        {editable && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="light" onClick={() => setDialog('status')}>
              Change status
            </Button>
          </Group>
        )}
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Field label="ID">{t.displayId}</Field>
          <Field label="Type">{tenantTypeLabel(t.type)}</Field>
          <Field label="Corporate">{corporate.data?.corporate?.name ?? (corporate.isLoading ? '…' : 'None')}</Field>
          <Field label="Monitored units">{formatIndian(t.monitoredUnits, 0)}</Field>
          <Field label="Industry category">{t.industryCategory ?? '-'}</Field>
          <Field label="City">{t.city ?? '-'}</Field>
          <Field label="State">{t.state ?? '-'}</Field>
          <Field label="Changes">
            <Anchor component={Link} to={paths.admin.auditLog.getHref({ entity: `tenant:${t.id}` })} size="sm">
              Audit log
            </Anchor>
          </Field>
        </SimpleGrid>
      </Card>
      <TenantLiveStatusCard tenantId={t.id} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LicenseCountsCard tenantId={t.id} editable={editable} />
        <StatutoryCard tenantId={t.id} editable={editable} />
        <TenantLogoCard tenantId={t.id} editable={editable} />
      </SimpleGrid>
      {dialog === 'edit' && <TenantFormModal opened tenant={t} onClose={() => setDialog(null)} />}
      {dialog === 'status' && <TenantStatusModal tenant={t} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
