import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { messages, type Partner } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { toPercent } from '../../../lib/format.ts';
import { useSavedConfirmation } from '../../../components/saved-modal.tsx';
import { useUpdatePartner } from '../api/update-partner.ts';

export function DefaultRoyalty({ partner }: { partner: Partner }) {
  const [editing, setEditing] = useState(false);
  const saved = useSavedConfirmation();
  const royalty = partner.partner_secondary_default_royalty;
  return (
    <SectionCard title="Default royalities">
      <Text size="sm" c="dimmed" mb="sm">
        Your share of every resale of your tickets on the secondary market.
      </Text>
      {royalty === -1 ? (
        <Button variant="light" onClick={() => setEditing(true)}>
          Add Secondary
        </Button>
      ) : (
        <Group gap="xs">
          <Text fw={700} size="xl">
            {toPercent(royalty)}%
          </Text>
          <ActionIcon variant="subtle" aria-label="Edit the default royalty" onClick={() => setEditing(true)}>
            <IconPencil size={16} />
          </ActionIcon>
        </Group>
      )}
      {editing && (
        <RoyaltyModal
          partner={partner}
          onClose={() => setEditing(false)}
          onSaved={() => (setEditing(false), saved.confirm())}
        />
      )}
      {saved.modal}
    </SectionCard>
  );
}

function RoyaltyModal({ partner, onClose, onSaved }: { partner: Partner; onClose: () => void; onSaved: () => void }) {
  const current = partner.partner_secondary_default_royalty;
  const [value, setValue] = useState<number | string>(current === -1 ? '' : toPercent(current));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePartner(partner.ID);
  const save = () => {
    const percent = typeof value === 'number' ? value : Number.NaN;
    if (!(percent >= 0 && percent <= 100)) {
      setError(messages.royaltyRange);
      return;
    }
    const fraction = percent / 100;
    update.mutate({ partner_secondary_default_royalty: fraction, secondary_royalty: fraction }, { onSuccess: onSaved });
  };
  return (
    <Modal opened onClose={onClose} title="Add Default Royalties" centered>
      <Stack>
        <FailureAlert error={update.error} />
        <NumberInput
          label="Royalty (%)"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          decimalScale={2}
          suffix="%"
          error={error}
          data-autofocus
        />
        <DialogActions onCancel={onClose} confirm="Save" onConfirm={save} loading={update.isPending} />
      </Stack>
    </Modal>
  );
}
