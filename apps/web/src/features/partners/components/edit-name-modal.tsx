import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

type Props = {
  name: string;
  saving: boolean;
  error?: string | undefined;
  onCancel: () => void;
  onSave: (name: string) => void;
};

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
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={empty} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
