import { Anchor, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { useReceivables, useSubscriptionList } from '../api/subscriptions';
import { day, PURPOSE_LABELS, rupees, STATUS_LABELS, TERM_LABELS } from './billing-labels';
import { BillingStatusBadge } from './status-badge';

const STATUSES = ['TRIAL', 'ENABLED', 'GRACE', 'EXPIRED', 'AWAITED'];

export function SubscriptionsPanel({ status, onStatus }: { status: string | null; onStatus: (s: string | null) => void }) {
  const list = useSubscriptionList(status);
  return (
    <Stack>
      <Select label="Status" placeholder="Any status" clearable maw={260} data={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s]! }))} value={status} onChange={onStatus} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed what="the subscriptions" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          title="Subscriptions"
          rowKey={(r) => r.tenantId}
          rows={list.data.items}
          emptyText="No industry in this status."
          columns={[
            { header: 'Industry', wrap: true, value: (r) => r.tenantName, render: (r) => <Anchor component={Link} to={paths.admin.tenant.getHref(r.tenantId)}>{r.tenantName}</Anchor> },
            { header: 'Status', value: (r) => STATUS_LABELS[r.status] ?? r.status, render: (r) => <BillingStatusBadge status={r.status} /> },
            { header: 'Plan', value: (r) => (r.planCode ? `${r.planCode} v${r.planVersion}` : '-') },
            { header: 'Term', value: (r) => (r.term ? TERM_LABELS[r.term] : '-') },
            { header: 'Stations', align: 'right', value: (r) => r.stations ?? '-' },
            { header: 'Paid until', value: (r) => day(r.paidUntil) },
            { header: 'Grace ends', value: (r) => day(r.graceEndsOn) },
            { header: 'Owed (₹)', align: 'right', value: (r) => rupees(r.open) },
          ]}
        />
      )}
    </Stack>
  );
}

export function ReceivablesPanel() {
  const r = useReceivables();
  if (r.isPending) return <Loading />;
  if (r.isError) return <LoadFailed what="the receivables" onRetry={() => void r.refetch()} />;
  return (
    <Stack>
      <Text fw={600}>Owed on open orders: {rupees(r.data.total)}</Text>
      <DataTable
        title="Receivables"
        rowKey={(o) => o.id}
        rows={r.data.items}
        emptyText="Nothing is owed."
        columns={[
          { header: 'Order', value: (o) => o.id },
          { header: 'Industry', wrap: true, value: (o) => o.tenantName },
          { header: 'For', value: (o) => PURPOSE_LABELS[o.purpose] },
          { header: 'Period', value: (o) => `${day(o.periodStart)} to ${day(o.periodEnd)}` },
          { header: 'Age (days)', align: 'right', value: (o) => o.ageDays },
          { header: 'Total (₹)', align: 'right', value: (o) => rupees(o.total) },
          { header: 'Collected by', value: (o) => (o.channel === 'MANDATE' ? 'e-mandate' : 'payment link') },
        ]}
      />
    </Stack>
  );
}
