import { Alert, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { formatInZone, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useRefundEvents } from '../api/refunds.ts';
import { RefundHeader } from '../components/refund-header.tsx';
import classes from './fan-refund-page.module.css';

const priceRange = (lo: number, hi: number) =>
  lo === hi ? formatMoney(lo) : `${formatMoney(lo)} – ${formatMoney(hi)}`;

/** The events in which the fan holds tickets; each opens that event's tickets to refund. */
export function FanRefundPage() {
  const fanId = Number(useParams().id);
  const name = (useLocation().state as { name?: string } | null)?.name;
  const { partnerId } = useSession();
  const events = useRefundEvents(partnerId!, fanId);

  return (
    <Stack>
      <RefundHeader name={name} back={{ to: `/fan-history/${fanId}`, label: 'Back to fan' }} />
      {events.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading tickets" />
        </Center>
      )}
      {events.isError && <Alert color="red">{events.error.message}</Alert>}
      {events.data?.length === 0 && <Text c="dimmed">This fan holds no tickets that can be refunded.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {events.data?.map((e) => (
          <Card key={e.EventID} withBorder radius="md" h="100%" className={classes.card}>
            <Stack gap={4}>
              <Text
                fw={700}
                component={Link}
                to={`/fan-refund/${fanId}/${e.EventID}`}
                state={{ name }}
                className={classes.link}
                aria-label={`${e.EventName}: ${e.TicketsOwned} ${e.TicketsOwned === 1 ? 'ticket' : 'tickets'}`}
              >
                {e.EventName}
              </Text>
              <Text size="sm">{formatInZone(e.DateEvent, e.TimeZone)}</Text>
              <Text size="sm" c="dimmed">
                {e.Venue}
              </Text>
              <Group justify="space-between" mt="xs">
                <Text size="sm">
                  {e.TicketsOwned} {e.TicketsOwned === 1 ? 'ticket' : 'tickets'} owned
                </Text>
                <Text size="sm" fw={600}>
                  {priceRange(e.MinPrice, e.MaxPrice)}
                </Text>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
