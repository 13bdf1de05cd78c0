import { formatInZone } from '@portal/contract';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { useRefundEvents } from '../api/refunds.ts';
import { RefundHeader } from '../components/refund-header.tsx';
import classes from './fan-refund-page.module.css';

const priceRange = (lo: number, hi: number) =>
  lo === hi ? formatMoney(lo) : `${formatMoney(lo)} – ${formatMoney(hi)}`;

/** The events in which the fan holds tickets; each opens that event's tickets to refund. */
export function FanRefundPage() {
  const fanId = Number(useParams().id);
  const name = (useLocation().state as { name?: string } | null)?.name;
  const partnerId = usePartnerId();
  const events = useRefundEvents(partnerId, fanId);

  return (
    <Stack>
      <RefundHeader name={name} back={{ to: `/fan-history/${fanId}`, label: 'Back to fan' }} />
      <QueryBoundary
        query={events}
        loading="Loading tickets"
        empty={{ text: 'This fan holds no tickets that can be refunded.' }}
      >
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.map((e) => (
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
        )}
      </QueryBoundary>
    </Stack>
  );
}
