import { stationTypeLabel } from '@/lib/labels';
import { Anchor, Badge, Button, Group, Menu, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EntityType } from '@enviro/contracts/common';
import { formatDay } from '@/lib/dates';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { notifyInfo } from '@/lib/notify';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDuplicateDashboard } from '../api/duplicate-dashboard';
import { useDashboards } from '../api/get-dashboards';
import { useSaveDashboard } from '../api/save-dashboard';
import { DashboardSettingsModal } from './dashboard-settings-modal';

/**
 * The dashboards of the tenant acted for that the user sees (SPEC 1 dashboard management): filter
 * by station type (in the URL), open, create, duplicate, delete.
 */
export function DashboardsList({ administers }: { administers: boolean }) {
  const [search, setSearch] = useSearchParams();
  const parsedType = EntityType.safeParse(search.get('type'));
  const type = parsedType.success ? parsedType.data : undefined;
  const list = useDashboards(type);
  const save = useSaveDashboard();
  const duplicate = useDuplicateDashboard();
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const setType = (t: string | null) =>
    setSearch((s) => {
      if (t) s.set('type', t);
      else s.delete('type');
      return s;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Dashboards
          </Title>
          <Text c="dimmed">Your dashboards, those shared with your role and the industry's templates</Text>
        </div>
        <Group>
          <Select aria-label="Station type" placeholder="Every station type" clearable data={[...EntityType.options]} value={type ?? null} onChange={setType} w={200} />
          <Button onClick={() => setCreating(true)}>New dashboard</Button>
        </Group>
      </Group>
      {list.isError ? (
        <LoadFailed what="The dashboards" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">No dashboards yet{type ? ` for ${type} stations` : ''}. Make one with "New dashboard".</Text>
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
                    <Anchor component={Link} to={paths.app.board.getHref(d.id)}>
                      {d.name}
                    </Anchor>{' '}
                    {d.template && <Badge size="xs" variant="light">Template</Badge>}
                  </Table.Td>
                  <Table.Td>{d.entityType ? stationTypeLabel(d.entityType) : 'Any'}</Table.Td>
                  <Table.Td>{d.owner === 'tenant' ? 'Industry' : 'Personal'}{d.sharedRoles.length > 0 ? `, shared with ${d.sharedRoles.join(', ')}` : ''}</Table.Td>
                  <Table.Td ta="right">{d.widgetCount}</Table.Td>
                  <Table.Td>{formatDay(d.updatedAt)}</Table.Td>
                  <Table.Td>
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
