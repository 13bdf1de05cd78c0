import { Table, Text } from '@mantine/core';
import type { EventAnalytics } from '@portal/contract';
import { formatMoney } from '../../../lib/format.ts';
import { AttendanceChart, InventoryChart, SalesPerDayChart } from './analytics-charts.tsx';
import { FigureGrid, formatCount, formatRate } from './figure-grid.tsx';

export function SalesSection({ a }: { a: EventAnalytics }) {
  const { sales } = a;
  return (
    <>
      <FigureGrid
        cols={3}
        figures={[
          { label: 'Total face value', value: formatMoney(sales.total_face_value) },
          { label: 'Sold', value: formatCount(sales.sold) },
          { label: 'Open', value: formatCount(sales.opens) },
          { label: 'Sales today', value: formatCount(sales.sales_today) },
          { label: 'Average sold per day', value: formatRate(sales.average_sold_per_day) },
          {
            label: 'Required per day for sellout',
            value: formatRate(sales.required_per_day_for_sellout),
            hint: sales.days_left ? `${sales.days_left} selling days left, today included` : 'The sale is over',
          },
        ]}
      />
      {sales.sales_by_day && sales.sales_by_day.length > 0 ? (
        <SalesPerDayChart days={sales.sales_by_day} />
      ) : (
        <Text c="dimmed" mt="md">
          No tickets sold yet.
        </Text>
      )}
    </>
  );
}

export function InventorySection({ a }: { a: EventAnalytics }) {
  const { inventory } = a;
  const types = inventory.by_ticket_type ?? [];
  return (
    <>
      <FigureGrid
        cols={5}
        figures={[
          { label: 'Inventory sold', value: formatCount(inventory.sold) },
          { label: 'Comps', value: formatCount(inventory.comps) },
          { label: 'Holds', value: formatCount(inventory.holds) },
          { label: 'Inventory open', value: formatCount(inventory.opens) },
          { label: 'Tickets distributed', value: formatCount(inventory.tickets_distributed) },
        ]}
      />
      {types.length > 0 && <InventoryChart types={types} />}
      {types.length > 0 && (
        <Table.ScrollContainer minWidth={520} mt="md">
          <Table striped aria-label="Inventory by ticket type">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ticket type</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Sold</Table.Th>
                <Table.Th ta="right">Comps</Table.Th>
                <Table.Th ta="right">Holds</Table.Th>
                <Table.Th ta="right">Open</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((t) => (
                <Table.Tr key={t.ID}>
                  <Table.Td>{t.name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(t.price)}</Table.Td>
                  <Table.Td ta="right">{formatCount(t.amount)}</Table.Td>
                  <Table.Td ta="right">{formatCount(t.sold)}</Table.Td>
                  <Table.Td ta="right">{formatCount(t.comps)}</Table.Td>
                  <Table.Td ta="right">{formatCount(t.holds)}</Table.Td>
                  <Table.Td ta="right">{formatCount(t.opens)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

export function AttendanceSection({ a }: { a: EventAnalytics }) {
  const { attendance } = a;
  return (
    <>
      <FigureGrid
        cols={3}
        figures={[
          { label: 'Total attendance', value: formatCount(attendance.total_attendance) },
          { label: 'Tickets out', value: formatCount(a.inventory.tickets_distributed) },
        ]}
      />
      {attendance.attendance_by_ticket_type.length > 0 && (
        <AttendanceChart rows={attendance.attendance_by_ticket_type} />
      )}
    </>
  );
}
