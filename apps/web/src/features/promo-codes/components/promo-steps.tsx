import { Stack, Table, Text, TextInput } from '@mantine/core';
import { DateTimeInput } from '../../../components/date-time-input.tsx';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { usePartnerTicketTypes } from '../api/partner-ticket-types.ts';
import { attachedRows } from '../attach-list.ts';
import { acceptAmount, browserZone, parseAmount, type PromoDraft } from '../draft.ts';
import { activeDaysText, discountText } from '../format.ts';

type StepProps = { draft: PromoDraft; update: (patch: Partial<PromoDraft>) => void };

export function InformationStep({ draft, update, nameError }: StepProps & { nameError?: string | undefined }) {
  return (
    <Stack>
      <TextInput
        label="Code name"
        required
        value={draft.code}
        error={nameError}
        onChange={(e) => update({ code: e.currentTarget.value.toUpperCase() })}
      />
      <SegmentedChoice
        w="fit-content"
        value={draft.couponType}
        onChange={(couponType) => update({ couponType })}
        choices={{ flat: 'Flat ($)', percentage: 'Percentage (%)' }}
      />
      <TextInput
        label={draft.couponType === 'flat' ? 'Discount ($)' : 'Discount (%)'}
        inputMode="decimal"
        placeholder="0"
        value={draft.amountText}
        onChange={(e) => update({ amountText: acceptAmount(e.currentTarget.value, draft.amountText) })}
        onBlur={() => update({ amountText: String(parseAmount(draft.amountText)) })}
      />
    </Stack>
  );
}

export function ActiveDaysStep({ draft, update }: StepProps) {
  const tz = browserZone();
  return (
    <Stack>
      <SegmentedChoice
        w="fit-content"
        value={draft.unlimited ? 'unlimited' : 'limited'}
        onChange={(v) => update({ unlimited: v === 'unlimited' })}
        choices={{ unlimited: 'Unlimited', limited: 'Limited days' }}
      />
      {!draft.unlimited && (
        <>
          <DateTimeInput label="Starts" value={draft.start} timeZone={tz} onChange={(start) => update({ start })} />
          <DateTimeInput
            label="Ends"
            value={draft.end}
            timeZone={tz}
            onChange={(end) => update({ end })}
            error={new Date(draft.end) <= new Date(draft.start) ? 'The promo must end after it starts' : undefined}
          />
        </>
      )}
    </Stack>
  );
}

export function SummaryStep({ draft, partnerId }: { draft: PromoDraft; partnerId: number }) {
  const events = usePartnerTicketTypes(partnerId);
  const rows = attachedRows(events.data ?? [], draft.attached);
  const amount = parseAmount(draft.amountText);
  return (
    <Stack>
      <Text size="xl" fw={800} ff="monospace">
        {draft.code}
      </Text>
      <Text>{discountText({ coupon_type: draft.couponType, discount: amount, percentage: amount / 100 })}</Text>
      <Text c="dimmed">
        {draft.unlimited ? 'Unlimited' : activeDaysText({ start_date: draft.start, end_date: draft.end })}
      </Text>
      <Table>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.dates > 1 ? `${r.event} · ${r.dates} dates` : r.event}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.quantity === -1 ? 'Unlimited' : r.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <Text c="dimmed">Not attached to any ticket type: nobody can use it yet.</Text>}
    </Stack>
  );
}
