import { Badge, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventDetail, TicketType } from '@portal/contract';
import { useState } from 'react';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import { formatMoney, toPercent } from '../../../../lib/format.ts';
import { useDeleteTicketType, useSaveTicketType } from '../../api/ticket-types.ts';
import {
  newTicketDraft,
  toTicketInput,
  validateTicket,
  type TicketDraft,
  type TicketErrors,
} from '../../ticket-draft.ts';
import { TicketForm } from '../ticket-form.tsx';
import { AddTile } from '../../../../components/add-tile.tsx';

const toDraft = (t: TicketType): TicketDraft => ({
  ticketName: t.name,
  ticketPrice: t.initial_price,
  ticketAmount: t.amount,
  ticketSecondaryRoyalty: toPercent(t.secondary_royalty),
  ticketDescription: t.description,
  ticketOnSaleTime: t.selling_time,
  templateId: t.template_id,
  ticketFileName: '',
  attachedPromoCodes: (t.Promocodes ?? []).map(({ ID, code, quantity }) => ({ ID, code, quantity })),
});

/** Sold and comps as the event's analytics count them (see the contract's `sold`), then the royalty. */
const stockLine = (t: TicketType) =>
  [
    `${t.sold} of ${t.amount} sold`,
    ...(t.comps > 0 ? [`${t.comps} ${t.comps === 1 ? 'comp' : 'comps'}`] : []),
    `royalty ${toPercent(t.secondary_royalty)}%`,
  ].join(' · ');

export function TicketTypesTab({ event, partnerId }: { event: EventDetail; partnerId: number }) {
  const [editing, setEditing] = useState<TicketType | 'new' | null>(null);
  const [removing, setRemoving] = useState<TicketType | null>(null);
  const remove = useDeleteTicketType(event.ID);
  // Spec: the list hides duplicate name and image pairs.
  const shown = event.ticket_types.filter(
    (t, i, all) => all.findIndex((x) => x.name === t.name && x.template_id === t.template_id) === i,
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((t) => (
          <Card key={t.ID} withBorder radius="md" component="article" aria-label={t.name}>
            <Group wrap="nowrap" align="flex-start">
              {t.template_image && <Image src={t.template_image} alt="" w={56} h={56} fit="contain" radius="sm" />}
              <Stack gap={2} style={{ flex: 1 }}>
                <Text fw={700}>{t.name}</Text>
                <Text size="sm">{formatMoney(t.initial_price)}</Text>
                <Text size="sm" c="dimmed">
                  {stockLine(t)}
                </Text>
                <Group gap={4}>
                  {t.Promocodes?.map((p) => (
                    <Badge key={p.ID} size="xs" variant="outline">
                      {p.code}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Group>
            <Group mt="sm" gap="xs">
              <Button size="xs" variant="light" onClick={() => setEditing(t)}>
                View/Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(t)}>
                Remove
              </Button>
            </Group>
          </Card>
        ))}
        <AddTile label="Add Ticket Type" minHeight={120} onClick={() => setEditing('new')} />
      </SimpleGrid>
      {editing && (
        <TicketModal
          event={event}
          partnerId={partnerId}
          ticket={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <Modal opened onClose={() => (setRemoving(null), remove.reset())} title="Remove ticket type" centered>
          <Stack>
            <Text>Remove “{removing.name}”?</Text>
            {remove.isError && <Text c="red">{remove.error.message}</Text>}
            <DialogActions
              onCancel={() => (setRemoving(null), remove.reset())}
              confirm="Remove"
              danger
              loading={remove.isPending}
              onConfirm={() => remove.mutate(removing.ID, { onSuccess: () => setRemoving(null) })}
            />
          </Stack>
        </Modal>
      )}
    </>
  );
}

function TicketModal({
  event,
  partnerId,
  ticket,
  onClose,
}: {
  event: EventDetail;
  partnerId: number;
  ticket: TicketType | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TicketDraft>(() => (ticket ? toDraft(ticket) : newTicketDraft()));
  const [errors, setErrors] = useState<TicketErrors>({});
  const save = useSaveTicketType(event.ID);
  const submit = () => {
    const found = validateTicket(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { before: ticket, draft, ticket: { ...toTicketInput(draft, event.ID), holds_amount: ticket?.holds_amount ?? 0 } },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={ticket ? 'Edit ticket type' : 'Add Ticket Type'} size="lg" centered>
      <Stack>
        <TicketForm
          index={0}
          draft={draft}
          errors={errors}
          partnerId={partnerId}
          timeZone={event.time_zone}
          defaultOnSale={event.selling_time ?? event.start_date}
          onChange={setDraft}
        />
        {save.isError && <Text c="red">{save.error.message}</Text>}
        <DialogActions onCancel={onClose} confirm="Save" onConfirm={submit} loading={save.isPending} />
      </Stack>
    </Modal>
  );
}
