import { Alert, Anchor, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { formatWeekdayInZone, normalizeTicketCode, parseTicketPass, type EventDetail } from '@portal/contract';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMemberPermissions } from '../../../api/permissions.ts';
import { isNotFound, NotFound, PageMessage } from '../../../components/not-found.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useDayCount, useGateEvent } from '../api/check-in.ts';
import { CameraScanner } from '../components/camera-scanner.tsx';
import { CheckInList } from '../components/check-in-list.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { GateAnswerPanel, type GateAnswer } from '../components/gate-answer.tsx';
import { GateStatus, SyncRefusals } from '../components/gate-status.tsx';
import { useGate } from '../offline/use-gate.ts';
import { Loading } from '../../../components/query-boundary.tsx';

/** The day a gate most likely opens for: the first that has not ended yet, else the last. */
function currentDay(event: EventDetail, now = Date.now()) {
  const days = [...event.event_days].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (days.find((d) => new Date(d.end_date).getTime() > now) ?? days.at(-1))?.ID ?? null;
}

export function CheckInPage() {
  const id = Number(useParams().id);
  const event = useGateEvent(id);
  const permissions = useMemberPermissions();
  const [chosenDay, setChosenDay] = useState<number | null>(null);
  const dayId = chosenDay ?? (event.data ? currentDay(event.data) : null);
  const count = useDayCount(id, permissions?.has('check_in') ? dayId : null);
  // Before the event is read no day is chosen, so the zone is not yet used.
  const gate = useGate(id, permissions?.has('check_in') ? dayId : null, event.data?.time_zone ?? 'UTC');
  const [answer, setAnswer] = useState<GateAnswer | null>(null);
  // The panel shows the answer for the ticket shown last.
  const latest = useRef(0);

  const send = (text: string) => {
    const code = parseTicketPass(text)?.code ?? normalizeTicketCode(text);
    const sent = ++latest.current;
    void gate.send(text, code).then(
      (answered) => {
        if (sent === latest.current) setAnswer(answered);
      },
      // Never leave the last ticket's answer showing for this one.
      (error: Error) => {
        if (sent === latest.current)
          setAnswer({ kind: 'refused', code, reason: `This ticket could not be checked: ${error.message}` });
      },
    );
  };

  if (event.isPending || permissions === undefined) return <Loading label="Loading the check-in" />;
  if (event.isError) {
    if (isNotFound(event.error)) return <NotFound />;
    return <PageMessage title="Check-in could not open" text={event.error.message} />;
  }
  if (!permissions.has('check_in')) {
    return (
      <PageMessage
        title="Check-in is not part of your role"
        text="Ask an admin of your organization for a role that includes check-in."
      />
    );
  }
  const e = event.data;
  const days = [...e.event_days].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    <Stack maw={640}>
      <Stack gap={2}>
        <PageTitle>Check-in</PageTitle>
        <Text c="dimmed">
          <Anchor component={Link} to={`/event-summary/${e.ID}`}>
            {e.name}
          </Anchor>{' '}
          · {e.venue}
        </Text>
      </Stack>
      <NativeSelect
        label={e.time_slots ? 'Time slot' : 'Day'}
        value={String(dayId)}
        onChange={(change) => {
          setChosenDay(Number(change.currentTarget.value));
          setAnswer(null);
        }}
        data={days.map((d) => ({ value: String(d.ID), label: formatWeekdayInZone(d.start_date, e.time_zone) }))}
      />
      <GateStatus online={gate.online} list={gate.list.data} waiting={gate.waiting.length} syncError={gate.syncError} />
      <Paper component="section" withBorder p="md" aria-label="Admissions">
        {count.data ? (
          <Text fz={28} fw={800} lh={1.2}>
            {(count.data.admitted + gate.waiting.length).toLocaleString('en-US')} admitted{' '}
            <Text span fz="xl" fw={600}>
              of {count.data.expected.toLocaleString('en-US')} expected
            </Text>
          </Text>
        ) : count.isError ? (
          <Alert color="red">The count could not be read: {count.error.message}</Alert>
        ) : (
          <Loader size="sm" aria-label="Loading the count" />
        )}
      </Paper>
      <SyncRefusals refusals={gate.refusedAfterSync} onDismiss={gate.dismissRefusals} />
      <GateAnswerPanel answer={answer} />
      <CameraScanner onCode={send} />
      <CodeForm onCode={send} />
      {dayId !== null && (
        <CheckInList
          eventId={e.ID}
          dayId={dayId}
          timeZone={e.time_zone}
          list={gate.list.data}
          waiting={gate.waiting}
          online={gate.online}
        />
      )}
    </Stack>
  );
}
