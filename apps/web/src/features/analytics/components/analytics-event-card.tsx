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
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** An event's card on /analytics; the whole card is the link to its analysis. */
export function AnalyticsEventCard({ event }: { event: EventAnalyticsSummary }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/event-analysis/${event.ID}`}
      aria-label={`${event.name}: ${formatCount(event.tickets_sold)} sold, ${formatMoney(event.ticket_sold_value)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {event.name}
          </Text>
          {event.onSale && (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              On sale
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {formatEventDate(event.start_date, event.time_zone)}
        </Text>
        <SimpleGrid cols={2} spacing={6}>
          <Line label="Sold" value={formatCount(event.tickets_sold)} />
          <Line label="Sold value" value={formatMoney(event.ticket_sold_value)} />
          <Line label="Open" value={formatCount(event.tickets_open)} />
          <Line label="Gross potential" value={formatMoney(event.total_gross_potential)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
