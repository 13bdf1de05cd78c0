import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { gateTime, normalizeTicketCode, seatInWords, type GateList, type GateTicket } from '@portal/contract';
import { useDeferredValue, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useUndo } from '../api/check-in.ts';
import type { QueuedScan } from '../offline/scan-queue.ts';

const SHOWN = 50;

type Row =
  | { kind: 'admitted'; at: string; ticket: GateTicket }
  | { kind: 'waiting'; at: string; scan: QueuedScan }
  | { kind: 'undone'; at: string; ticket: GateTicket };

/** The day's admissions, newest first: confirmed by the server, waiting to sync, or undone. */
function rowsOf(list: GateList | undefined, waiting: QueuedScan[]): Row[] {
  const rows: Row[] = waiting.map((scan) => ({ kind: 'waiting', at: scan.scanned_at, scan }));
  for (const ticket of list?.tickets ?? []) {
    if (ticket.checked_in_at) rows.push({ kind: 'admitted', at: ticket.checked_in_at, ticket });
    else if (ticket.undone) rows.push({ kind: 'undone', at: ticket.undone.at, ticket });
  }
  return rows.sort((a, b) => b.at.localeCompare(a.at));
}

const matches = (row: Row, words: string) => {
  if (!words) return true;
  const { holder, code } = row.kind === 'waiting' ? row.scan : row.ticket;
  return holder.toLowerCase().includes(words.toLowerCase()) || code.includes(normalizeTicketCode(words));
};

/** The day's check-ins, searchable by name or code, each admission with an undo that asks why. */
export function CheckInList({
  eventId,
  dayId,
  timeZone: zone,
  list,
  waiting,
  online,
}: {
  eventId: number;
  dayId: number;
  timeZone: string;
  list: GateList | undefined;
  waiting: QueuedScan[];
  online: boolean;
}) {
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search.trim());
  const [undoing, setUndoing] = useState<GateTicket | null>(null);
  const all = rowsOf(list, waiting).filter((row) => matches(row, words));
  return (
    <Stack component="section" aria-labelledby="check-ins-title" gap="sm">
      <Title order={2} size="h3" id="check-ins-title">
        The day’s check-ins
      </Title>
      <TextInput
        label="Search check-ins"
        placeholder="Name or ticket code"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {!list && waiting.length === 0 ? (
        <Text c="dimmed">The list of the day is not on this device yet.</Text>
      ) : all.length === 0 ? (
        <Text c="dimmed">{words ? `No check-in matches “${words}”.` : 'No one has been admitted yet.'}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Check-ins">
          {all.slice(0, SHOWN).map((row) => (
            <Paper
              component="li"
              withBorder
              p="sm"
              key={`${row.kind}-${row.kind === 'waiting' ? row.scan.scan_id : row.ticket.ticket_id}`}
            >
              <CheckInRow row={row} zone={zone} online={online} onUndo={setUndoing} />
            </Paper>
          ))}
        </Stack>
      )}
      {all.length > SHOWN && (
        <Text size="sm" c="dimmed">
          Showing the latest {SHOWN} of {all.length.toLocaleString('en-US')}. Search by name or code to find the others.
        </Text>
      )}
      <UndoDialog eventId={eventId} dayId={dayId} ticket={undoing} zone={zone} onClose={() => setUndoing(null)} />
    </Stack>
  );
}

function CheckInRow({
  row,
  zone,
  online,
  onUndo,
}: {
  row: Row;
  zone: string;
  online: boolean;
  onUndo: (ticket: GateTicket) => void;
}) {
  const { holder, code, ticket_type } = row.kind === 'waiting' ? row.scan : row.ticket;
  const seat = row.kind === 'waiting' ? null : row.ticket.seat;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text fw={700}>{holder}</Text>
        <Text size="sm">
          {ticket_type}
          {seat && ` · ${seatInWords(seat)}`} · {code}
        </Text>
        <Text size="sm" c="dimmed">
          {row.kind === 'admitted' &&
            `Admitted at ${gateTime(row.at, zone)}${row.ticket.checked_in_by ? ` by ${row.ticket.checked_in_by}` : ''}`}
          {row.kind === 'waiting' && `Admitted offline at ${gateTime(row.at, zone)}`}
          {row.kind === 'undone' &&
            `Admission undone at ${gateTime(row.at, zone)} by ${row.ticket.undone!.by}: ${row.ticket.undone!.reason}`}
        </Text>
      </Stack>
      {row.kind === 'waiting' && <Badge color="orange">Waiting to sync</Badge>}
      {row.kind === 'undone' && <Badge color="gray">Undone</Badge>}
      {row.kind === 'admitted' && (
        <Button
          variant="default"
          size="xs"
          disabled={!online}
          title={online ? undefined : 'Undoing an admission needs the network.'}
          aria-label={`Undo the admission of ${holder}, ticket ${code}`}
          onClick={() => onUndo(row.ticket)}
        >
          Undo
        </Button>
      )}
    </Group>
  );
}

function UndoDialog({
  eventId,
  dayId,
  ticket,
  zone,
  onClose,
}: {
  eventId: number;
  dayId: number;
  ticket: GateTicket | null;
  zone: string;
  onClose: () => void;
}) {
  const undo = useUndo(eventId, dayId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    undo.reset();
    onClose();
  };
  return (
    <Modal opened={ticket !== null} onClose={close} title="Undo this admission?">
      {ticket && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setMissing(true);
            undo.mutate({ ticket_id: ticket.ticket_id, reason: reason.trim() }, { onSuccess: close });
          }}
        >
          <Stack>
            <Text>
              {ticket.holder}, {ticket.ticket_type}, ticket {ticket.code}, was admitted at{' '}
              {ticket.checked_in_at ? gateTime(ticket.checked_in_at, zone) : ''}. Undoing lets the ticket in again; your
              name and reason are kept with it.
            </Text>
            <Textarea
              label="Reason"
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={missing ? 'Say why the admission is undone.' : undefined}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setMissing(false);
              }}
              data-autofocus
            />
            <FailureAlert error={undo.error} />
            <DialogActions
              cancel="Keep the admission"
              onCancel={close}
              confirm="Undo admission"
              danger
              loading={undo.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
