import { Anchor, Badge, Button, Group, Menu, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EntityType } from '@enviro/contracts/common';
import { formatDay } from '@/lib/dates';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { stationTypeLabel } from '@/lib/labels';
import { notifyInfo } from '@/lib/notify';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDuplicateDashboard } from '../api/duplicate-dashboard';
import { useDashboards } from '../api/get-dashboards';
import { useSaveDashboard } from '../api/save-dashboard';
import { industryOf } from './board-industry';
import { DashboardSettingsModal } from './dashboard-settings-modal';

/** An industry the user reads, offered by the industry picker. */
export interface ReadIndustry {
  id: number;
  name: string;
}

/**
 * The dashboards of the tenant acted for that the user sees (SPEC 1 dashboard management): filter
 * by station type (in the URL), open, create, duplicate, delete. A user who reads other industries
 * (`industries`: a board, a partner, a corporate) picks one (`industry` in the URL) and opens the
 * dashboards it shares with its users, read-only.
 */
export function DashboardsList({ administers, industries }: { administers: boolean; industries: readonly ReadIndustry[] | null }) {
  const [search, setSearch] = useSearchParams();
  const parsedType = EntityType.safeParse(search.get('type'));
  const type = parsedType.success ? parsedType.data : undefined;
  const picked = industryOf(search);
  const industry = industries?.find((i) => i.id === picked);
  const reading = industries !== null;
  const list = useDashboards(type, industry?.id);
  const save = useSaveDashboard();
  const duplicate = useDuplicateDashboard();
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const setParam = (name: 'type' | 'industry', value: string | null) =>
    setSearch((s) => {
      if (value) s.set(name, value);
      else s.delete(name);
      return s;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Dashboards
          </Title>
          <Text c="dimmed">
            {reading
              ? industry
                ? `The dashboards ${industry.name} shares with its users, read-only`
                : 'Choose an industry to open its dashboards, read-only'
              : "Your dashboards, those shared with your role and the industry's templates"}
          </Text>
        </div>
        <Group>
          {reading && (
            <Select
              label="Industry"
              placeholder="Choose an industry"
              searchable
              data={industries.map((i) => ({ value: String(i.id), label: i.name }))}
              value={industry ? String(industry.id) : null}
              onChange={(v) => setParam('industry', v)}
              nothingFoundMessage="No industry matches"
              w={{ base: '100%', xs: 260 }}
            />
          )}
          <Select
            label="Station type"
            placeholder="Every station type"
            clearable
            data={EntityType.options.map((t) => ({ value: t, label: stationTypeLabel(t) }))}
            value={type ?? null}
            onChange={(v) => setParam('type', v)}
            w={{ base: '100%', xs: 200 }}
          />
          {!reading && <Button onClick={() => setCreating(true)}>New dashboard</Button>}
        </Group>
      </Group>
      {reading && !industry ? (
        industries.length === 0 ? (
          <Text c="dimmed">You read no industry yet.</Text>
        ) : (
          // Each industry one click away, not only in the picker.
          <Stack gap={4}>
            <Text c="dimmed">Choose one of your {industries.length} industries:</Text>
            {industries.map((i) => (
              <Anchor key={i.id} component="button" type="button" ta="left" onClick={() => setParam('industry', String(i.id))}>
                {i.name}
              </Anchor>
            ))}
          </Stack>
        )
      ) : list.isError ? (
        <LoadFailed what="The dashboards" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">
          {industry
            ? `${industry.name} shares no dashboards${type ? ` for ${stationTypeLabel(type)} stations` : ''} with its users.`
            : `No dashboards yet${type ? ` for ${stationTypeLabel(type)} stations` : ''}. Make one with "New dashboard".`}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Station type</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th ta="right">Widgets</Table.Th>
                <Table.Th>Changed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.app.board.getHref(d.id, { industry: industry?.id })}>
                      {d.name}
                    </Anchor>{' '}
                    {d.template && <Badge size="xs" variant="light">Template</Badge>}
                  </Table.Td>
                  <Table.Td>{d.entityType ? stationTypeLabel(d.entityType) : 'Any'}</Table.Td>
                  <Table.Td>{d.owner === 'tenant' ? 'Industry' : 'Personal'}{d.sharedRoles.length > 0 ? `, shared with ${d.sharedRoles.join(', ')}` : ''}</Table.Td>
                  <Table.Td ta="right">{d.widgetCount}</Table.Td>
                  <Table.Td>{formatDay(d.updatedAt)}</Table.Td>
                  <Table.Td>
                    {!industry && (
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <Button size="xs" variant="subtle" aria-label={`Actions for ${d.name}`}>
                          ⋯
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          onClick={() =>
                            duplicate.mutate({ id: d.id }, { onSuccess: (copy) => { notifyInfo(`Copied as ${copy.name}.`); void navigate(paths.app.board.getHref(copy.id)); } })
                          }
                        >
                          Duplicate
                        </Menu.Item>
                        {d.editable && (
                          <Menu.Item
                            color="red"
                            onClick={() => {
                              if (window.confirm(`Delete the dashboard ${d.name}?`)) remove.mutate({ id: d.id, name: d.name });
                            }}
                          >
                            Delete
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <DashboardSettingsModal
          dashboard={null}
          administers={administers}
          saving={save.isPending}
          error={save.error}
          onClose={() => setCreating(false)}
          onSave={(input) =>
            save.mutate(
              { id: null, input: { ...input, entityType: input.entityType ?? type ?? null } },
              { onSuccess: (created) => void navigate(paths.app.board.getHref(created.id, { edit: true })) },
            )
          }
        />
      )}
    </Stack>
  );
}
