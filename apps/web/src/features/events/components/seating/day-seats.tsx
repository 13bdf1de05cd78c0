import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DaySeatStates, EventDetail, SectionSeatCounts } from '@portal/contract';
import { useState } from 'react';
import { DataTable, type Column } from '../../../../components/data-table.tsx';
import { QueryBoundary } from '../../../../components/query-boundary.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { formatEventDate, formatTime } from '../../../../lib/format.ts';
import { useDaySeatStates, useSaveHeldSeats } from '../../api/seating.ts';
import { chosenCounts, firstOpenDay, heldAfter, stateSections, toggled, type StateSeat } from '../../seating.ts';
import { SeatLegend, SeatStatesMap } from './seat-states-map.tsx';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const countColumns: Column<SectionSeatCounts>[] = [
  { key: 'name', header: 'Section', cell: (s) => s.name },
  { key: 'seats', header: 'Seats', cell: (s) => s.seats, numeric: true },
  { key: 'sold', header: 'Sold', cell: (s) => s.sold, numeric: true },
  { key: 'reserved', header: 'Reserved', cell: (s) => s.reserved, numeric: true },
  { key: 'held', header: 'Held back', cell: (s) => s.held, numeric: true },
  { key: 'free', header: 'Free', cell: (s) => s.free, numeric: true },
];

/** The sections' counts with a line for all of them when there is more than one. */
function countRows(sections: SectionSeatCounts[]): SectionSeatCounts[] {
  if (sections.length < 2) return sections;
  const sum = (field: 'seats' | 'sold' | 'reserved' | 'held' | 'free') => sections.reduce((n, s) => n + s[field], 0);
  const all = { ID: 0, name: 'All sections', seats: sum('seats'), sold: sum('sold'), reserved: sum('reserved') };
  return [...sections, { ...all, held: sum('held'), free: sum('free') }];
}

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
      {save.isError && (
        <Alert color="red" title="Not saved">
          {save.error.message}
        </Alert>
      )}
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
      <DataTable
        label="Seats by section"
        columns={countColumns}
        rows={countRows(day.sections)}
        rowKey={(s) => s.ID}
        minWidth={420}
      />
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
  const [dayId, setDayId] = useState(() => firstOpenDay(event.event_days));
  const shown = event.event_days.some((d) => d.ID === dayId) ? dayId : firstOpenDay(event.event_days);
  const dayLabel = (d: EventDetail['event_days'][number]) =>
    `${formatEventDate(d.start_date, event.time_zone)} · ${formatTime(d.start_date, event.time_zone)}`;
  return (
    <SectionCard title="Seats sold and held">
      <Stack>
        {event.event_days.length > 1 ? (
          <Select
            label="Day"
            data={event.event_days.map((d) => ({ value: String(d.ID), label: dayLabel(d) }))}
            value={shown === null ? null : String(shown)}
            onChange={(value) => value !== null && setDayId(Number(value))}
            allowDeselect={false}
            maw={320}
          />
        ) : (
          event.event_days[0] && <Text c="dimmed">{dayLabel(event.event_days[0])}</Text>
        )}
        {shown === null ? (
          <Text c="dimmed">The event has no days yet.</Text>
        ) : (
          <DayView key={shown} eventId={event.ID} dayId={shown} />
        )}
      </Stack>
    </SectionCard>
  );
}
