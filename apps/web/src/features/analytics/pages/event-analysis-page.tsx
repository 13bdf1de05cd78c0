import { isNotFound, NotFound } from '../../../components/not-found.tsx';
import { Accordion, Alert, Anchor, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatEventDate, formatMoney, formatTime } from '../../../lib/format.ts';
import { useEventAnalytics } from '../api/event-analytics.ts';
import { AttendanceSection, InventorySection, SalesSection } from '../components/event-sections.tsx';
import { FigureGrid, formatCount } from '../components/figure-grid.tsx';

/** /event-analysis/:id: the header with four totals, then Sales, Inventory and Attendance. */
export function EventAnalysisPage() {
  const id = Number(useParams().id);
  const analytics = useEventAnalytics(id);
  if (analytics.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading analytics" />
      </Center>
    );
  if (analytics.isError && isNotFound(analytics.error)) return <NotFound />;
  if (analytics.isError)
    return (
      <Stack>
        <Alert color="red">{analytics.error.message}</Alert>
        <Anchor component={Link} to="/analytics">
          Back to analytics
        </Anchor>
      </Stack>
    );
  const a = analytics.data;
  return (
    <Stack>
      <Anchor component={Link} to="/analytics" size="sm">
        ← All analytics
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {a.name}
          </Title>
          <Text c="dimmed">
            {formatEventDate(a.start_date, a.time_zone)} · {formatTime(a.start_date, a.time_zone)} ({a.time_zone})
          </Text>
        </div>
        <Badge color={a.onSale ? 'green' : 'gray'} variant="light" size="lg">
          {a.onSale ? 'On sale' : 'Not on sale'}
        </Badge>
      </Group>
      <FigureGrid
        figures={[
          { label: 'Tickets sold', value: formatCount(a.tickets_sold) },
          { label: 'Sold value', value: formatMoney(a.ticket_sold_value) },
          {
            label: 'Tickets open',
            value: formatCount(a.tickets_open),
            hint: `${formatMoney(a.tickets_open_value)} at face value`,
          },
          { label: 'Gross potential', value: formatMoney(a.total_gross_potential) },
        ]}
      />
      <Accordion multiple defaultValue={['sales', 'inventory', 'attendance']} variant="separated">
        <Accordion.Item value="sales">
          <Accordion.Control fw={600}>Sales</Accordion.Control>
          <Accordion.Panel>
            <SalesSection a={a} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="inventory">
          <Accordion.Control fw={600}>Inventory</Accordion.Control>
          <Accordion.Panel>
            <InventorySection a={a} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="attendance">
          <Accordion.Control fw={600}>Attendance</Accordion.Control>
          <Accordion.Panel>
            <AttendanceSection a={a} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
