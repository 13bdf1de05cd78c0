import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { formatInZone, seatInWords, type OrderDateRange, type OrderRow } from '@portal/contract';
import { useState } from 'react';
import { PagedTable, type Column } from '../../../components/data-table.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { OrderStatusCell } from '../../../components/order-status.tsx';
import { PagePicker } from '../../../components/page-picker.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SearchInput, usePagedSearch } from '../../../components/search-input.tsx';
import { countLabel, formatMoney } from '../../../lib/format.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { downloadBookingsCsv, orderFilter, useOrders } from '../api/orders.ts';

const ranges: { value: OrderDateRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'last_week', label: 'Last Week' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'last_year', label: 'Last Year' },
  { value: 'all_time', label: 'All time' },
];
const pageSizes = ['10', '20', '50', '100'];

const columns: Column<OrderRow>[] = [
  { key: 'attendee', header: 'Attendee', cell: (o) => o.User.full_name },
  { key: 'email', header: 'Email', cell: (o) => o.User.email },
  { key: 'event', header: 'Event', cell: (o) => o.events_name },
  {
    key: 'ticket',
    header: 'Ticket',
    cell: (o) => (
      <>
        {o.tickets_name}
        {o.seats.length > 0 && (
          <Text size="xs" c="dimmed">
            {o.seats.map(seatInWords).join('; ')}
          </Text>
        )}
      </>
    ),
  },
  { key: 'quantity', header: 'Quantity', numeric: true, cell: (o) => o.quantity },
  { key: 'price', header: 'Price', numeric: true, cell: (o) => formatMoney(o.price) },
  { key: 'date', header: 'Date', cell: (o) => formatInZone(o.date_time, o.time_zone) },
  {
    key: 'status',
    header: 'Status',
    cell: (o) => <OrderStatusCell status={o.status} refund={o.refund} timeZone={o.time_zone} />,
  },
];

/** Orders searched by attendee, event or e-mail over a date range, paged, with the Bookings CSV. */
export function OrdersPage() {
  const partnerId = usePartnerId();
  const { text, type, search, page, setPage } = usePagedSearch();
  const [date, setDate] = useState<OrderDateRange>('last_week');
  const [perPage, setPerPage] = useState(20);
  const filter = orderFilter(search, date);
  const orders = useOrders({ ...filter, page, per_page: perPage });
  const csv = useMutation({ mutationFn: () => downloadBookingsCsv(partnerId, filter) });

  return (
    <Stack>
      <PageTitle>Orders</PageTitle>
      <Group align="flex-end" wrap="wrap">
        <SearchInput
          label="Search"
          placeholder="search by attendee name, event or email"
          value={text}
          onSearch={type}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label="Date range"
          data={ranges}
          value={date}
          allowDeselect={false}
          onChange={(v) => {
            setDate((v as OrderDateRange | null) ?? 'last_week');
            setPage(0);
          }}
          w={170}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={csv.isPending}
          onClick={() => csv.mutate()}
        >
          Bookings CSV
        </Button>
      </Group>
      <FailureAlert error={csv.error} />
      <PagedTable
        query={orders}
        loading="Loading orders"
        empty="No orders match. Try a wider date range."
        label="Orders"
        columns={columns}
        rowKey={(o) => o.ID}
        minWidth={760}
      />
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" id="rows-per-page">
            Rows per page
          </Text>
          <Select
            aria-labelledby="rows-per-page"
            data={pageSizes}
            value={String(perPage)}
            allowDeselect={false}
            onChange={(v) => {
              setPerPage(Number(v ?? 20));
              setPage(0);
            }}
            w={90}
          />
          <Text size="sm" c="dimmed">
            {orders.data ? countLabel(orders.data, 'orders') : ''}
          </Text>
        </Group>
        <PagePicker total={orders.data?.total ?? 0} perPage={perPage} page={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
