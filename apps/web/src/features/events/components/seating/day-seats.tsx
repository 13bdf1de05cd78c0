import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DaySeatStates, EventDetail } from '@portal/contract';
import { useState } from 'react';
import { useDaySeatStates } from '../../../../api/seating.ts';
import { EventDayChoice } from '../../../../components/event-day-choice.tsx';
import { FailureAlert } from '../../../../components/failure-alert.tsx';
import { QueryBoundary } from '../../../../components/query-boundary.tsx';
import { SeatsBySection } from '../../../../components/seats-by-section.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useSaveHeldSeats } from '../../api/seating.ts';
import { chosenCounts, heldAfter, stateSections, toggled, type StateSeat } from '../../seating.ts';
import { SeatLegend, SeatStatesMap } from './seat-states-map.tsx';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One day's seats: the map with each seat's state, the organizer's holds, and the counts by section. */
function DayBoard({ eventId, dayId, day }: { eventId: number; dayId: number; day: DaySeatStates }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const save = useSaveHeldSeats(eventId, dayId);
  const sections = stateSections(day);
  const colours = new Map(day.seat_map.categories.map((c) => [c.name, c.color]));
  const counts = chosenCounts(sections, chosen);

  const apply = (action: 'hold' | 'release') => {
    const changed = action === 'hold' ? counts.free : counts.held;
    save.mutate(heldAfter(sections, chosen, action), {
      onSuccess: () => {
        setChosen(new Set());
        notifications.show({
          color: 'green',
          message: `${plural(changed, 'seat')} ${action === 'hold' ? 'held back' : 'released'}`,
        });
      },
    });
  };

  return (
    <Stack>
      <SeatLegend />
      <SeatStatesMap
        sections={sections}
        colours={colours}
        chosen={chosen}
        onToggle={(seats: StateSeat[]) => setChosen((current) => toggled(current, seats))}
      />
      <Text size="sm" aria-live="polite">
        {chosen.size === 0
          ? 'Choose free seats to hold them back (for guests, a camera, or seats you will not sell), or held seats to release them.'
          : `${plural(chosen.size, 'seat')} chosen: ${counts.free} free, ${counts.held} held back.`}
      </Text>
      <FailureAlert title="Not saved" error={save.error} />
      <Group gap="xs">
        <Button onClick={() => apply('hold')} disabled={counts.free === 0} loading={save.isPending}>
          Hold back
        </Button>
        <Button variant="light" onClick={() => apply('release')} disabled={counts.held === 0} loading={save.isPending}>
          Release
        </Button>
        <Button variant="subtle" onClick={() => setChosen(new Set())} disabled={chosen.size === 0}>
          Clear choice
        </Button>
      </Group>
      <SeatsBySection sections={day.sections} />
    </Stack>
  );
}

function DayView({ eventId, dayId }: { eventId: number; dayId: number }) {
  const day = useDaySeatStates(eventId, dayId);
  return (
    <QueryBoundary query={day} loading="Loading the day’s seats">
      {(data) => <DayBoard eventId={eventId} dayId={dayId} day={data} />}
    </QueryBoundary>
  );
}

/** The seats of a day of the event: a day to choose first when it has several. */
export function DaySeats({ event }: { event: EventDetail }) {
  return (
    <SectionCard title="Seats sold and held">
      <EventDayChoice days={event.event_days} timeZone={event.time_zone}>
        {(dayId) => <DayView eventId={event.ID} dayId={dayId} />}
      </EventDayChoice>
    </SectionCard>
  );
}
