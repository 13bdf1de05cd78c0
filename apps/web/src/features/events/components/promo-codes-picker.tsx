import { Badge, Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePromoCodes } from '../../../api/promo-codes.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import type { TicketDraft } from '../ticket-draft.ts';

type Attached = TicketDraft['attachedPromoCodes'];

/** The ticket form's promo section: chosen codes as badges, and the Select Promo Codes to apply modal. */
export function PromoCodesPicker({
  partnerId,
  value,
  onChange,
}: {
  partnerId: number;
  value: Attached;
  onChange: (v: Attached) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Promo codes
      </Text>
      <Group gap="xs">
        {value.map((p) => (
          <Badge key={p.ID} variant="outline">
            {p.code} · {p.quantity === -1 ? 'unlimited' : p.quantity}
          </Badge>
        ))}
        <Button size="xs" variant="subtle" onClick={() => setOpen(true)}>
          Select Promo Codes
        </Button>
      </Group>
      {open && (
        <PickerModal
          partnerId={partnerId}
          initial={value}
          onClose={() => setOpen(false)}
          onApply={(v) => (onChange(v), setOpen(false))}
        />
      )}
    </Stack>
  );
}

function PickerModal({
  partnerId,
  initial,
  onClose,
  onApply,
}: {
  partnerId: number;
  initial: Attached;
  onClose: () => void;
  onApply: (v: Attached) => void;
}) {
  const promos = usePromoCodes(partnerId);
  const [chosen, setChosen] = useState<Attached>(initial);
  const toggle = (ID: number, code: string, on: boolean) =>
    setChosen((c) => (on ? [...c, { ID, code, quantity: 100 }] : c.filter((x) => x.ID !== ID)));
  return (
    <Modal opened onClose={onClose} title="Select Promo Codes to apply" centered>
      <Stack>
        {promos.data?.length === 0 && <Text c="dimmed">No promo codes yet. Create them under Promo Codes.</Text>}
        {promos.data?.map((p) => {
          const picked = chosen.find((c) => c.ID === p.ID);
          return (
            <Group key={p.ID} justify="space-between">
              <Checkbox
                label={p.code}
                checked={Boolean(picked)}
                onChange={(e) => toggle(p.ID, p.code, e.currentTarget.checked)}
              />
              {picked && (
                <NumberInput
                  aria-label={`Quantity for ${p.code}`}
                  w={110}
                  min={-1}
                  allowDecimal={false}
                  value={picked.quantity}
                  onChange={(v) =>
                    typeof v === 'number' &&
                    setChosen((c) => c.map((x) => (x.ID === p.ID ? { ...x, quantity: v === 0 ? 1 : v } : x)))
                  }
                />
              )}
            </Group>
          );
        })}
        <DialogActions onCancel={onClose} confirm="Apply" onConfirm={() => onApply(chosen)} />
      </Stack>
    </Modal>
  );
}
