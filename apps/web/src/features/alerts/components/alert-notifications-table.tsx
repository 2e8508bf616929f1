import { Badge, Paper, Text } from '@mantine/core';
import type { AlertNotification } from '@enviro/contracts/alerts';
import { formatInstant } from '@/lib/dates';
import { DataTable, type DataTableColumn } from '@/components/table/data-table';
import { useAlertNotifications } from '../api/get-alert-notifications';
import { titleCase } from './alert-labels';

const RESULT_COLOURS: Record<AlertNotification['status'], string> = { PENDING: 'yellow', SENT: 'green', FAILED: 'red' };
const CHANNEL_LABELS: Record<AlertNotification['channel'], string> = { EMAIL: 'E-mail', SMS: 'SMS', IN_APP: 'In-app', WEBHOOK: 'Webhook' };

const COLUMNS: DataTableColumn<AlertNotification>[] = [
  { header: 'Queued (IST)', value: (n) => formatInstant(n.createdAt) },
  { header: 'Level', align: 'right', value: (n) => n.level },
  { header: 'Channel', value: (n) => CHANNEL_LABELS[n.channel] },
  { header: 'Recipient', wrap: true, value: (n) => (n.recipient === n.address ? n.recipient : `${n.recipient} (${n.address})`) },
  {
    header: 'Result',
    value: (n) => n.status,
    render: (n) => (
      <Badge color={RESULT_COLOURS[n.status]} variant="light">
        {titleCase(n.status)}
      </Badge>
    ),
  },
  { header: 'Attempts', align: 'right', value: (n) => n.attempts },
  { header: 'Sent (IST)', value: (n) => (n.sentAt ? formatInstant(n.sentAt) : n.nextAttemptAt ? `retry ${formatInstant(n.nextAttemptAt)}` : '-') },
  { header: 'Delivery result', wrap: true, value: (n) => n.result ?? '' },
];

/** SPEC 7 alertNotificationDetails: every notification sent for the alert, its result and retries. */
export function AlertNotificationsTable({ alertId }: { alertId: number }) {
  const details = useAlertNotifications(alertId);
  return (
    <Paper withBorder p="md">
      {details.isError ? (
        <Text c="red" size="sm">
          The notifications could not be loaded: {details.error.message}
        </Text>
      ) : (
        <DataTable
          title="Notifications"
          columns={COLUMNS}
          rows={details.data?.items ?? []}
          rowKey={(n) => n.id}
          emptyText={details.data ? 'Nobody has been notified yet.' : 'Loading…'}
          minWidth={760}
        />
      )}
    </Paper>
  );
}
