import { Anchor, List, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CorporateDetail } from '@enviro/contracts/corporates';
import { paths } from '@/config/paths';
import { useCorporateTenants } from '../api/get-corporate-tenants';

/** The tenants of a corporate, each linking to its detail page. */
export function CorporateTenantsModal({ corporate, onClose }: { corporate: CorporateDetail; onClose: () => void }) {
  const tenants = useCorporateTenants(corporate.id);
  return (
    <Modal opened onClose={onClose} title={`Tenants of ${corporate.name}`}>
      {tenants.isError ? (
        <Text c="red">{tenants.error.message}</Text>
      ) : !tenants.data ? (
        <Text c="dimmed">Loading…</Text>
      ) : tenants.data.length === 0 ? (
        <Text c="dimmed">No tenant.</Text>
      ) : (
        <List spacing="xs" aria-label={`Tenants of ${corporate.name}`}>
          {tenants.data.map((t) => (
            <List.Item key={t.id}>
              <Anchor component={Link} to={paths.admin.tenant.getHref(t.id)}>
                {t.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {t.displayId} · {t.status}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
