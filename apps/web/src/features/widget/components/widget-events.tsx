import { Card, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useEventsByPeriod, useToggleEventFlags } from '../../../api/events.ts';
import { EventWidgetFlags } from '../../../components/event-widget-flags.tsx';
import { formatEventDate } from '../../../lib/format.ts';
import { notifyNotSaved } from '../../../lib/notify.ts';

/**
 * The events on the widget: the same toggles and the same call as the event list; here each saved
 * toggle is confirmed like the other Settings.
 */
export function WidgetEvents({ partnerId, onSaved }: { partnerId: number; onSaved: () => void }) {
  const groups = useEventsByPeriod(partnerId);
  const toggle = useToggleEventFlags(partnerId);
  if (groups.isPending) return <Loader size="sm" aria-label="Loading events" />;
  if (groups.isError) return <FailureAlert error={groups.error} />;
  const events = groups.data.flatMap((g) => g.events);
  return (
    <Stack gap="xs">
      <Text fw={600}>Events</Text>
      {events.length === 0 && <Text c="dimmed">No events yet: the widget shows them once you create some.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {events.map((event) => (
          <Card key={event.ID} withBorder padding="sm" component="article" aria-label={event.name}>
            <Stack gap={6}>
              <Text fw={600} lineClamp={1}>
                {event.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatEventDate(event.start_date, event.time_zone)} · {event.venue}
              </Text>
              <EventWidgetFlags
                event={event}
                named
                onToggle={(flag, value) =>
                  toggle.mutate(
                    { id: event.ID, flags: { [flag]: value } },
                    { onSuccess: onSaved, onError: (e) => notifyNotSaved(e) },
                  )
                }
              />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
