import { Checkbox, Group, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { DateTimeInput } from '../../../components/date-time-input.tsx';
import { usePartnerTicketTypes } from '../api/partner-ticket-types.ts';
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
      <SegmentedControl
        w="fit-content"
        value={draft.couponType}
        onChange={(v) => update({ couponType: v as 'flat' | 'percentage' })}
        data={[
          { value: 'flat', label: 'Flat ($)' },
          { value: 'percentage', label: 'Percentage (%)' },
        ]}
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
      <SegmentedControl
        w="fit-content"
        value={draft.unlimited ? 'unlimited' : 'limited'}
        onChange={(v) => update({ unlimited: v === 'unlimited' })}
        data={[
          { value: 'unlimited', label: 'Unlimited' },
          { value: 'limited', label: 'Limited days' },
        ]}
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

export function AttachStep({ draft, update, partnerId }: StepProps & { partnerId: number }) {
  const events = usePartnerTicketTypes(partnerId);
  const set = (id: number, quantity: number | null) => {
    const attached = { ...draft.attached };
    if (quantity === null) delete attached[id];
    else attached[id] = quantity;
    update({ attached });
  };
  const withTypes = events.data?.filter((e) => e.ticket_types.length > 0) ?? [];
  return (
    <Stack>
      {events.isPending && <Text c="dimmed">Loading ticket types…</Text>}
      {events.data && withTypes.length === 0 && <Text c="dimmed">No ticket types yet. Create an event first.</Text>}
      {withTypes.map((event) => (
        <Stack key={event.ID} gap={4} component="section" aria-label={event.name}>
          <Text fw={700}>{event.name}</Text>
          {event.ticket_types.map((t) => {
            const quantity = draft.attached[t.ID];
            return (
              <Group key={t.ID} justify="space-between" pl="md">
                <Checkbox
                  label={t.name}
                  checked={quantity !== undefined}
                  onChange={(e) => set(t.ID, e.currentTarget.checked ? -1 : null)}
                />
                {quantity !== undefined && (
                  <NumberInput
                    aria-label={`Quantity for ${event.name} ${t.name}`}
                    placeholder="Unlimited"
                    w={130}
                    min={1}
                    allowDecimal={false}
                    value={quantity === -1 ? '' : quantity}
                    onChange={(v) => set(t.ID, typeof v === 'number' && v >= 1 ? v : -1)}
                  />
                )}
              </Group>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

export function SummaryStep({ draft, partnerId }: { draft: PromoDraft; partnerId: number }) {
  const events = usePartnerTicketTypes(partnerId);
  const rows = (events.data ?? []).flatMap((e) =>
    e.ticket_types
      .filter((t) => draft.attached[t.ID] !== undefined)
      .map((t) => ({ event: e.name, name: t.name, quantity: draft.attached[t.ID]! })),
  );
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
            <Table.Tr key={`${r.event}-${r.name}`}>
              <Table.Td>{r.event}</Table.Td>
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
