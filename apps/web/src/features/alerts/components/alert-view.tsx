import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AlertDetail } from '@enviro/contracts/alerts';
import { formatInstant } from '@/lib/dates';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { RequestFacts } from '@/components/workflow/request-parts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getAlertQueryOptions } from '../api/get-alert';
import { AlertActionModal, type AlertActionTarget } from './alert-action-modal';
import { SeverityBadge, StatusBadge } from './alert-badges';
import { alertName, CONDITION_LABELS, isActive, limitText, paramText, peakText } from './alert-labels';
import { AlertNotificationsTable } from './alert-notifications-table';
import { AlertTransitionsTable } from './alert-transitions-table';
import { AlertTrend } from './alert-trend';

/** One alert: its facts, the trend around the breach, every transition and every notification sent. */
export function AlertView({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const alert = useQuery({ ...getAlertQueryOptions(id), enabled: valid });
  if (!valid) return <NotFound />;
  if (alert.error instanceof ApiError && alert.error.status === 404) return <NotFound />;
  if (alert.isError) return <LoadFailed what="The alert" onRetry={() => void alert.refetch()} />;
  if (!alert.data) return <Loading />;
  return <AlertPage alert={alert.data} />;
}

function NotFound() {
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Alert not found
      </Title>
      <Text>There is no such alert among the industries you read.</Text>
      <Anchor component={Link} to={paths.app.alerts.getHref()}>
        Back to alerts
      </Anchor>
    </Stack>
  );
}

function AlertPage({ alert }: { alert: AlertDetail }) {
  const [action, setAction] = useState<AlertActionTarget | null>(null);
  const who = (by: string | null, at: string | null) => (at ? `${by ?? 'the system'}, ${formatInstant(at)}` : '-');
  const facts: [string, React.ReactNode][] = [
    ['Industry', alert.tenantName],
    ['Station', alert.stationName ?? '-'],
    [alert.deviceId === null ? 'Camera' : 'Device', alert.deviceName],
    ['Parameter', paramText(alert)],
    ['Rule', `${alert.ruleName} (${CONDITION_LABELS[alert.type]})`],
    ['Limit', limitText(alert)],
    ['Peak', peakText(alert)],
    ['Slots in breach', alert.slotCount],
    ['Started (IST)', formatInstant(alert.startedAt)],
    ['Ended (IST)', alert.endedAt ? formatInstant(alert.endedAt) : 'ongoing'],
    ['Acknowledged', who(alert.acknowledgedBy, alert.acknowledgedAt) + (alert.ackComment ? ` — “${alert.ackComment}”` : '')],
    ['Closed', who(alert.closedBy, alert.closedAt) + (alert.closeReason ? ` — “${alert.closeReason}”` : '')],
    ['Device alert state', `${alert.state} (${alert.status.toLowerCase()})`],
  ];

  return (
    <Stack>
      <Anchor component={Link} to={paths.app.alerts.getHref()} size="sm">
        ← Alerts
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" mb={4}>
            <SeverityBadge severity={alert.severity} />
            <StatusBadge status={alert.status} />
          </Group>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            Alert {alert.id}: {paramText(alert)} at {alert.stationName ?? alert.deviceName}
          </Title>
          <Text c="dimmed">{alert.message}</Text>
          {alert.mergedInto !== null && (
            <Text size="sm" mt={4}>
              Late readings joined this breach to{' '}
              <Anchor component={Link} to={paths.app.alert.getHref(alert.mergedInto)}>
                alert {alert.mergedInto}
              </Anchor>
              , which carries the whole episode.
            </Text>
          )}
        </div>
        {isActive(alert.status) && (
          <Group gap="xs">
            {alert.status === 'OPEN' && <Button onClick={() => setAction({ kind: 'acknowledge', ids: [alert.id], what: alertName(alert) })}>Acknowledge</Button>}
            <Button variant="default" onClick={() => setAction({ kind: 'close', id: alert.id, what: alertName(alert) })}>
              Close
            </Button>
          </Group>
        )}
      </Group>
      <RequestFacts facts={facts} />
      <AlertTrend alert={alert} />
      <AlertTransitionsTable transitions={alert.transitions} />
      <AlertNotificationsTable alertId={alert.id} />
      {action && <AlertActionModal target={action} onClose={() => setAction(null)} />}
    </Stack>
  );
}
