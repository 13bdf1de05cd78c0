import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = { what: string; onStay: () => void; onLeave: () => void };

/** Asks before unsaved work is dropped by leaving the page. */
export function LeaveDialog({ what, onStay, onLeave }: Props) {
  return (
    <Modal opened onClose={onStay} title="Leave without saving?" centered>
      <Stack>
        <Text>If you leave this page now, {what} is lost.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={onLeave}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
