import { useEvent } from '../../../api/events.ts';
import { useDaySeatStates, useEventSeating } from '../../../api/seating.ts';
import { EventDayChoice } from '../../../components/event-day-choice.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { SeatsBySection } from '../../../components/seats-by-section.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

function DaySections({ eventId, dayId }: { eventId: number; dayId: number }) {
  const day = useDaySeatStates(eventId, dayId);
  return (
    <QueryBoundary query={day} loading="Loading the day’s seats">
      {(d) => <SeatsBySection sections={d.sections} />}
    </QueryBoundary>
  );
}

function SeatedDays({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  return (
    <QueryBoundary query={event} loading="Loading the event’s days">
      {(e) => (
        <EventDayChoice days={e.event_days} timeZone={e.time_zone}>
          {(dayId) => <DaySections eventId={eventId} dayId={dayId} />}
        </EventDayChoice>
      )}
    </QueryBoundary>
  );
}

/** A day's seats by section (sold, reserved, held back, free) for an event sold from a seat map. */
export function SeatsBySectionCard({ eventId }: { eventId: number }) {
  const seating = useEventSeating(eventId);
  // Nothing until the seating says there is a map: most events sell general admission, and a card
  // shown while it loads would vanish again for them.
  if (seating.isPending || seating.data?.seat_map_id === null) return null;
  return (
    <SectionCard title="Seats by section">
      <QueryBoundary query={seating} loading="Loading the event’s seating">
        {() => <SeatedDays eventId={eventId} />}
      </QueryBoundary>
    </SectionCard>
  );
}
