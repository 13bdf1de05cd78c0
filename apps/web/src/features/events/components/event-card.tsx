import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { eventTypeLabel, type EventListItem } from '@portal/contract';
import type { WidgetFlag } from '../../../api/events.ts';
import { EventWidgetFlags } from '../../../components/event-widget-flags.tsx';
import { formatEventDate, formatMoney, formatTime } from '../../../lib/format.ts';
import classes from './event-card.module.css';

function kindOf(event: EventListItem): string {
  if (event.recurrence_id) return 'Recurring';
  if (event.time_slots) return `${event.event_days.length} time slots`;
  if (event.event_days.length > 1) return `${event.event_days.length} days`;
  return 'Single day';
}

type Props = {
  event: EventListItem;
  onToggle: (flag: WidgetFlag, value: boolean) => void;
  onEdit: () => void;
  onAnalytics: () => void;
  /** Opens the gate's check-in; left out for members whose role does not include check-in. */
  onCheckIn?: () => void;
  onDelete: () => void;
};

export function EventCard({ event, onToggle, onEdit, onAnalytics, onCheckIn, onDelete }: Props) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={event.name} className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {event.name}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {eventTypeLabel(event.event_type)}
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
        <EventWidgetFlags event={event} onToggle={onToggle} />
        <Group gap="xs" className={classes.actions}>
          <Button size="xs" variant="light" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="light" onClick={onAnalytics}>
            Analytics
          </Button>
          {onCheckIn && (
            <Button size="xs" variant="light" onClick={onCheckIn}>
              Check-in
            </Button>
          )}
          <Button size="xs" variant="light" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
