import { Modal, Stack, Text } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import { DialogActions } from '../../../components/dialog-actions.tsx';

type Props = { event: EventListItem; onCancel: () => void; onContinue: () => void };

/** Spec: editing an event whose sale has started first warns that its tickets must be re-minted. */
export function RemintWarningModal({ event, onCancel, onContinue }: Props) {
  return (
    <Modal opened onClose={onCancel} title="Tickets are already minted" centered>
      <Stack>
        <Text>
          The sale of <b>{event.name}</b> has started, so its tickets are already minted. If you change the event, its
          tickets must be re-minted.
        </Text>
        <DialogActions onCancel={onCancel} confirm="Continue to edit" onConfirm={onContinue} />
      </Stack>
    </Modal>
  );
}
