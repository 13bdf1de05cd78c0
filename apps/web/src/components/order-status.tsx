import { Badge, Stack, Text } from '@mantine/core';
import { formatInZone, type OrderRefund, type OrderStatus } from '@portal/contract';
import { formatMoney } from '../lib/format.ts';

const colour: Record<OrderStatus, string> = { completed: 'green', cancelled: 'gray', refunded: 'orange' };

/**
 * An order line's status; a refunded line also says what went back and when, in the event's zone,
 * since the price beside it is what was paid, and a refund may give back less.
 */
export function OrderStatusCell({
  status,
  refund,
  timeZone,
}: {
  status: OrderStatus;
  refund: OrderRefund | null;
  timeZone: string;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={colour[status]} variant="light">
        {status}
      </Badge>
      {refund && (
        <Text size="xs" c="dimmed">
          {formatMoney(refund.amount)} refunded on {formatInZone(refund.date, timeZone)}
        </Text>
      )}
    </Stack>
  );
}
