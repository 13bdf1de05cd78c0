import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatInZone, type RefundResult, type RefundTicket } from '@portal/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { QueryBoundary } from '../../../components/query-boundary.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useRefundTickets } from '../api/refunds.ts';
import { RefundHeader } from '../components/refund-header.tsx';
import { RefundModal } from '../components/refund-modal.tsx';

/** One event's tickets held by the fan, with checkboxes and "Refund N Tickets". */
export function FanRefundTicketsPage() {
  const params = useParams();
  const fanId = Number(params.fanId);
  const eventId = Number(params.eventId);
  const name = (useLocation().state as { name?: string } | null)?.name;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tickets = useRefundTickets(eventId, fanId);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<RefundResult | null>(null);
  const list = tickets.data ?? [];
  const picked = list.filter((t) => chosen.has(t.TicketID));
  const all = list.length > 0 && picked.length === list.length;
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns: Column<RefundTicket>[] = [
    {
      key: 'choose',
      width: 40,
      header: (
        <Checkbox
          aria-label="Choose all tickets"
          checked={all}
          indeterminate={picked.length > 0 && !all}
          onChange={() => setChosen(all ? new Set() : new Set(list.map((t) => t.TicketID)))}
        />
      ),
      cell: (t) => (
        <Checkbox
          aria-label={`Choose ticket ${t.Code}`}
          checked={chosen.has(t.TicketID)}
          onChange={() => toggle(t.TicketID)}
        />
      ),
    },
    { key: 'type', header: 'Ticket type', cell: (t) => t.TicketType },
    { key: 'date', header: 'Date', cell: (t) => formatInZone(t.DateEvent, t.TimeZone) },
    { key: 'venue', header: 'Venue', cell: (t) => t.Venue },
    { key: 'code', header: 'Code', monospace: true, cell: (t) => t.Code },
    { key: 'price', header: 'Price', numeric: true, cell: (t) => formatMoney(t.Price) },
  ];
  const backToList = () => navigate(`/fan-refund/${fanId}`, { state: { name } });
  const refunded = (result: RefundResult) => {
    setOpen(false);
    setDone(result);
    setChosen(new Set());
    // Every screen that shows these tickets, orders or the fan reads them again.
    void queryClient.invalidateQueries();
  };

  return (
    <Stack>
      <RefundHeader name={name} back={{ to: `/fan-refund/${fanId}`, label: 'Back to events' }} />
      <QueryBoundary
        query={tickets}
        loading="Loading tickets"
        empty={{
          text: (
            <Text c="dimmed">
              No tickets left to refund for this event. <Link to={`/fan-history/${fanId}`}>Back to the fan</Link>
            </Text>
          ),
        }}
      >
        {() => (
          <>
            <DataTable label="Tickets" columns={columns} rows={list} rowKey={(t) => t.TicketID} minWidth={560} />
            <Group justify="flex-end">
              <Button color="red" disabled={picked.length === 0} onClick={() => setOpen(true)}>
                Refund {picked.length} {picked.length === 1 ? 'Ticket' : 'Tickets'}
              </Button>
            </Group>
          </>
        )}
      </QueryBoundary>
      {open && (
        <RefundModal
          ticketIds={picked.map((t) => t.TicketID)}
          prices={picked.map((t) => t.Price)}
          onClose={() => setOpen(false)}
          onRefunded={refunded}
        />
      )}
      <Modal opened={done !== null} onClose={backToList} title="Tickets refunded" centered>
        <Stack>
          <Text>
            {done?.ticket_ids.length} {done?.ticket_ids.length === 1 ? 'ticket was' : 'tickets were'} refunded,{' '}
            {formatMoney(done?.total ?? 0)} in all.
          </Text>
          <Group justify="flex-end">
            <Button onClick={backToList}>Back to list</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
