import { Alert, Anchor, Center, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatEventDate, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useBillingHistory } from '../api/billing-history.ts';
import { formatPercent } from '../components/figure-grid.tsx';

/** /billing-history: what each event brought in, and how it splits between partner and provider. */
export function BillingHistoryPage() {
  const { partnerId } = useSession();
  const billing = useBillingHistory(partnerId!);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const rows = billing.data?.filter((r) => r.event_name.toLowerCase().includes(needle)) ?? [];

  return (
    <Stack>
      <Anchor component={Link} to="/analytics" size="sm">
        ← Analytics
      </Anchor>
      <Title order={1} size="h2">
        Billing history
      </Title>
      <TextInput
        label="Search events"
        placeholder="Event name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {billing.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading billing history" />
        </Center>
      )}
      {billing.isError && <Alert color="red">{billing.error.message}</Alert>}
      {billing.data?.length === 0 && <Text c="dimmed">No sales yet, so nothing to bill.</Text>}
      {billing.data && billing.data.length > 0 && rows.length === 0 && (
        <Text c="dimmed">No event matches “{search.trim()}”.</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label="Billing history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Gross</Table.Th>
                <Table.Th ta="right">Partner %</Table.Th>
                <Table.Th ta="right">Partner share</Table.Th>
                <Table.Th ta="right">Provider %</Table.Th>
                <Table.Th ta="right">Provider share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.ID}>
                  <Table.Td>
                    <Anchor component={Link} to={`/event-analysis/${r.ID}`}>
                      {r.event_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatEventDate(r.date, r.time_zone)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.gross_revenue)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(r.partner_percentage)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.partner_amount)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(r.provider_percentage)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.provider_amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
