import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { ApiError } from '@/lib/api-client';
import { useSearchChoices } from '@/lib/use-search-choices';
import { useMappings } from '../api/get-mappings';
import { useTenantStatus } from '../api/get-tenant-status';
import { LogsPanel } from './logs-panel';
import { MappingPanel } from './mapping-panel';
import { RepublishPanel } from './republish-panel';
import { StatusPanel } from './status-panel';
import { SyncBadge } from './sync-badge';

const TABS = ['status', 'mapping', 'logs', 'republish'] as const;
type Tab = (typeof TABS)[number];

interface IndustryRegulatorViewProps {
  tenantId: number;
  /** Where the back link goes (a board's list), none in the tenant's own app. */
  back?: { to: string; label: string } | undefined;
  /** What the caller may do here, by the rules the regulator routes declare. */
  access: RegulatorAccess;
  /** Shown instead when the industry is not one the user reads (403 or 404). */
  notFound: ReactNode;
}

export interface RegulatorAccess {
  /** List connections and connect the industry to another (site administrators). */
  connections: boolean;
  /** Read the mapping (also the industry's administrators). */
  readMapping: boolean;
  /** Change the mapping (site staff). */
  writeMapping: boolean;
  /** Send a range again. */
  republish: boolean;
}

/**
 * One industry's regulator page: SPEC 4 sync per connection and station, the mapping (for those who
 * may read it), the push logs and the republish form. The tab and every filter are in the URL.
 */
export function IndustryRegulatorView({ tenantId, back, access, notFound }: IndustryRegulatorViewProps) {
  const [search, update] = useSearchChoices();
  const status = useTenantStatus(tenantId);
  const tabs = TABS.filter((t) => (t === 'mapping' ? access.readMapping : t === 'republish' ? access.republish : true));
  const tab: Tab = tabs.find((t) => t === search.get('tab')) ?? 'status';

  if (status.error instanceof ApiError && (status.error.status === 404 || status.error.status === 403)) return notFound;
  if (status.isError) return <LoadFailed what="The regulator status" onRetry={() => void status.refetch()} />;
  if (!status.data) return <Loading />;
  const s = status.data;
  const stations = [...new Map(s.connections.flatMap((c) => c.stations).map((st) => [st.stationId, { id: st.stationId, name: st.stationName }])).values()];
  const connections = s.connections.map((c) => ({ id: c.connectionId, name: c.connectionName }));

  return (
    <Stack gap="md">
      {back && (
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
      )}
      <Group justify="space-between" gap="xs">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {s.tenantName}
          </Title>
          <Text c="dimmed">Regulator connections and sync</Text>
        </div>
        <SyncBadge sync={s.sync} size="lg" />
      </Group>
      <Tabs value={tab} onChange={(t) => update({ tab: t === 'status' ? null : t })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="status" pt="md">
          <StatusPanel status={s} />
        </Tabs.Panel>
        <Tabs.Panel value="mapping" pt="md">
          <MappingPanel tenantId={tenantId} canEdit={access.writeMapping} canConnect={access.connections} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <LogsPanel tenantId={tenantId} search={search} update={update} connections={connections} stations={stations} />
        </Tabs.Panel>
        <Tabs.Panel value="republish" pt="md">
          <RepublishTab tenantId={tenantId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const TAB_LABELS: Record<Tab, string> = { status: 'Sync status', mapping: 'Mapping', logs: 'Push logs', republish: 'Republish' };

/** The republish form names the industry's stations and parameters, which come with its mappings. */
function RepublishTab({ tenantId }: { tenantId: number }) {
  const mappings = useMappings(tenantId);
  if (mappings.isError) return <LoadFailed what="The stations" onRetry={() => void mappings.refetch()} />;
  if (!mappings.data) return <Loading />;
  const mapped = new Set(mappings.data.mappings.flatMap((m) => m.stations.map((s) => s.stationId)));
  return <RepublishPanel tenantId={tenantId} stations={mappings.data.stations.filter((s) => mapped.has(s.stationId))} />;
}
