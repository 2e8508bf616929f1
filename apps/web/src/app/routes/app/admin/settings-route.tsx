import { Container, Stack } from '@mantine/core';
import { useMe } from '@/features/accounts';
import { mayChangeFleet } from '@/features/devices';
import { SettingsView } from '@/features/preferences';
import { TenantLogoCard } from '@/features/tenants';
import { useActingTenant } from '@/lib/acting-tenant';

/** The user's settings, and the letterhead logo of the tenant acted for (an industry's own, or the one managed). */
export function SettingsRoute() {
  const me = useMe().data;
  const acting = useActingTenant();
  return (
    <Container size="xl" py="md">
      <Stack maw={560}>
        <SettingsView />
        {me && <TenantLogoCard tenantId={acting?.id ?? me.tenant.id} editable={mayChangeFleet(me, acting !== null)} />}
      </Stack>
    </Container>
  );
}
