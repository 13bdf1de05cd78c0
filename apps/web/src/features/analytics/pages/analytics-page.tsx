import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PartnerAnalytics } from '@portal/contract';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { PeriodAccordion } from '../../../components/period-accordion.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { usePartnerAnalytics } from '../api/partner-analytics.ts';
import { TopEventsChart } from '../components/analytics-charts.tsx';
import { AnalyticsEventCard } from '../components/analytics-event-card.tsx';
import { FigureGrid, formatCount } from '../components/figure-grid.tsx';

function OverallSummary({ data }: { data: PartnerAnalytics }) {
  const top = data.ordered_by_sells.filter((e) => e.tickets_sold > 0).slice(0, 5);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Overall Summary">
      <Title order={2} size="h4" mb="md">
        Overall Summary
      </Title>
      <FigureGrid
        cols={3}
        figures={[
          { label: 'Gross tickets sold', value: formatCount(data.gross_tickets_sold) },
          {
            label: 'Gross revenue',
            value: formatMoney(data.gross_revenue),
            hint: data.secondary_royalties ? `${formatMoney(data.secondary_royalties)} of it resale royalties` : '',
          },
          { label: 'Total events', value: formatCount(data.total_events) },
        ]}
      />
      {top.length > 0 && <TopEventsChart events={top} />}
    </Card>
  );
}

/** /analytics: the Overall Summary, then the event cards by period, the first period open. */
export function AnalyticsPage() {
  const partnerId = usePartnerId();
  const analytics = usePartnerAnalytics(partnerId);

  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>Analytics</PageTitle>
        <Button component={Link} to="/billing-history" variant="light">
          Billing history
        </Button>
      </Group>
      <QueryBoundary query={analytics} loading="Loading analytics">
        {(data) => (
          <>
            <OverallSummary data={data} />
            {data.event_analytics.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No events yet. Analytics appear here once you create an event.
              </Text>
            ) : (
              <PeriodAccordion groups={data.event_analytics}>
                {(event) => <AnalyticsEventCard key={event.ID} event={event} />}
              </PeriodAccordion>
            )}
          </>
        )}
      </QueryBoundary>
    </Stack>
  );
}
