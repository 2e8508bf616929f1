import { Card, Group, Select, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatIndian } from '@enviro/domain/format-number';
import { useTenants } from '@/features/tenants';
import { useGatewayCount } from '../api/get-gateway-count';

/**
 * How many gateways are in service and live. Site users may narrow the count to one service
 * partner's industries (SPEC 6: partnerId only for site users); the partner is kept in the URL.
 */
export function GatewayCounts({ byPartner }: { byPartner: boolean }) {
  const [params, setParams] = useSearchParams();
  const partner = byPartner ? params.get('partner') : null;
  const partnerId = partner && /^\d+$/.test(partner) ? Number(partner) : undefined;
  const count = useGatewayCount(partnerId);
  const partners = useTenants({ type: 'partner', size: 200, sort: 'name' });
  const setPartner = (value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set('partner', value);
      else next.delete('partner');
      return next;
    });
  return (
    <Group align="flex-end" wrap="wrap">
      <Card withBorder padding="sm" miw={140}>
        <Text size="xs" c="dimmed">
          Gateways in service
        </Text>
        <Text fw={700} data-testid="gateway-total">
          {count.data ? formatIndian(count.data.total, 0) : count.isError ? 'unavailable' : '…'}
        </Text>
      </Card>
      <Card withBorder padding="sm" miw={140}>
        <Text size="xs" c="dimmed">
          Live (heard within 15 minutes)
        </Text>
        <Text fw={700} data-testid="gateway-live">
          {count.data ? formatIndian(count.data.live, 0) : count.isError ? 'unavailable' : '…'}
        </Text>
      </Card>
      {byPartner && (
        <Select
          label="Service partner"
          placeholder="All industries"
          clearable
          searchable
          w={260}
          data={(partners.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={partnerId === undefined ? null : String(partnerId)}
          onChange={setPartner}
          error={partners.isError ? 'The partners could not be loaded.' : undefined}
        />
      )}
    </Group>
  );
}
