import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AlertItem } from '@enviro/contracts/alerts';
import { formatInstant } from '@/lib/dates';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { PagedTable, type PagedColumn } from '@/components/table/paged-table';
import { useListParams } from '@/components/table/use-list-params';
import { paths } from '@/config/paths';
import { collectStations } from '@/lib/stations';
import { useAlerts } from '../api/get-alerts';
import { AlertActionModal, type AlertActionTarget } from './alert-action-modal';
import { SeverityBadge, StatusBadge } from './alert-badges';
import { AlertFilters, useAlertListRequest, type AlertFilterValues } from './alert-filters';
import { alertName, CONDITION_LABELS, isActive, limitText, paramText, peakText } from './alert-labels';

const FILTER_KEYS = ['tenantId', 'stationId', 'paramName', 'status', 'severity', 'type', 'time'] as const;

interface AlertsViewProps {
  /** Industries the user reads (boards, corporates, quasi-regulators, site and partner staff); null in the tenant app. */
  tenants: readonly { id: number; name: string }[] | null;
  /** The industry of the tenant app (own or acted for); null in oversight views. */
  ownTenantId: number | null;
}

/**
 * SPEC 7 alert list: filters in the URL, paged on the server, newest start first; acknowledge or
 * close one alert with a comment, or acknowledge the ticked ones at once.
 */
export function AlertsView({ tenants, ownTenantId }: AlertsViewProps) {
  const list = useListParams({ sort: 'startedAt', order: 'desc', size: 20 });
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, list.filter(k)])) as AlertFilterValues;
  const request = useAlertListRequest(values, list.page, list.size);
  const alerts = useAlerts(request);
  const pickedTenant = Number(values.tenantId);
  const stationTenant = ownTenantId ?? (Number.isInteger(pickedTenant) && pickedTenant > 0 ? pickedTenant : null);
  const tree = useEntityTreeOf(stationTenant);
  const stations = useMemo(() => (tree ? collectStations(tree) : []), [tree]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [action, setAction] = useState<AlertActionTarget | null>(null);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;

  const rows = alerts.data?.items ?? [];
  const openRows = rows.filter((a) => a.status === 'OPEN');
  const ticked = openRows.filter((a) => selected.has(a.id)).map((a) => a.id);
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allTicked = openRows.length > 0 && ticked.length === openRows.length;

  // What an alert is about (station and parameter) sits in its first column, so a phone shows it
  // without scrolling; the peak and its limit stack on two lines, so no column is cut on a desktop.
  const columns: PagedColumn<AlertItem>[] = [
    {
      header: 'Alert (started, IST)',
      wrap: true,
      // The tick for bulk acknowledgement sits beside the link to the alert.
      cell: (a) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {a.status === 'OPEN' ? (
            <Checkbox aria-label={`Select ${alertName(a)}`} checked={selected.has(a.id)} onChange={(e) => toggle(a.id, e.currentTarget.checked)} />
          ) : (
            <span style={{ width: 20, flex: 'none' }} />
          )}
          <Stack gap={0} miw={150}>
            <Text size="sm" fw={600}>
              {a.paramLabel ?? a.paramName ? paramText(a) : a.deviceName} at {a.stationName ?? a.deviceName}
            </Text>
            <Anchor component={Link} to={paths.app.alert.getHref(a.id)} fz="sm">
              {formatInstant(a.startedAt)}
            </Anchor>
          </Stack>
        </Group>
      ),
    },
    {
      header: 'Severity, status',
      cell: (a) => (
        <Stack gap={4} align="flex-start">
          <SeverityBadge severity={a.severity} />
          <StatusBadge status={a.status} />
        </Stack>
      ),
    },
    ...(tenants ? [{ header: 'Industry', wrap: true, cell: (a: AlertItem) => a.tenantName }] : []),
    { header: 'Type', wrap: true, cell: (a) => CONDITION_LABELS[a.type] },
    {
      header: 'Peak (limit)',
      align: 'right',
      cell: (a) => (
        <Stack gap={0} align="flex-end">
          <Text span size="sm">
            {peakText(a)}
          </Text>
          {limitText(a) !== '-' && (
            <Text span size="xs" c="dimmed">
              ({limitText(a)})
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Slots', align: 'right', cell: (a) => a.slotCount },
    { header: 'Ended (IST)', wrap: true, cell: (a) => (a.endedAt ? formatInstant(a.endedAt) : <Text span size="sm" c="red">ongoing</Text>) },
    {
      header: 'Action',
      // Pinned beside the table on a wide screen; on a phone it follows the columns rather than
      // coming first, where it would push the alert's station and parameter off the screen.
      sticky: !phone,
      cell: (a) =>
        isActive(a.status) ? (
          // The buttons may stack, so that a wide row (an energy budget's kWh) never pushes the table past its place.
          <Group gap={4}>
            {a.status === 'OPEN' && (
              <Button size="compact-xs" variant="light" onClick={() => setAction({ kind: 'acknowledge', ids: [a.id], what: alertName(a) })}>
                Acknowledge
              </Button>
            )}
            <Button size="compact-xs" variant="light" color="gray" onClick={() => setAction({ kind: 'close', id: a.id, what: alertName(a) })}>
              Close
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Alerts
      </Title>
      <AlertFilters values={values} onChange={(changes) => list.update(changes)} tenants={tenants} stations={stations} />
      <Group gap="sm" wrap="wrap">
        <Checkbox
          label="Select every open alert of this page"
          checked={allTicked}
          indeterminate={ticked.length > 0 && !allTicked}
          disabled={openRows.length === 0}
          onChange={(e) => setSelected(e.currentTarget.checked ? new Set(openRows.map((a) => a.id)) : new Set())}
        />
        <Button size="xs" disabled={ticked.length === 0} onClick={() => setAction({ kind: 'acknowledge', ids: ticked, what: ticked.length === 1 ? alertName(openRows.find((a) => a.id === ticked[0])!) : `${ticked.length} alerts` })}>
          Acknowledge selected ({ticked.length})
        </Button>
      </Group>
      <PagedTable list={list} caption="Alerts" columns={columns} query={alerts} what="alerts" rowKey={(a) => a.id} emptyText="No alert matches these filters." />
      {action && <AlertActionModal target={action} onClose={() => setAction(null)} onDone={() => setSelected(new Set())} />}
    </Stack>
  );
}

/** The entity tree of the industry in view, for the station and parameter choices. */
function useEntityTreeOf(tenantId: number | null) {
  const tree = useQuery({ ...getEntityTreeQueryOptions(tenantId ?? 0), enabled: tenantId !== null });
  return tenantId === null ? undefined : tree.data;
}
