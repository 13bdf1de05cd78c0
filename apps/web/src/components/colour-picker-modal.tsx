import { ColorPicker, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

type Props = {
  title: string;
  initial: string;
  onCancel: () => void;
  onSave: (hex: string) => void;
  saving?: boolean;
  /** Advice on a valid colour as it is picked (it never stops the save). */
  hint?: (hex: string) => ReactNode;
};

/** The hex colour picker with Cancel and Save; mounted only while open, so it starts from `initial`. */
export function ColourPickerModal({ title, initial, onCancel, onSave, saving, hint }: Props) {
  const [value, setValue] = useState(HEX.test(initial) ? initial.toUpperCase() : '#1B4965');
  const valid = HEX.test(value);
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Stack>
        <ColorPicker
          format="hex"
          value={valid ? value : '#000000'}
          onChange={(v) => setValue(v.toUpperCase())}
          fullWidth
        />
        <TextInput
          label="Hex colour"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value.trim())}
          error={valid ? null : 'Use six hex digits, like #1B4965'}
          leftSection={
            <span style={{ width: 16, height: 16, borderRadius: 4, background: valid ? value : 'transparent' }} />
          }
        />
        {valid && hint?.(value)}
        <DialogActions
          onCancel={onCancel}
          confirm="Save"
          onConfirm={() => onSave(value)}
          disabled={!valid}
          loading={saving}
        />
      </Stack>
    </Modal>
  );
}
