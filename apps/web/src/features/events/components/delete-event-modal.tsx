import { Modal, Radio, Stack, Text } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useDeleteEvent } from '../api/delete-event.ts';

/** Confirms a deletion; for a recurring event, asks whether this one or the whole series goes. */
export function DeleteEventModal({ event, onClose }: { event: EventListItem; onClose: () => void }) {
  const remove = useDeleteEvent();
  const [scope, setScope] = useState<'one' | 'all'>('one');
  const recurring = Boolean(event.recurrence_id);
  return (
    <Modal opened onClose={onClose} title="Delete event" centered>
      <Stack>
        <Text>
          Delete <b>{event.name}</b>? This cannot be undone.
        </Text>
        {recurring && (
          <Radio.Group value={scope} onChange={(v) => setScope(v as 'one' | 'all')} label="This is a recurring event">
            <Stack gap={6} mt={6}>
              <Radio value="one" label="Only this event" />
              <Radio value="all" label="All events of the series" />
            </Stack>
          </Radio.Group>
        )}
        <FailureAlert error={remove.error} />
        <DialogActions
          onCancel={onClose}
          confirm="Delete"
          danger
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { id: event.ID, recurrenceId: scope === 'all' ? (event.recurrence_id ?? undefined) : undefined },
              { onSuccess: onClose },
            )
          }
        />
      </Stack>
    </Modal>
  );
}
