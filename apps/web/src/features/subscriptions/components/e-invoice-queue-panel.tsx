import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { InvoiceSummary } from '@enviro/contracts/subscriptions';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { DataTable } from '@/components/table/data-table';
import { paths } from '@/config/paths';
import { notifyAlert, notifyInfo } from '@/lib/notify';
import { invoicePdfHref, useFailedEInvoices, useRetryEInvoice } from '../api/subscriptions';
import { day, rupees } from './billing-labels';

/**
 * The operators' queue of e-invoices the IRP refused on every try (FAILED): GST law wants a B2B
 * invoice registered, so each stays here until someone registers it again, which starts a fresh
 * series of tries whose first runs at once.
 */
export function EInvoiceQueuePanel() {
  const queue = useFailedEInvoices();
  const retry = useRetryEInvoice();
  if (queue.isPending) return <Loading />;
  if (queue.isError) return <LoadFailed what="the e-invoices" onRetry={() => void queue.refetch()} />;
  const register = (i: InvoiceSummary) =>
    retry.mutate(i.id, {
      onSuccess: (after) =>
        after.eInvoice?.status === 'REGISTERED'
          ? notifyInfo(`Invoice ${after.number} is registered: IRN ${after.irn}.`)
          : notifyAlert(`The IRP refused invoice ${after.number} again${after.eInvoice?.error ? ` (${after.eInvoice.error})` : ''}; it is tried again by itself.`),
      onError: (error) => notifyAlert(`Invoice ${i.number} could not be sent to the IRP: ${error.message}`),
    });
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        B2B invoices whose e-invoice the IRP refused on every try. Check the reason (often the buyer's GSTIN or address), correct it, then register the invoice again.
      </Text>
      {queue.data.items.length > 0 && <Alert color="red">{queue.data.items.length === 1 ? 'One invoice is' : `${queue.data.items.length} invoices are`} not registered with the IRP.</Alert>}
      <DataTable
        title="E-invoices not registered"
        rowKey={(i) => i.id}
        rows={queue.data.items}
        emptyText="Every e-invoice is registered or on its way."
        columns={[
          { header: 'Invoice', value: (i) => i.number, render: (i) => <Anchor href={invoicePdfHref(i.id)} download>{i.number}</Anchor> },
          { header: 'Industry', wrap: true, value: (i) => i.tenantName, render: (i) => <Anchor component={Link} to={paths.admin.tenant.getHref(i.tenantId)}>{i.tenantName}</Anchor> },
          { header: 'Date', value: (i) => day(i.issuedOn) },
          { header: 'Total (₹)', align: 'right', value: (i) => rupees(i.total) },
          { header: 'Tries', align: 'right', value: (i) => i.eInvoice?.attempts ?? 0 },
          { header: "The IRP's last answer", wrap: true, value: (i) => i.eInvoice?.error ?? '' },
          {
            header: 'Action',
            value: () => '',
            render: (i) => (
              <Button size="xs" variant="light" loading={retry.isPending && retry.variables === i.id} onClick={() => register(i)}>
                Register again
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
