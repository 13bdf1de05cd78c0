import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { RefundResult } from '@portal/contract';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { refundTickets } from '../api/refunds.ts';
import { averagePrice, clampRefundValue, refundCap } from '../refund-value.ts';

type Props = { ticketIds: number[]; prices: number[]; onClose: () => void; onRefunded: (r: RefundResult) => void };

/**
 * The refund of the chosen tickets: a value per ticket (the average price by default, and at most that
 * or 100), the total, an optional description. Mounted only while open, so each opening has its own key.
 */
export function RefundModal({ ticketIds, prices, onClose, onRefunded }: Props) {
  const average = averagePrice(prices);
  const cap = refundCap(average);
  const [value, setValue] = useState(cap);
  const [description, setDescription] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const refund = useMutation({
    mutationFn: () => refundTickets({ ticket_ids: ticketIds, amount: value, description }, key),
    onSuccess: onRefunded,
  });
  const count = ticketIds.length;

  return (
    <Modal opened onClose={onClose} title={`Refund ${count} ${count === 1 ? 'Ticket' : 'Tickets'}`} centered>
      <Stack>
        <NumberInput
          label="Refund per ticket"
          description={
            cap < average
              ? `At most ${formatMoney(cap)} per ticket`
              : `At most the average price paid, ${formatMoney(average)}`
          }
          prefix="$"
          decimalScale={2}
          min={0}
          max={cap}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : Number(v) || 0)}
          onBlur={() => setValue((v) => clampRefundValue(v, cap))}
        />
        <Text>
          Total refund: <strong>{formatMoney(Math.round(clampRefundValue(value, cap) * 100 * count) / 100)}</strong>
        </Text>
        <Textarea
          label="Description"
          description="Optional"
          maxLength={500}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <FailureAlert title="Not refunded" error={refund.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={refund.isPending}
            onClick={() => {
              setValue((v) => clampRefundValue(v, cap));
              refund.mutate();
            }}
          >
            Refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
