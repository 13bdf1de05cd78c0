import { Alert, Button, Center, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { OrderDateRange } from '@portal/contract';
import { useState } from 'react';
import { OrderStatusCell } from '../../../components/order-status.tsx';
import { PagePicker } from '../../../components/page-picker.tsx';
import { countLabel, formatInZone, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { downloadBookingsCsv, orderFilter, useOrders } from '../api/orders.ts';

const ranges: { value: OrderDateRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'last_week', label: 'Last Week' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'last_year', label: 'Last Year' },
  { value: 'all_time', label: 'All time' },
];
const pageSizes = ['10', '20', '50', '100'];

/** Orders searched by attendee, event or e-mail over a date range, paged, with the Bookings CSV. */
export function OrdersPage() {
  const { partnerId } = useSession();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 250);
  const [date, setDate] = useState<OrderDateRange>('last_week');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const filter = orderFilter(search, date);
  const orders = useOrders({ ...filter, page, per_page: perPage });
  const csv = useMutation({ mutationFn: () => downloadBookingsCsv(partnerId!, filter) });

  return (
    <Stack>
      <Title order={1} size="h2">
        Orders
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="search by attendee name, event or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
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
      {csv.isError && <Alert color="red">{csv.error.message}</Alert>}
      {orders.isError && <Alert color="red">{orders.error.message}</Alert>}
      {orders.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading orders" />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Orders" aria-busy={orders.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Attendee</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Ticket</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data?.data.map((o) => (
                <Table.Tr key={o.ID}>
                  <Table.Td>{o.User.full_name}</Table.Td>
                  <Table.Td>{o.User.email}</Table.Td>
                  <Table.Td>{o.events_name}</Table.Td>
                  <Table.Td>{o.tickets_name}</Table.Td>
                  <Table.Td ta="right">{o.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(o.price)}</Table.Td>
                  <Table.Td>{formatInZone(o.date_time, o.time_zone)}</Table.Td>
                  <Table.Td>
                    <OrderStatusCell status={o.status} refund={o.refund} timeZone={o.time_zone} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders.data?.total === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No orders match. Try a wider date range.
        </Text>
      )}
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
