import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import type { BillingRow } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { formatEventDate, formatMoney } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { useBillingHistory } from '../api/billing-history.ts';
import { formatPercent } from '../components/figure-grid.tsx';

const columns: Column<BillingRow>[] = [
  {
    key: 'event',
    header: 'Event',
    cell: (r) => (
      <Anchor component={Link} to={`/event-analysis/${r.ID}`}>
        {r.event_name}
      </Anchor>
    ),
  },
  { key: 'date', header: 'Date', cell: (r) => formatEventDate(r.date, r.time_zone) },
  { key: 'gross', header: 'Gross', numeric: true, cell: (r) => formatMoney(r.gross_revenue) },
  { key: 'partner-pct', header: 'Partner %', numeric: true, cell: (r) => formatPercent(r.partner_percentage) },
  { key: 'partner', header: 'Partner share', numeric: true, cell: (r) => formatMoney(r.partner_amount) },
  { key: 'provider-pct', header: 'Provider %', numeric: true, cell: (r) => formatPercent(r.provider_percentage) },
  { key: 'provider', header: 'Provider share', numeric: true, cell: (r) => formatMoney(r.provider_amount) },
];

/** /billing-history: what each event brought in, and how it splits between partner and provider. */
export function BillingHistoryPage() {
  const billing = useBillingHistory(usePartnerId());
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();

  return (
    <Stack>
      <Anchor component={Link} to="/analytics" size="sm">
        ← Analytics
      </Anchor>
      <PageTitle>Billing history</PageTitle>
      <TextInput
        label="Search events"
        placeholder="Event name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      <QueryBoundary
        query={billing}
        loading="Loading billing history"
        empty={{ text: 'No sales yet, so nothing to bill.' }}
      >
        {(all) => {
          const rows = all.filter((r) => r.event_name.toLowerCase().includes(needle));
          return rows.length === 0 ? (
            <Text c="dimmed">No event matches “{search.trim()}”.</Text>
          ) : (
            <DataTable
              label="Billing history"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.ID}
              minWidth={760}
              highlightOnHover
            />
          );
        }}
      </QueryBoundary>
    </Stack>
  );
}
