import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchChoices } from '@/lib/use-search-choices';
import { CouponsPanel, PlansPanel } from './catalogue-panels';
import { EInvoiceQueuePanel } from './e-invoice-queue-panel';
import { ReceivablesPanel, SubscriptionsPanel } from './site-panels';

const TABS = { subscriptions: 'Subscriptions', receivables: 'Receivables', einvoices: 'E-invoices', plans: 'Plans', coupons: 'Coupons' } as const;
type Tab = keyof typeof TABS;

/** The site administrators' billing: every industry's subscription, what is owed, e-invoices the IRP refused, the plans and the coupons (`?tab=`). */
export function BillingAdminView() {
  const [search, update] = useSearchChoices();
  const tab: Tab = (Object.keys(TABS) as Tab[]).find((t) => t === search.get('tab')) ?? 'subscriptions';
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Billing
      </Title>
      <Text c="dimmed" size="sm">
        Subscriptions of every industry, unpaid orders, e-invoices the IRP refused, the plans on sale and coupons. An industry in grace or expired keeps its monitoring and regulator push.
      </Text>
      <Tabs value={tab} onChange={(t) => update({ tab: t === 'subscriptions' ? null : t, status: null })} keepMounted={false}>
        <Tabs.List>
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TABS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="subscriptions" pt="md">
          <SubscriptionsPanel status={search.get('status')} onStatus={(status) => update({ status })} />
        </Tabs.Panel>
        <Tabs.Panel value="receivables" pt="md">
          <ReceivablesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="einvoices" pt="md">
          <EInvoiceQueuePanel />
        </Tabs.Panel>
        <Tabs.Panel value="plans" pt="md">
          <PlansPanel />
        </Tabs.Panel>
        <Tabs.Panel value="coupons" pt="md">
          <CouponsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
