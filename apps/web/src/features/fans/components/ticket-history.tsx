import { Tabs, Text } from '@mantine/core';
import { formatDayInZone, formatInZone, type FanData } from '@portal/contract';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { OrderStatusCell } from '../../../components/order-status.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';

type History = FanData['TicketHistory'];
type Row<K extends keyof History> = History[K][number];

function HistoryTable<R>({ label, columns, rows }: { label: string; columns: Column<R>[]; rows: R[] }) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" py="md">
        Nothing here yet.
      </Text>
    );
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(_, index) => index} minWidth={640} />;
}

const purchases: Column<Row<'Purchases'>>[] = [
  { key: 'event', header: 'Event', cell: (p) => p.Event },
  {
    key: 'date',
    header: 'Date | Time',
    cell: (p) =>
      p.IsSlot
        ? `${formatInZone(p.EventDate, p.TimeZone)} – ${formatInZone(p.EndDate, p.TimeZone)}`
        : formatInZone(p.EventDate, p.TimeZone),
  },
  {
    key: 'type',
    header: 'Ticket type',
    cell: (p) => (p.Quantity > 1 ? `${p.TicketType} × ${p.Quantity}` : p.TicketType),
  },
  { key: 'market', header: 'Primary or Secondary', cell: (p) => p.PrimaryOrSecondary },
  { key: 'price', header: 'Price paid', cell: (p) => formatMoney(p.Price) },
  { key: 'bought', header: 'Date of purchase', cell: (p) => formatInZone(p.TransactionDate, p.TimeZone) },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => <OrderStatusCell status={p.Status} refund={p.Refund} timeZone={p.TimeZone} />,
  },
];

const attendance: Column<Row<'Attendance'>>[] = [
  { key: 'event', header: 'Event', cell: (a) => a.Event },
  { key: 'date', header: 'Date', cell: (a) => formatDayInZone(a.EventDate, a.TimeZone) },
  { key: 'type', header: 'Ticket type', cell: (a) => a.TicketType },
  { key: 'market', header: 'Primary or Secondary', cell: (a) => a.PrimaryOrSecondary },
];

const transfers: Column<Row<'Transfers'>>[] = [
  { key: 'event', header: 'Event', cell: (t) => t.Event },
  { key: 'date', header: 'Date', cell: (t) => formatDayInZone(t.EventDate, t.TimeZone) },
  { key: 'from', header: 'Transferred from', cell: (t) => t.TransferedFrom },
  { key: 'to', header: 'Transferred to', cell: (t) => t.TransferedTo },
  { key: 'moved', header: 'Date of transfer', cell: (t) => formatInZone(t.DateOfTransfer, t.TimeZone) },
  { key: 'type', header: 'Ticket type', cell: (t) => t.TicketType },
  { key: 'bought', header: 'Date of purchase', cell: (t) => formatInZone(t.DateOfPurchase, t.TimeZone) },
];

const sold: Column<Row<'TicketsSolds'>>[] = [
  { key: 'event', header: 'Event', cell: (s) => s.Event },
  { key: 'date', header: 'Date', cell: (s) => formatDayInZone(s.EventDate, s.TimeZone) },
  { key: 'type', header: 'Ticket type', cell: (s) => s.TicketType },
  { key: 'market', header: 'Primary or Secondary', cell: (s) => s.PrimaryOrSecondary },
  { key: 'price', header: 'Price paid', cell: (s) => formatMoney(s.Price) },
  { key: 'bought', header: 'Date of purchase', cell: (s) => formatInZone(s.TransactionDate, s.TimeZone) },
];

/** A tab of the history: `rows` names the list in the fan's data that its table shows. */
function tab<K extends keyof History>(value: string, label: string, rows: K, columns: Column<Row<K>>[]) {
  return {
    value,
    label,
    table: (history: History) => <HistoryTable label={label} columns={columns} rows={history[rows]} />,
  };
}

const tabs = [
  tab('purchases', 'Purchases', 'Purchases', purchases),
  tab('attendance', 'Attendance', 'Attendance', attendance),
  tab('transfers', 'Transfers', 'Transfers', transfers),
  tab('sold', 'Tickets Sold', 'TicketsSolds', sold),
];

/** The fan's purchases, attendance, transfers (made and received) and resales with this organisation. */
export function TicketHistory({ history }: { history: History }) {
  return (
    <SectionCard title="Ticket History">
      <Tabs defaultValue="purchases">
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="sm">
            {t.table(history)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </SectionCard>
  );
}
