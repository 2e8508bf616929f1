import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { InvoiceSummary, Order } from '@enviro/contracts/subscriptions';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSearchChoices } from '@/lib/use-search-choices';
import { invoicePdfHref, useApplyCoupon, useCancel, useRenew, useSubscription } from '../api/subscriptions';
import { day, eInvoiceText, LEGAL_NOTE, PURPOSE_LABELS, rupees, TERM_LABELS } from './billing-labels';
import { BillingStatusBadge } from './status-badge';

/** The tenant app's billing: its plan and term, what to pay, renewal, coupon, cancellation, and its invoices (`?tab=invoices`). */
export function MyPlanView({ tenantId, mayPay }: { tenantId: number; mayPay: boolean }) {
  const [search, update] = useSearchChoices();
  const tab = search.get('tab') === 'invoices' ? 'invoices' : 'plan';
  const view = useSubscription(tenantId);
  if (view.isPending) return <Loading />;
  if (view.isError) return <LoadFailed what="your subscription" onRetry={() => void view.refetch()} />;
  const v = view.data;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Billing of {v.tenantName}
        </Title>
        <BillingStatusBadge status={v.status} />
      </Group>
      <Text c="dimmed" size="sm">
        {LEGAL_NOTE}
      </Text>
      <Tabs value={tab} onChange={(t) => update({ tab: t === 'plan' ? null : t })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="plan">My plan</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices ({v.invoices.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plan" pt="md">
          <PlanPanel tenantId={tenantId} mayPay={mayPay} view={v} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices" pt="md">
          <InvoiceTable invoices={v.invoices} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PlanPanel({ tenantId, mayPay, view }: { tenantId: number; mayPay: boolean; view: NonNullable<ReturnType<typeof useSubscription>['data']> }) {
  const navigate = useNavigate();
  const renew = useRenew(tenantId);
  const cancel = useCancel(tenantId);
  const s = view.subscription;
  const fact = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  const error = (renew.error ?? cancel.error) as ApiError | null;
  return (
    <Stack>
      {s ? (
        <Card withBorder>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {fact('Plan', `${s.planName} (v${s.planVersion})`)}
            {fact('Term', TERM_LABELS[s.term])}
            {fact('Stations covered', `${s.stations} (${s.addOnStations} add-on), ${s.addOnCameras} cameras`)}
            {fact('Paid until', day(s.paidUntil))}
            {fact('Paid this term (before GST)', rupees(s.paid))}
            {fact('Grace ends', s.graceEndsOn ? day(s.graceEndsOn) : '-')}
            {fact('Coupon held', s.couponCode ?? 'None')}
            {fact('Renews by', s.hasMandate ? 'e-mandate (up to ₹15,000)' : 'payment link')}
          </SimpleGrid>
          {s.cancelAtTermEnd && (
            <Alert mt="sm" color="orange">
              Cancelled: the subscription ends on {day(s.paidUntil)}.
            </Alert>
          )}
        </Card>
      ) : (
        <Alert color="blue">No plan bought yet{view.status === 'TRIAL' ? ' (trial)' : ''}.</Alert>
      )}
      {view.openOrders.length > 0 && <OpenOrders tenantId={tenantId} orders={view.openOrders} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {mayPay && (
        <Group wrap="wrap">
          {s && view.status !== 'TRIAL' && (
            <Button loading={renew.isPending} onClick={() => renew.mutate(undefined, { onSuccess: (o) => void navigate(paths.billing.checkout.getHref(tenantId, o.id)) })}>
              Renew
            </Button>
          )}
          <Button component={Link} to={paths.billing.selectPlan.getHref(tenantId)} variant="light">
            {s && ['ENABLED', 'GRACE'].includes(view.status) ? 'Change plan' : 'Choose a plan'}
          </Button>
          {s && ['ENABLED', 'GRACE'].includes(view.status) && (
            <Button variant="subtle" color={s.cancelAtTermEnd ? 'blue' : 'red'} loading={cancel.isPending} onClick={() => cancel.mutate(s.cancelAtTermEnd ? 'UNDO' : 'AT_TERM_END')}>
              {s.cancelAtTermEnd ? 'Keep the subscription' : 'Cancel at term end'}
            </Button>
          )}
        </Group>
      )}
      {mayPay && s && <CouponForm tenantId={tenantId} planCode={s.planCode} />}
    </Stack>
  );
}

function OpenOrders({ tenantId, orders }: { tenantId: number; orders: Order[] }) {
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        To pay
      </Text>
      {orders.map((o) => (
        <Group key={o.id} justify="space-between" wrap="wrap">
          <Text size="sm">
            {PURPOSE_LABELS[o.purpose]} {day(o.periodStart)} to {day(o.periodEnd)}: {rupees(o.total)}
          </Text>
          <Anchor component={Link} to={paths.billing.checkout.getHref(tenantId, o.id)}>
            Pay order {o.id}
          </Anchor>
        </Group>
      ))}
    </Card>
  );
}

function CouponForm({ tenantId, planCode }: { tenantId: number; planCode: string }) {
  const [code, setCode] = useState('');
  const apply = useApplyCoupon(tenantId);
  const error = apply.error as ApiError | null;
  return (
    <Card withBorder>
      <Group align="end" wrap="wrap">
        <TextInput label="Coupon code" value={code} maxLength={32} onChange={(e) => setCode(e.currentTarget.value.toUpperCase())} error={error?.message} />
        <Button variant="light" disabled={code.length < 3} loading={apply.isPending} onClick={() => apply.mutate({ planCode, couponCode: code })}>
          Apply coupon
        </Button>
      </Group>
      {apply.data && (
        <Text mt="xs" size="sm" c="green">
          {apply.data.couponCode} takes {rupees(apply.data.discount)} off {rupees(apply.data.subtotal)} ({apply.data.duration === 'ONCE' ? 'on your next invoice' : 'on every renewal'}).
        </Text>
      )}
    </Card>
  );
}

export function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <DataTable
      title="Invoices and credit notes"
      rowKey={(i) => i.id}
      rows={invoices}
      emptyText="No invoice yet."
      columns={[
        { header: 'Number', value: (i) => i.number, render: (i) => <Anchor href={invoicePdfHref(i.id)} download>{i.number}</Anchor> },
        { header: 'Kind', value: (i) => (i.series === 'INVOICE' ? 'Tax invoice' : 'Credit note') },
        { header: 'Date', value: (i) => day(i.issuedOn) },
        { header: 'Taxable (₹)', align: 'right', value: (i) => rupees(i.taxable) },
        { header: 'GST (₹)', align: 'right', value: (i) => rupees(i.cgst + i.sgst + i.igst) },
        { header: 'Total (₹)', align: 'right', value: (i) => rupees(i.total) },
        { header: 'E-invoice', value: (i) => eInvoiceText(i.eInvoice) },
      ]}
    />
  );
}
