import { Box, Text } from '@mantine/core';
import type { EventAnalytics } from '@portal/contract';
import { DataTable, type Column } from '../../../components/data-table.tsx';
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

type InventoryRow = NonNullable<EventAnalytics['inventory']['by_ticket_type']>[number];

const inventoryColumns: Column<InventoryRow>[] = [
  { key: 'type', header: 'Ticket type', cell: (t) => t.name },
  { key: 'price', header: 'Price', numeric: true, cell: (t) => formatMoney(t.price) },
  { key: 'amount', header: 'Amount', numeric: true, cell: (t) => formatCount(t.amount) },
  { key: 'sold', header: 'Sold', numeric: true, cell: (t) => formatCount(t.sold) },
  { key: 'comps', header: 'Comps', numeric: true, cell: (t) => formatCount(t.comps) },
  { key: 'holds', header: 'Holds', numeric: true, cell: (t) => formatCount(t.holds) },
  { key: 'open', header: 'Open', numeric: true, cell: (t) => formatCount(t.opens) },
];

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
        <Box mt="md">
          <DataTable
            label="Inventory by ticket type"
            columns={inventoryColumns}
            rows={types}
            rowKey={(t) => t.ID}
            minWidth={520}
          />
        </Box>
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
