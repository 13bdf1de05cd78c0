import { Button, Group, Stack, Text } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import { lazy, useState } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePartnerId } from '../../../lib/session.ts';
import { useEventsByPeriod, useToggleEventFlags, type WidgetFlag } from '../../../api/events.ts';
import { useCan } from '../../../api/permissions.ts';
import { EventCard } from '../components/event-card.tsx';
import { PeriodAccordion } from '../../../components/period-accordion.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { notifyNotSaved } from '../../../lib/notify.ts';

// The dialogs are closed when the list opens: their code is fetched when one is first opened.
const DeleteEventModal = lazy(async () => ({
  default: (await import('../components/delete-event-modal.tsx')).DeleteEventModal,
}));
const RemintWarningModal = lazy(async () => ({
  default: (await import('../components/remint-warning-modal.tsx')).RemintWarningModal,
}));

export function EventListPage() {
  const partnerId = usePartnerId();
  const navigate = useNavigate();
  const events = useEventsByPeriod(partnerId);
  const toggle = useToggleEventFlags(partnerId);
  const canCheckIn = useCan('check_in');
  const [deleting, setDeleting] = useState<EventListItem | null>(null);
  const [reminting, setReminting] = useState<EventListItem | null>(null);

  // Spec: editing an event whose sale has started first warns that its tickets must be re-minted.
  const edit = (event: EventListItem) => {
    if (event.selling_time && new Date(event.selling_time) < new Date()) setReminting(event);
    else void navigate(`/event-summary/${event.ID}`);
  };
  const onToggle = (event: EventListItem) => (flag: WidgetFlag, value: boolean) =>
    toggle.mutate({ id: event.ID, flags: { [flag]: value } }, { onError: (error) => notifyNotSaved(error) });

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>My Events</PageTitle>
        <Group gap="xs">
          <Button component={Link} to="/event-list/seat-maps" variant="default">
            Seat maps
          </Button>
          <Button component={Link} to="/event-creation">
            Create Event
          </Button>
        </Group>
      </Group>
      <QueryBoundary
        query={events}
        loading="Loading events"
        empty={{
          text: (
            <Stack align="center" py="xl">
              <Text>No events yet. Create your first one to start selling tickets.</Text>
            </Stack>
          ),
        }}
      >
        {(groups) => (
          <PeriodAccordion groups={groups}>
            {(event) => (
              <EventCard
                key={event.ID}
                event={event}
                onToggle={onToggle(event)}
                onEdit={() => edit(event)}
                onAnalytics={() => void navigate(`/event-analysis/${event.ID}`)}
                {...(canCheckIn && { onCheckIn: () => void navigate(`/event-check-in/${event.ID}`) })}
                onDelete={() => setDeleting(event)}
              />
            )}
          </PeriodAccordion>
        )}
      </QueryBoundary>
      <Deferred fallback={null}>
        {deleting && <DeleteEventModal event={deleting} onClose={() => setDeleting(null)} />}
        {reminting && (
          <RemintWarningModal
            event={reminting}
            onCancel={() => setReminting(null)}
            onContinue={() => void navigate(`/event-summary/${reminting.ID}`)}
          />
        )}
      </Deferred>
    </Stack>
  );
}
