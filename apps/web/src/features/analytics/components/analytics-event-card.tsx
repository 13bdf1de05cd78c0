import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventAnalyticsSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatEventDate, formatMoney } from '../../../lib/format.ts';
import { formatCount } from './figure-grid.tsx';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>{' '}
      <Text fw={600}>{value}</Text>{' '}
    </div>
  );
}

/** An event's card on /analytics; the whole card is the link to its analysis. */
export function AnalyticsEventCard({ event }: { event: EventAnalyticsSummary }) {
  const date = formatEventDate(event.start_date, event.time_zone);
  const lines = [
    { label: 'Sold', value: formatCount(event.tickets_sold) },
    { label: 'Sold value', value: formatMoney(event.ticket_sold_value) },
    { label: 'Open', value: formatCount(event.tickets_open) },
    { label: 'Gross potential', value: formatMoney(event.total_gross_potential) },
  ];
  // The card's own words in their order, with pauses: a name that differs from what is shown
  // fails people who speak a link's visible text to follow it. The spaces between the blocks below
  // keep those words apart in the card's text too, as tools that read it as plain text see it.
  const name = `${event.name}: ${event.onSale ? 'On sale, ' : ''}${date}, ${lines
    .map((l) => `${l.label} ${l.value}`)
    .join(', ')}`;
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={`/event-analysis/${event.ID}`} aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {event.name}
          </Text>{' '}
          {event.onSale && (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              On sale
            </Badge>
          )}
        </Group>{' '}
        <Text size="sm" c="dimmed">
          {date}
        </Text>{' '}
        <SimpleGrid cols={2} spacing={6}>
          {lines.map((l) => (
            <Line key={l.label} {...l} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
