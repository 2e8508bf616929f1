import { Anchor, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { useFacilities, useLocatedDevices } from '../api/energy';
import { BudgetPanel } from './budget-panel';
import { ConsumptionPanel } from './consumption-panel';
import { CostPanel } from './cost-panel';
import { EmissionsPanel } from './emissions-panel';
import { recentMonths } from './energy-format';
import { FacilityTree } from './facility-tree';
import { MetersPanel } from './meters-panel';
import { SecPanel } from './sec-panel';
import { TariffsPanel } from './tariffs-panel';

const TABS = [
  { value: 'consumption', label: 'Consumption' },
  { value: 'cost', label: 'Cost' },
  { value: 'tariffs', label: 'Tariffs' },
  { value: 'budgets', label: 'Budgets' },
  { value: 'sec', label: 'SEC' },
  { value: 'emissions', label: 'Emissions' },
  { value: 'meters', label: 'Meters' },
] as const;

/**
 * The energy app (issue 31): a facility's tree with every node listed and its month's energy, and
 * for the node picked its consumption by day and hour, cost, budgets, SEC against a baseline,
 * emissions and meters; the tariffs of its connections. Facility, node, month, tab and the
 * connection whose tariff is shown are in the URL. `canEdit`: the industry's administrators (meters,
 * tariffs, budgets, production, offsets).
 */
export function EnergyView({ tenantId, canEdit }: { tenantId: number; canEdit: boolean }) {
  const [search, setSearch] = useSearchParams();
  const facilities = useFacilities(tenantId);
  const months = recentMonths();
  const month = months.some((m) => m.value === search.get('month')) ? search.get('month')! : months[0]!.value;
  const facility = facilities.data?.find((f) => f.id === Number(search.get('facility'))) ?? facilities.data?.[0];
  const located = useLocatedDevices(facility?.id);
  const nodeId = located.data?.nodes.find((n) => n.id === Number(search.get('node')))?.id ?? facility?.id;
  const tab = TABS.find((t) => t.value === search.get('tab'))?.value ?? 'consumption';
  const set = (name: string, value: string | null) =>
    setSearch((s) => {
      if (value) s.set(name, value);
      else s.delete(name);
      if (name === 'facility') {
        s.delete('node');
        s.delete('connection');
      }
      return s;
    });

  if (facilities.isError) return <LoadFailed what="The facilities" onRetry={() => void facilities.refetch()} />;
  if (!facilities.data) return <Loading />;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Energy
        </Title>
        <Text c="dimmed">Energy meters of your facilities: what each part of the plant used, what it cost, budgets, energy per tonne and Scope 2 emissions. Days and hours are IST.</Text>
      </div>
      {!facility ? (
        <Text>
          No facility has energy meters yet. Make a station of type Energy Meter, meter or inverter a meter from its facility's tree, or see your{' '}
          <Anchor component={Link} to={paths.app.devices.getHref()}>
            devices
          </Anchor>
          .
        </Text>
      ) : (
        <>
          <Group align="flex-end">
            <Select label="Facility" data={facilities.data.map((f) => ({ value: String(f.id), label: f.name }))} value={String(facility.id)} onChange={(v) => set('facility', v)} allowDeselect={false} w={{ base: '100%', xs: 300 }} />
            <Select label="Month" data={months} value={month} onChange={(v) => set('month', v)} allowDeselect={false} w={{ base: '100%', xs: 160 }} />
          </Group>
          {located.isError ? (
            <LoadFailed what="The facility's tree" onRetry={() => void located.refetch()} />
          ) : !located.data || nodeId === undefined ? (
            <Loading />
          ) : (
            <>
              <FacilityTree located={located.data} month={month} nodeId={nodeId} onPick={(id) => set('node', String(id))} />
              <Tabs value={tab} onChange={(v) => set('tab', v === 'consumption' ? null : v)} keepMounted={false}>
                <Tabs.List>
                  {TABS.map((t) => (
                    <Tabs.Tab key={t.value} value={t.value}>
                      {t.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="consumption" pt="md">
                  <ConsumptionPanel nodeId={nodeId} month={month} />
                </Tabs.Panel>
                <Tabs.Panel value="cost" pt="md">
                  <CostPanel nodeId={nodeId} month={month} />
                </Tabs.Panel>
                <Tabs.Panel value="tariffs" pt="md">
                  <TariffsPanel located={located.data} connection={Number(search.get('connection')) || undefined} onConnection={(id) => set('connection', String(id))} canEdit={canEdit} />
                </Tabs.Panel>
                <Tabs.Panel value="budgets" pt="md">
                  <BudgetPanel nodeId={nodeId} month={month} canEdit={canEdit} />
                </Tabs.Panel>
                <Tabs.Panel value="sec" pt="md">
                  <SecPanel nodeId={nodeId} nodeName={located.data.nodes.find((n) => n.id === nodeId)?.name ?? ''} month={month} canEdit={canEdit} />
                </Tabs.Panel>
                <Tabs.Panel value="emissions" pt="md">
                  <EmissionsPanel nodeId={nodeId} month={month} canEdit={canEdit} />
                </Tabs.Panel>
                <Tabs.Panel value="meters" pt="md">
                  <MetersPanel located={located.data} nodeId={nodeId} canEdit={canEdit} />
                </Tabs.Panel>
              </Tabs>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
