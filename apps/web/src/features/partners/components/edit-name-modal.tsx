import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** The state of the one save behind the organisation's name and logo modals. */
export type PartnerSaving = {
  saving: boolean;
  error?: string | undefined;
  onCancel: () => void;
};

type Props = PartnerSaving & { name: string; onSave: (name: string) => void };

export function EditNameModal({ name, saving, error, onCancel, onSave }: Props) {
  const [value, setValue] = useState(name);
  const empty = value.trim() === '';
  return (
    <Modal opened onClose={onCancel} title="Edit Name" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) onSave(value.trim());
        }}
      >
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label="Organization name"
            placeholder="Organization Name"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={empty ? 'Organization name is required' : null}
            maxLength={120}
            data-autofocus
          />
          <DialogActions onCancel={onCancel} confirm="Save" disabled={empty} loading={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
