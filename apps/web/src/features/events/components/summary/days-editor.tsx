import { ActionIcon, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { EventDay, EventDetail } from '@portal/contract';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { DateTimeInput } from '../../../../components/date-time-input.tsx';
import { RemoveButton } from '../../../../components/remove-button.tsx';
import { useDeleteDay, useUpdateDay } from '../../api/event-parts.ts';

/** Each day or slot's dates and times (and a slot's quantity), saved with the tick; deletion follows the spec's refusals. */
export function DaysEditor({ event }: { event: EventDetail }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} c="dimmed">
        {event.time_slots ? 'Time slots' : 'Dates and times'}
      </Text>
      {event.event_days.map((day, i) => (
        // Keyed by what is saved too: when the day moves on the server (a new time zone keeps its wall
        // clock, a new start date shifts it), the editor starts again from the saved times, never
        // from instants that no longer hold.
        <DayRow
          key={`${day.ID} ${day.start_date} ${day.end_date} ${day.quantity} ${event.time_zone}`}
          event={event}
          day={day}
          label={event.time_slots ? `Slot ${i + 1}` : `Day ${i + 1}`}
        />
      ))}
    </Stack>
  );
}

function DayRow({ event, day, label }: { event: EventDetail; day: EventDay; label: string }) {
  const [draft, setDraft] = useState({ start: day.start_date, end: day.end_date, quantity: day.quantity });
  const update = useUpdateDay(event.ID);
  const remove = useDeleteDay(event.ID);
  const changed = draft.start !== day.start_date || draft.end !== day.end_date || draft.quantity !== day.quantity;
  const error = update.error?.message ?? remove.error?.message;
  return (
    <Card withBorder padding="sm" aria-label={label} component="section">
      <Group align="flex-end" wrap="wrap">
        <DateTimeInput
          label={`${label} start`}
          value={draft.start}
          timeZone={event.time_zone}
          onChange={(start) => setDraft((d) => ({ ...d, start }))}
        />
        <DateTimeInput
          label={`${label} end`}
          value={draft.end}
          timeZone={event.time_zone}
          onChange={(end) => setDraft((d) => ({ ...d, end }))}
        />
        {event.time_slots && (
          <NumberInput
            label={`${label} tickets`}
            w={110}
            min={1}
            allowDecimal={false}
            value={draft.quantity}
            onChange={(v) => typeof v === 'number' && setDraft((d) => ({ ...d, quantity: v }))}
          />
        )}
        {changed && (
          <ActionIcon
            color="green"
            variant="light"
            aria-label={`Save ${label.toLowerCase()}`}
            loading={update.isPending}
            onClick={() =>
              update.mutate({
                id: day.ID,
                start_date: draft.start,
                end_date: draft.end,
                ...(event.time_slots ? { quantity: draft.quantity } : {}),
              })
            }
          >
            <IconCheck size={16} />
          </ActionIcon>
        )}
        <RemoveButton
          label={`Delete ${label.toLowerCase()}`}
          loading={remove.isPending}
          onClick={() => remove.mutate(day.ID)}
        />
      </Group>
      {day.sold > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {day.sold} sold
        </Text>
      )}
      {error && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {error}
        </Text>
      )}
      {changed && (
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          onClick={() => setDraft({ start: day.start_date, end: day.end_date, quantity: day.quantity })}
        >
          Undo changes
        </Button>
      )}
    </Card>
  );
}
