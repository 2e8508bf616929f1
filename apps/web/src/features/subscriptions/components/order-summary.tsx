import { Group, Stack, Table, Text } from '@mantine/core';
import type { Order } from '@enviro/contracts/subscriptions';
import { amountInWords } from '@enviro/domain/subscriptions/money';
import { day, PURPOSE_LABELS, rupees } from './billing-labels';

/** An order's lines, discount, GST and total (figures with Indian grouping, and in words). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {PURPOSE_LABELS[order.purpose]}: plan {order.planCode} v{order.planVersion}, {day(order.periodStart)} to {day(order.periodEnd)}
      </Text>
      <Table withTableBorder>
        <Table.Tbody>
          {order.lines.map((l) => (
            <Table.Tr key={l.description}>
              <Table.Td>
                {l.description} × {l.quantity}
              </Table.Td>
              <Table.Td ta="right">{rupees(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
          {order.discount > 0 && (
            <Table.Tr>
              <Table.Td>Coupon {order.couponCode}</Table.Td>
              <Table.Td ta="right">-{rupees(order.discount)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td>GST (18 %)</Table.Td>
            <Table.Td ta="right">{rupees(order.tax)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700}>
              {rupees(order.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        <Text size="sm" c="dimmed">
          {amountInWords(order.total)}
        </Text>
      </Group>
    </Stack>
  );
}
