import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@portal/contract';
import { useState } from 'react';

/** The confirmation 'Your changes have been saved', with the widget's extra line where it applies. */
export function SavedModal({ onClose, extra }: { onClose: () => void; extra?: string }) {
  return (
    <Modal opened onClose={onClose} title={messages.widgetSaved} centered>
      <Stack>
        {extra && <Text>{extra}</Text>}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The saved confirmation for a form of several saves: `confirm` opens it, `modal` is what to render. */
export function useSavedConfirmation() {
  const [open, setOpen] = useState(false);
  return {
    confirm: () => setOpen(true),
    modal: open ? <SavedModal onClose={() => setOpen(false)} /> : null,
  };
}
