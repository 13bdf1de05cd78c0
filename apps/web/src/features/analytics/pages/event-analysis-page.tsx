import { Accordion, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { EventAnalytics } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ReadFailed } from '../../../components/not-found.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Loading } from '../../../components/query-boundary.tsx';
import { formatEventDate, formatMoney, formatTime } from '../../../lib/format.ts';
import { useEventAnalytics } from '../api/event-analytics.ts';
import { AttendanceSection, InventorySection, SalesSection } from '../components/event-sections.tsx';
import { FigureGrid, formatCount } from '../components/figure-grid.tsx';
import { SeatsBySectionCard } from '../components/seats-by-section-card.tsx';

const sections: { value: string; title: string; Section: (props: { a: EventAnalytics }) => ReactNode }[] = [
  { value: 'sales', title: 'Sales', Section: SalesSection },
  { value: 'inventory', title: 'Inventory', Section: InventorySection },
  { value: 'attendance', title: 'Attendance', Section: AttendanceSection },
];

/**
 * /event-analysis/:id: the header with four totals, then Sales, Inventory and Attendance, and for an
 * event sold from a seat map its seats by section.
 */
export function EventAnalysisPage() {
  const id = Number(useParams().id);
  const analytics = useEventAnalytics(id);
  if (analytics.isPending) return <Loading label="Loading analytics" />;
  if (analytics.isError)
    return <ReadFailed error={analytics.error} back={{ to: '/analytics', label: 'Back to analytics' }} />;
  const a = analytics.data;
  return (
    <Stack>
      <Anchor component={Link} to="/analytics" size="sm">
        ← All analytics
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle>{a.name}</PageTitle>
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
      <Accordion multiple defaultValue={sections.map((s) => s.value)} variant="separated">
        {sections.map(({ value, title, Section }) => (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control fw={600}>{title}</Accordion.Control>
            <Accordion.Panel>
              <Section a={a} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <SeatsBySectionCard eventId={a.ID} />
    </Stack>
  );
}
