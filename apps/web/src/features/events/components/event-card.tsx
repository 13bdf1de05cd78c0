import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { eventTypes, type EventListItem } from '@portal/contract';
import { formatEventDate, formatMoney, formatTime } from '../../../lib/format.ts';

const typeLabel = (value: string) => eventTypes.find((t) => t.value === value)?.label ?? value;

function kindOf(event: EventListItem): string {
  if (event.recurrence_id) return 'Recurring';
  if (event.time_slots) return `${event.event_days.length} time slots`;
  if (event.event_days.length > 1) return `${event.event_days.length} days`;
  return 'Single day';
}

export function EventCard({ event }: { event: EventListItem }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={event.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {event.name}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {typeLabel(event.event_type)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatEventDate(event.start_date, event.time_zone)} · {formatTime(event.start_date, event.time_zone)} ·{' '}
          {event.venue}
        </Text>
        <Group justify="space-between">
          <Text size="sm">{kindOf(event)}</Text>
          <Text size="sm" fw={600} aria-label="Total event budget">
            {formatMoney(event.total_event_budget)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
