import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EventDetail, EventSeating, SeatMap } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSeatMap, useSeatMaps } from '../../../../api/seat-maps.ts';
import { useEventSeating } from '../../../../api/seating.ts';
import { FailureAlert } from '../../../../components/failure-alert.tsx';
import { QueryBoundary } from '../../../../components/query-boundary.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { useSaveEventSeating } from '../../api/seating.ts';
import { isSavedSeating, seatingBody, startingCategories, type CategoryChoice } from '../../seating.ts';
import { DaySeats } from './day-seats.tsx';

const generalAdmission = 'none';
const noSeats = 'none';

/** A Select per ticket type: the category of the map it sells, or no seats. */
function CategoryPicks({
  event,
  map,
  categories,
  onChange,
}: {
  event: EventDetail;
  map: SeatMap;
  categories: CategoryChoice;
  onChange: (typeId: number, categoryId: number | null) => void;
}) {
  if (event.ticket_types.length === 0)
    return <Text c="dimmed">Add a ticket type first: each ticket type sells the seats of one category.</Text>;
  const options = [
    { value: noSeats, label: 'Sells no seats' },
    ...map.categories.map((c) => ({ value: String(c.ID), label: c.name })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {event.ticket_types.map((type) => (
        <Select
          key={type.ID}
          label={`Ticket type ${type.name} category`}
          data={options}
          value={categories[type.ID] == null ? noSeats : String(categories[type.ID])}
          onChange={(value) => onChange(type.ID, value === null || value === noSeats ? null : Number(value))}
          allowDeselect={false}
        />
      ))}
    </SimpleGrid>
  );
}

/** Which map the event sells from (or general admission) and which category each ticket type sells. */
function SeatingSetup({ event, saved }: { event: EventDetail; saved: EventSeating }) {
  const maps = useSeatMaps();
  const [mapId, setMapId] = useState(saved.seat_map_id);
  // The form's categories for the map they were chosen on; another map starts afresh.
  const [edited, setEdited] = useState<{ mapId: number; categories: CategoryChoice } | null>(null);
  const map = useSeatMap(mapId);
  const save = useSaveEventSeating(event.ID);

  const categories =
    mapId === null
      ? {}
      : edited?.mapId === mapId
        ? edited.categories
        : map.data && startingCategories(event.ticket_types, map.data, saved);
  const body = categories ? seatingBody(mapId, categories) : null;
  const unchanged = body === null || isSavedSeating(body, saved);

  const submit = () => {
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setEdited(null);
        notifications.show({ color: 'green', message: 'Seating saved' });
      },
    });
  };

  return (
    <SectionCard title="Seating">
      <QueryBoundary query={maps} loading="Loading seat maps">
        {(list) => (
          <Stack>
            <Text size="sm" c="dimmed">
              Sell this event from one of your seat maps, each ticket type from one of its categories, or sell general
              admission without seats. The map cannot change once a seat is sold or held back.
            </Text>
            <Select
              label="Seat map"
              data={[
                { value: generalAdmission, label: 'General admission (no seats)' },
                ...list.map((m) => ({ value: String(m.ID), label: `${m.name} · ${m.venue} · ${m.seat_count} seats` })),
              ]}
              value={mapId === null ? generalAdmission : String(mapId)}
              onChange={(value) => {
                setMapId(value === null || value === generalAdmission ? null : Number(value));
                save.reset();
              }}
              allowDeselect={false}
              maw={480}
            />
            {list.length === 0 && (
              <Text size="sm">
                You have no seat maps yet.{' '}
                <Anchor component={Link} to="/event-list/seat-maps/new">
                  Draw one
                </Anchor>{' '}
                to sell seats.
              </Text>
            )}
            {mapId !== null && (
              <QueryBoundary query={map} loading="Loading the seat map">
                {(m) => (
                  <CategoryPicks
                    event={event}
                    map={m}
                    categories={categories ?? {}}
                    onChange={(typeId, categoryId) =>
                      setEdited({ mapId, categories: { ...categories, [typeId]: categoryId } })
                    }
                  />
                )}
              </QueryBoundary>
            )}
            <FailureAlert title="Seating not saved" error={save.error} />
            <Group justify="flex-end">
              <Button onClick={submit} disabled={unchanged} loading={save.isPending}>
                Save seating
              </Button>
            </Group>
          </Stack>
        )}
      </QueryBoundary>
    </SectionCard>
  );
}

/** The event summary's Seating tab: the event's map and categories, then a day's seats on the saved map. */
export function SeatingTab({ event }: { event: EventDetail }) {
  const seating = useEventSeating(event.ID);
  return (
    <QueryBoundary query={seating} loading="Loading the event’s seating">
      {(saved) => (
        <Stack>
          <SeatingSetup key={saved.seat_map_id ?? generalAdmission} event={event} saved={saved} />
          {saved.seat_map_id !== null && <DaySeats event={event} />}
        </Stack>
      )}
    </QueryBoundary>
  );
}
