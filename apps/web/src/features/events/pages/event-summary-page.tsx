import { Anchor, Group, Stack, Tabs, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useEvent } from '../../../api/events.ts';
import { useCan } from '../../../api/permissions.ts';
import { ReadFailed } from '../../../components/not-found.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Loading } from '../../../components/query-boundary.tsx';
import { formatEventDate, formatTime } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { EventInfoTab } from '../components/summary/event-info-tab.tsx';
import { MintWaiting } from '../components/summary/mint-waiting.tsx';
import { SeatingTab } from '../components/seating/seating-tab.tsx';
import { PromoCodesTab } from '../components/summary/promo-codes-tab.tsx';
import { SponsorsTab } from '../components/summary/sponsors-tab.tsx';
import { TicketTypesTab } from '../components/summary/ticket-types-tab.tsx';

const tabs = ['info', 'tickets', 'promos', 'sponsors', 'seating'];

export function EventSummaryPage() {
  const id = Number(useParams().id);
  const partnerId = usePartnerId();
  const event = useEvent(id);
  const canCheckIn = useCan('check_in');
  // The open tab is in the address (?tab=seating), so a link or a reload opens it again.
  const [params, setParams] = useSearchParams();
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'info';

  if (event.isPending) return <Loading label="Loading the event" />;
  if (event.isError) return <ReadFailed error={event.error} back={{ to: '/event-list', label: 'Back to My Events' }} />;
  const e = event.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <PageTitle>{e.name}</PageTitle>
          <Text c="dimmed">
            {formatEventDate(e.start_date, e.time_zone)} · {formatTime(e.start_date, e.time_zone)} · {e.venue}
          </Text>
        </Stack>
        <Group gap="md">
          {canCheckIn && (
            <Anchor component={Link} to={`/event-check-in/${e.ID}`}>
              Check-in
            </Anchor>
          )}
          <Anchor component={Link} to={`/event-analysis/${e.ID}`}>
            Analytics
          </Anchor>
        </Group>
      </Group>
      <MintWaiting count={e.tickets_waiting_to_mint} />
      <Tabs
        value={tab}
        onChange={(value) => value && setParams(value === 'info' ? {} : { tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="info">Event information</Tabs.Tab>
          <Tabs.Tab value="tickets">Ticket Types</Tabs.Tab>
          <Tabs.Tab value="promos">Promo Codes</Tabs.Tab>
          <Tabs.Tab value="sponsors">Event Sponsors</Tabs.Tab>
          <Tabs.Tab value="seating">Seating</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <EventInfoTab event={e} />
        </Tabs.Panel>
        <Tabs.Panel value="tickets" pt="md">
          <TicketTypesTab event={e} partnerId={partnerId} />
        </Tabs.Panel>
        <Tabs.Panel value="promos" pt="md">
          <PromoCodesTab event={e} />
        </Tabs.Panel>
        <Tabs.Panel value="sponsors" pt="md">
          <SponsorsTab event={e} />
        </Tabs.Panel>
        <Tabs.Panel value="seating" pt="md">
          <SeatingTab event={e} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
