import { Accordion, Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useEventsByPeriod } from '../api/get-events.ts';
import { EventCard } from '../components/event-card.tsx';

export function EventListPage() {
  const { partnerId } = useSession();
  const events = useEventsByPeriod(partnerId ?? 0);

  return (
    <Stack>
      <Title order={1} size="h2">
        My Events
      </Title>
      {events.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading events" />
        </Center>
      )}
      {events.isError && <Alert color="red">{events.error.message}</Alert>}
      {events.data?.length === 0 && (
        <Stack align="center" py="xl">
          <Text>No events yet.</Text>
          <Button component={Link} to="/event-creation">
            Create Event
          </Button>
        </Stack>
      )}
      {events.data && events.data.length > 0 && (
        <Accordion multiple defaultValue={[events.data[0]!.period]} variant="separated">
          {events.data.map((group) => (
            <Accordion.Item key={group.period} value={group.period}>
              <Accordion.Control fw={600}>{group.period}</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {group.events.map((event) => (
                    <EventCard key={event.ID} event={event} />
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
