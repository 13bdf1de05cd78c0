import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@portal/contract';

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
