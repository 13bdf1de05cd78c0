import { Table, Tabs, Text } from '@mantine/core';
import type { FanData } from '@portal/contract';
import type { ReactNode } from 'react';
import { OrderStatusCell } from '../../../components/order-status.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDayInZone, formatInZone, formatMoney } from '../../../lib/format.ts';

function HistoryTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" py="md">
        Nothing here yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fan's purchases, attendance, transfers (made and received) and resales with this organisation. */
export function TicketHistory({ history }: { history: FanData['TicketHistory'] }) {
  return (
    <SectionCard title="Ticket History">
      <Tabs defaultValue="purchases">
        <Tabs.List>
          <Tabs.Tab value="purchases">Purchases</Tabs.Tab>
          <Tabs.Tab value="attendance">Attendance</Tabs.Tab>
          <Tabs.Tab value="transfers">Transfers</Tabs.Tab>
          <Tabs.Tab value="sold">Tickets Sold</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="purchases" pt="sm">
          <HistoryTable
            label="Purchases"
            head={[
              'Event',
              'Date | Time',
              'Ticket type',
              'Primary or Secondary',
              'Price paid',
              'Date of purchase',
              'Status',
            ]}
            rows={history.Purchases.map((p) => [
              p.Event,
              p.IsSlot
                ? `${formatInZone(p.EventDate, p.TimeZone)} – ${formatInZone(p.EndDate, p.TimeZone)}`
                : formatInZone(p.EventDate, p.TimeZone),
              p.Quantity > 1 ? `${p.TicketType} × ${p.Quantity}` : p.TicketType,
              p.PrimaryOrSecondary,
              formatMoney(p.Price),
              formatInZone(p.TransactionDate, p.TimeZone),
              <OrderStatusCell key="status" status={p.Status} refund={p.Refund} timeZone={p.TimeZone} />,
            ])}
          />
        </Tabs.Panel>
        <Tabs.Panel value="attendance" pt="sm">
          <HistoryTable
            label="Attendance"
            head={['Event', 'Date', 'Ticket type', 'Primary or Secondary']}
            rows={history.Attendance.map((a) => [
              a.Event,
              formatDayInZone(a.EventDate, a.TimeZone),
              a.TicketType,
              a.PrimaryOrSecondary,
            ])}
          />
        </Tabs.Panel>
        <Tabs.Panel value="transfers" pt="sm">
          <HistoryTable
            label="Transfers"
            head={[
              'Event',
              'Date',
              'Transferred from',
              'Transferred to',
              'Date of transfer',
              'Ticket type',
              'Date of purchase',
            ]}
            rows={history.Transfers.map((t) => [
              t.Event,
              formatDayInZone(t.EventDate, t.TimeZone),
              t.TransferedFrom,
              t.TransferedTo,
              formatInZone(t.DateOfTransfer, t.TimeZone),
              t.TicketType,
              formatInZone(t.DateOfPurchase, t.TimeZone),
            ])}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sold" pt="sm">
          <HistoryTable
            label="Tickets Sold"
            head={['Event', 'Date', 'Ticket type', 'Primary or Secondary', 'Price paid', 'Date of purchase']}
            rows={history.TicketsSolds.map((s) => [
              s.Event,
              formatDayInZone(s.EventDate, s.TimeZone),
              s.TicketType,
              s.PrimaryOrSecondary,
              formatMoney(s.Price),
              formatInZone(s.TransactionDate, s.TimeZone),
            ])}
          />
        </Tabs.Panel>
      </Tabs>
    </SectionCard>
  );
}
