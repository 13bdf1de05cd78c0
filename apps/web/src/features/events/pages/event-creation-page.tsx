import { Button, Group, Modal, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { ApiRequestError } from '../../../lib/http.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { createEvent, createSupportContact } from '../api/create-event.ts';
import { attachDraftPromos } from '../api/attach-promos.ts';
import { createTicketTypes } from '../api/ticket-types.ts';
import { toTicketInput, validateTicket, type TicketErrors } from '../ticket-draft.ts';
import { RecurrenceEditor } from '../components/recurrence-editor.tsx';
import { RecurrencePreview } from '../components/recurrence-preview.tsx';
import { toRrule } from '../recurrence.ts';
import { SchedulingStep } from '../wizard/scheduling-step.tsx';
import { DetailsStep, ImagesStep, InfoStep, OnSaleStep, SponsorStep } from '../wizard/simple-steps.tsx';
import {
  initialState,
  stepsOf,
  toEventCreate,
  validateStep,
  type StepErrors,
  type WizardState,
} from '../wizard/state.ts';
import { TicketsStep } from '../wizard/tickets-step.tsx';
import { VenueStep } from '../wizard/venue-step.tsx';
import { notifyNotSaved } from '../../../lib/notify.ts';

/** The Create Event wizard: eight steps, nine for a recurring event. */
export function EventCreationPage() {
  const partnerId = usePartnerId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(() => initialState());
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<StepErrors>({});
  const [ticketErrors, setTicketErrors] = useState<TicketErrors[]>([]);
  const [created, setCreated] = useState<{ id: number; seriesSize: number } | null>(null);
  const [busy, setBusy] = useState(false);
  // Why the last save failed: the server's reason when it gave one, else empty.
  const [failed, setFailed] = useState<{ reason: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const guard = useUnsavedChanges(touched, created ? 'the ticket types you are adding' : 'the event you are creating');

  const steps = stepsOf(state);
  const step = steps[active]!;
  const update = (patch: Partial<WizardState>) => {
    setTouched(true);
    setState((s) => ({ ...s, ...patch }));
  };
  const fail = (error: unknown) => setFailed({ reason: error instanceof ApiRequestError ? error.message : '' });

  const next = () => {
    const found = validateStep(step.id, state);
    setErrors(found);
    if (Object.keys(found).length === 0) setActive((a) => a + 1);
  };

  const create = async () => {
    setBusy(true);
    try {
      const event = await createEvent(toEventCreate(state, partnerId));
      // From here the event exists: a failure below must not send anyone back to create it again.
      setCreated(event);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      setActive((a) => a + 1);
      if (state.support.trim()) {
        await createSupportContact(event.id, state.support.trim()).catch((error: Error) =>
          notifyNotSaved(error, 'Support contact not saved'),
        );
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    const found = state.tickets.map(validateTicket);
    setTicketErrors(found);
    if (found.some((e) => Object.keys(e).length > 0) || !created) return;
    setBusy(true);
    try {
      const types = await createTicketTypes(
        state.tickets.map((t) => toTicketInput(t, created.id)),
        created.seriesSize,
      );
      await attachDraftPromos(state.tickets, types);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      guard.release();
      void navigate(`/event-summary/${created.id}`);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const bodies: Record<(typeof steps)[number]['id'], ReactNode> = {
    venue: <VenueStep state={state} update={update} errors={errors} />,
    scheduling: <SchedulingStep state={state} update={update} errors={errors} />,
    recurrence: (
      <Stack>
        <RecurrenceEditor value={state.recurrence} onChange={(recurrence) => update({ recurrence })} />
        <RecurrencePreview rrule={toRrule(state.recurrence)} start={state.days[0]!.start} timeZone={state.timeZone} />
      </Stack>
    ),
    info: <InfoStep state={state} update={update} errors={errors} />,
    'on-sale': <OnSaleStep state={state} update={update} errors={errors} />,
    sponsor: <SponsorStep state={state} update={update} errors={errors} />,
    images: <ImagesStep state={state} update={update} errors={errors} />,
    details: <DetailsStep state={state} update={update} errors={errors} />,
    tickets: <TicketsStep state={state} partnerId={partnerId} errors={ticketErrors} update={update} />,
  };
  const isLast = step.id === 'tickets';
  const isCreate = step.id === 'details';

  return (
    <Stack maw={900}>
      <PageTitle>Create Event</PageTitle>
      <Stepper active={active} size="xs" allowNextStepsSelect={false} wrap>
        {steps.map((s) => (
          <Stepper.Step key={s.id} label={s.label} />
        ))}
      </Stepper>
      {/* A form, so Enter in a field takes the step's main action, as its button would. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (isLast) void finish();
          else if (isCreate) void create();
          else next();
        }}
      >
        <Stack>
          <Paper withBorder p="lg" radius="md" component="section" aria-label={step.label}>
            <Title order={2} size="h4" mb="md">
              {step.label}
            </Title>
            {bodies[step.id]}
          </Paper>
          <Group justify="space-between">
            {active > 0 && !created ? (
              <Button variant="default" onClick={() => setActive((a) => a - 1)}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy}>
              {isLast ? 'Finish' : isCreate ? 'Create Event' : 'Continue'}
            </Button>
          </Group>
        </Stack>
      </form>
      {failed && (
        <Modal opened onClose={() => setFailed(null)} title="Event not saved" centered>
          <Stack>
            <Text>{messages.somethingWentWrong}</Text>
            {failed.reason && <Text c="dimmed">{failed.reason}</Text>}
            <Button
              onClick={() => {
                setFailed(null);
                if (!created) setActive(0);
              }}
            >
              Continue
            </Button>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
