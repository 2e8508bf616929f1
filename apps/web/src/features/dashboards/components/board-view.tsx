import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Widget } from '@enviro/contracts/dashboards';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { LiveNote } from '@/features/data';
import { notifyInfo } from '@/lib/notify';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDuplicateDashboard } from '../api/duplicate-dashboard';
import { useDashboard } from '../api/get-dashboard';
import { useSaveDashboard } from '../api/save-dashboard';
import { useLiveBoard } from '../hooks/use-live-board';
import { stationTypeLabel } from '@/lib/labels';
import { BoardGrid } from './board-grid';
import { BoardIndustry } from './board-industry';
import { DashboardSettingsModal } from './dashboard-settings-modal';
import { nextFreeLayout } from './grid-layout';
import { stationChoices } from './station-catalog';
import { WidgetFormModal } from './widget-form-modal';

interface BoardViewProps {
  id: number;
  /** The tenant acted for, whose stations the widget form offers (unknown until the user is). */
  tenantId: number | undefined;
  administers: boolean;
  /** An industry the user reads whose dashboard this is, opened read-only (`industry` in the URL). */
  industry?: { id: number; name: string } | undefined;
}

type Editing = { widget: Widget | null } | null;

const NO_WIDGETS: Widget[] = [];

/**
 * One dashboard: its widgets on the grid. `?edit=1` (in the URL, so a refresh keeps it) lets its
 * editors drag, resize, add, change and remove widgets; nothing is saved until "Save".
 */
export function BoardView({ id, tenantId, administers, industry }: BoardViewProps) {
  const board = useDashboard(id, industry?.id);
  const [search, setSearch] = useSearchParams();
  // The stations are only needed by the widget form: asked for in edit mode, not on every view.
  const wantsTree = search.get('edit') === '1' && tenantId !== undefined;
  const tree = useQuery({ ...getEntityTreeQueryOptions(tenantId ?? 0), enabled: wantsTree });
  const save = useSaveDashboard();
  const duplicate = useDuplicateDashboard();
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const [form, setForm] = useState<Editing>(null);
  const [settings, setSettings] = useState(false);
  const stations = useMemo(() => stationChoices(tree.data ?? []), [tree.data]);
  // What is saved is what is live: a draft's new widgets refresh once saved.
  const live = useLiveBoard(board.data?.widgets ?? NO_WIDGETS, industry?.id ?? tenantId, industry?.id);

  if (board.isError) return <LoadFailed what="The dashboard" onRetry={() => void board.refetch()} />;
  if (!board.data) return <Loading />;
  const d = board.data;
  const editing = d.editable && search.get('edit') === '1';
  const widgets = draft ?? d.widgets;

  const setEditing = (on: boolean) =>
    setSearch((s) => {
      if (on) s.set('edit', '1');
      else s.delete('edit');
      return s;
    });
  const input = (next: Widget[]) => ({ name: d.name, entityType: d.entityType, owner: d.owner, sharedRoles: d.sharedRoles, widgets: next });
  const saveGrid = () =>
    save.mutate(
      { id: d.id, input: input(widgets) },
      {
        onSuccess: () => {
          notifyInfo(`Dashboard ${d.name} saved.`);
          setDraft(null);
          setEditing(false);
        },
      },
    );
  const putWidget = (w: Widget) => {
    setDraft(widgets.some((x) => x.id === w.id) ? widgets.map((x) => (x.id === w.id ? w : x)) : [...widgets, w]);
    setForm(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Anchor component={Link} to={paths.app.dashboards.getHref({ industry: industry?.id })} fz="sm">
            ← {industry ? `Dashboards of ${industry.name}` : 'Dashboards'}
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {d.name}
          </Title>
          <Group gap={6}>
            {industry && (
              <Badge variant="light" color="grape" tt="none">
                {industry.name}, read-only
              </Badge>
            )}
            <Badge variant="light" tt="none">{d.entityType ? stationTypeLabel(d.entityType) : 'Any station type'}</Badge>
            <Badge variant="light" color="gray">
              {d.owner === 'tenant' ? 'Industry' : 'Personal'}
            </Badge>
            {d.template && <Badge variant="light" color="teal">Template</Badge>}
            <LiveNote live={live} testId="board-live" />
          </Group>
        </div>
        {editing ? (
          <Group>
            <Button variant="default" onClick={() => setForm({ widget: null })}>
              Add widget
            </Button>
            <Button variant="default" onClick={() => setSettings(true)}>
              Settings
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button onClick={saveGrid} loading={save.isPending}>
              Save
            </Button>
          </Group>
        ) : (
          <Group>
            {d.editable && !phone && <Button onClick={() => setEditing(true)}>Edit</Button>}
            {!industry && (
              <Button
                variant="default"
                loading={duplicate.isPending}
                onClick={() => duplicate.mutate({ id: d.id }, { onSuccess: (copy) => void navigate(paths.app.board.getHref(copy.id, { edit: true })) })}
              >
                Duplicate
              </Button>
            )}
            {d.editable && (
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  if (!window.confirm(`Delete the dashboard ${d.name}?`)) return;
                  // Off the page first: its query is not asked again for a dashboard that is gone.
                  void navigate(paths.app.dashboards.getHref());
                  remove.mutate({ id: d.id, name: d.name });
                }}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      {save.isError && <Alert color="red">{save.error instanceof Error ? save.error.message : 'The dashboard could not be saved.'}</Alert>}
      {editing && draft && <Text c="dimmed" fz="sm">Unsaved changes: "Save" keeps them, "Cancel" drops them.</Text>}
      {widgets.length === 0 ? (
        <Text c="dimmed">{editing ? 'No widgets yet: "Add widget" puts one on the grid.' : 'This dashboard has no widgets yet.'}</Text>
      ) : (
        <BoardIndustry.Provider value={industry?.id}>
        <BoardGrid
          widgets={widgets}
          editing={editing}
          onLayout={(placed) => {
            const at = new Map(placed.map((p) => [p.id, p.layout]));
            setDraft(widgets.map((w) => ({ ...w, layout: at.get(w.id) ?? w.layout })));
          }}
          onEdit={(widget) => setForm({ widget })}
          onRemove={(widget) => setDraft(widgets.filter((w) => w.id !== widget.id))}
        />
        </BoardIndustry.Provider>
      )}
      {form && (
        <WidgetFormModal
          widget={form.widget}
          layout={nextFreeLayout(widgets.map((w) => ({ id: w.id, layout: w.layout })))}
          newId={`w${Date.now().toString(36)}`}
          stations={stations}
          entityType={d.entityType}
          onSave={putWidget}
          onClose={() => setForm(null)}
        />
      )}
      {settings && (
        <DashboardSettingsModal
          dashboard={{ ...d, widgets }}
          administers={administers}
          saving={save.isPending}
          error={save.error}
          onClose={() => setSettings(false)}
          onSave={(next) => save.mutate({ id: d.id, input: next }, { onSuccess: () => { setSettings(false); setDraft(null); } })}
        />
      )}
    </Stack>
  );
}
