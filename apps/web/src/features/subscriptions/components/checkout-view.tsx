import { Alert, Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { invoicePdfHref, useSubscription } from '../api/subscriptions';
import { LEGAL_NOTE, rupees } from './billing-labels';
import { OrderSummary } from './order-summary';

/**
 * SPEC 2's checkout page (no header): an order's lines, GST and total, paid at the gateway's
 * payment page; the page asks again every 5 seconds until the gateway's webhook has settled it,
 * then offers the invoice.
 */
export function CheckoutView({ tenantId, orderId }: { tenantId: number; orderId: number }) {
  const view = useSubscription(tenantId, true);
  if (view.isPending) return <Loading />;
  if (view.isError) return <LoadFailed what="the order" onRetry={() => void view.refetch()} />;
  const open = view.data.openOrders.find((o) => o.id === orderId);
  const invoice = view.data.invoices.find((i) => i.orderId === orderId);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Anchor component={Link} to={paths.app.subscriptions.getHref()} size="sm">
          ← Back to billing
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Checkout: {view.data.tenantName}
        </Title>
        {open && (
          <Card withBorder>
            <OrderSummary order={open} />
            {open.paymentUrl ? (
              <Button component="a" href={open.paymentUrl} mt="md">
                Pay {rupees(open.total)}
              </Button>
            ) : (
              <Alert mt="md" color="orange">
                {open.channel === 'MANDATE' ? 'This renewal is debited on your e-mandate.' : 'Online payment is not available yet; the order is kept, and you may pay it later.'}
              </Alert>
            )}
          </Card>
        )}
        {!open && invoice && (
          <Alert color="green" title="Paid">
            Thank you. Invoice <Anchor href={invoicePdfHref(invoice.id)} download>{invoice.number}</Anchor> of {rupees(invoice.total)}.
          </Alert>
        )}
        {!open && !invoice && <Alert color="gray">Order {orderId} is not open for this industry (cancelled, or paid before).</Alert>}
        <Text size="sm" c="dimmed">
          {LEGAL_NOTE}
        </Text>
      </Stack>
    </Container>
  );
}
