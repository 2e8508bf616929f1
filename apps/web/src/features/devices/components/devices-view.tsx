import { Anchor, Button, Code, Group, SegmentedControl, Select, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DeviceLiveStatus, DeviceSummary } from '@enviro/contracts/devices';
import { formatInstant } from '@/lib/dates';
import { LiveStatusBadge } from '@/components/status/live-status-badge';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { SearchInput } from '@/components/table/search-input';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { StationsPanel } from '@/features/entities';
import { GatewaysPanel } from '@/features/gateways';
import { useDevices } from '../api/get-devices';
import { DeviceFormModal } from './device-form-modal';
import { MakesPanel } from './makes-panel';

const STATUSES: DeviceLiveStatus[] = ['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN'];

/**
 * The fleet (issue 13): devices with search, live status and in-service or removed, paged by the
 * server, every choice in the URL; the station editor; gateways; makes and models. Change buttons only for those who
 * may change the fleet (`canEdit`) or the shared makes (`canEditMakes`); site users count gateways by partner (`siteUser`).
 */
export function DevicesView({ canEdit, canEditMakes, tenantId, siteUser = false }: { canEdit: boolean; canEditMakes: boolean; tenantId: number; siteUser?: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'devices';
  const setTab = (value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (!value || value === 'devices') next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  return (
    <Stack>
      <Title order={2}>Devices</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
          <Tabs.Tab value="stations">Stations</Tabs.Tab>
          <Tabs.Tab value="gateways">Gateways</Tabs.Tab>
          <Tabs.Tab value="makes">Makes and models</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="devices" pt="md">
          <DeviceList canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="stations" pt="md">
          <StationsPanel tenantId={tenantId} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="gateways" pt="md">
          <GatewaysPanel canEdit={canEdit} byPartner={siteUser} />
        </Tabs.Panel>
        <Tabs.Panel value="makes" pt="md">
          <MakesPanel canEdit={canEditMakes} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function DeviceList({ canEdit }: { canEdit: boolean }) {
  const list = useListParams({ sort: 'id', size: 25 });
  const [creating, setCreating] = useState(false);
  const status = list.filter('status') as DeviceLiveStatus | undefined;
  const removed = list.filter('removed') === 'true';
  const devices = useDevices({ search: list.filter('search'), status, deleted: removed, page: list.page, size: list.size });

  const columns: PagedColumn<DeviceSummary>[] = [
    {
      header: 'Device',
      wrap: true,
      cell: (d) => (
        <Anchor component={Link} to={paths.app.device.getHref(d.id)}>
          {d.name}
        </Anchor>
      ),
    },
    { header: 'ID', cell: (d) => <Code>{d.displayId}</Code> },
    { header: 'Station', wrap: true, cell: (d) => d.entityName ?? (d.deletedDate ? 'Removed' : 'In stock') },
    { header: 'Make and model', wrap: true, cell: (d) => (d.make ? `${d.make} ${d.model ?? ''}` : '-') },
    { header: 'Serial no.', cell: (d) => d.serialNo ?? '-' },
    { header: 'Status', cell: (d) => <LiveStatusBadge status={d.liveStatus} /> },
    { header: 'Last data', cell: (d) => (d.lastDataAt ? formatInstant(d.lastDataAt) : 'Never') },
    { header: 'Parameters', align: 'right', cell: (d) => d.paramCount },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchInput label="Search" placeholder="Name, serial, station, make" value={list.filter('search') ?? ''} onSearch={(search) => list.update({ search })} />
          <Select
            label="Status"
            w={140}
            data={STATUSES}
            value={status ?? null}
            onChange={(v) => list.update({ status: v })}
            clearable
            placeholder="Any"
          />
          <SegmentedControl
            aria-label="In service or removed"
            value={removed ? 'removed' : 'service'}
            onChange={(v) => list.update({ removed: v === 'removed' ? 'true' : null })}
            data={[
              { value: 'service', label: 'In service' },
              { value: 'removed', label: 'Removed' },
            ]}
          />
        </Group>
        {canEdit && <Button onClick={() => setCreating(true)}>New device</Button>}
      </Group>
      <PagedTable list={list} caption="Devices" columns={columns} query={devices} what="devices" rowKey={(d) => d.id} emptyText="No device matches." />
      {creating && <DeviceFormModal device={null} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
