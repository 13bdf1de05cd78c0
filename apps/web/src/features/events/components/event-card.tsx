import { Badge, Button, Card, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { eventTypeLabel, type EventListItem } from '@portal/contract';
import { formatEventDate, formatMoney, formatTime } from '../../../lib/format.ts';
import classes from './event-card.module.css';

function kindOf(event: EventListItem): string {
  if (event.recurrence_id) return 'Recurring';
  if (event.time_slots) return `${event.event_days.length} time slots`;
  if (event.event_days.length > 1) return `${event.event_days.length} days`;
  return 'Single day';
}

type Flag = 'active_on_widget' | 'transfering_allowed' | 'selling_allowed';

type Props = {
  event: EventListItem;
  onToggle: (flag: Flag, value: boolean) => void;
  onEdit: () => void;
  onAnalytics: () => void;
  onDelete: () => void;
};

export function EventCard({ event, onToggle, onEdit, onAnalytics, onDelete }: Props) {
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
        <Checkbox
          label="Show on widget"
          checked={event.active_on_widget}
          onChange={(e) => onToggle('active_on_widget', e.currentTarget.checked)}
        />
        {event.active_on_widget && (
          <Stack gap={6} pl="md">
            <Switch
              size="sm"
              label="Allow transferring tickets"
              checked={event.transfering_allowed}
              onChange={(e) => onToggle('transfering_allowed', e.currentTarget.checked)}
            />
            <Switch
              size="sm"
              label="Allow secondary sales"
              checked={event.selling_allowed}
              onChange={(e) => onToggle('selling_allowed', e.currentTarget.checked)}
            />
          </Stack>
        )}
        <Group gap="xs" className={classes.actions}>
          <Button size="xs" variant="light" onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="light" onClick={onAnalytics}>
            Analytics
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
