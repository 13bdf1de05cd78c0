import type { EventCreate, EventType } from '@portal/contract';
import { atLocalTime } from '../../../lib/date-parts.ts';
import { defaultRecurrence, toRrule, type Recurrence } from '../recurrence.ts';
import { newTicketDraft, type TicketDraft } from '../ticket-draft.ts';

export type DayDraft = { start: string; end: string; sameAsStart: boolean };
export type SlotDraft = { start: string; end: string; quantity: number | '' };

export type WizardState = {
  name: string;
  event_type: EventType | null;
  venue: string;
  street_address: string;
  secondary_address: string;
  country: string;
  state: string;
  city: string;
  zip_code: string;
  kind: 'standard' | 'custom';
  /** The three modes are flags; multiday is the default of a custom event (back-office §4). */
  multiday: boolean;
  timeslots: boolean;
  recurring: boolean;
  timeZone: string;
  days: DayDraft[];
  slots: SlotDraft[];
  recurrence: Recurrence;
  description: string;
  onSale: string;
  sponsorName: string;
  sponsorImage: string;
  image: string;
  /** Hours before start as the wizard lists them: 3, 2, 1, 0.75, 0.5, 0.25. */
  gateTime: number;
  support: string;
  tickets: TicketDraft[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function initialState(
  now = new Date(),
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): WizardState {
  const start = atLocalTime(new Date(now.getTime() + 14 * DAY).toISOString(), timeZone, 19);
  const end = new Date(new Date(start).getTime() + 3 * HOUR).toISOString();
  const untilDate = new Date(now.getTime() + 90 * DAY).toISOString().slice(0, 10);
  return {
    name: '',
    event_type: null,
    venue: '',
    street_address: '',
    secondary_address: '',
    country: '',
    state: '',
    city: '',
    zip_code: '',
    kind: 'standard',
    multiday: true,
    timeslots: false,
    recurring: false,
    timeZone,
    days: [{ start, end, sameAsStart: true }],
    slots: [{ start, end: new Date(new Date(start).getTime() + HOUR).toISOString(), quantity: 1 }],
    recurrence: defaultRecurrence(untilDate),
    description: '',
    // Spec: the default on-sale time is 10:00 pm.
    onSale: atLocalTime(now.toISOString(), timeZone, 22),
    sponsorName: '',
    sponsorImage: '',
    image: '',
    gateTime: 1,
    support: '',
    tickets: [newTicketDraft()],
  };
}

export const isTimeSlots = (s: WizardState) => s.kind === 'custom' && s.timeslots;
export const isRecurring = (s: WizardState) => s.kind === 'custom' && s.recurring && !s.multiday;

// In the spec's order; Custom Recurrence, third, is a step of a recurring event only.
const stepLabels = {
  venue: 'Event and Venue',
  scheduling: 'Scheduling',
  recurrence: 'Custom Recurrence',
  info: 'Event Info',
  'on-sale': 'On sale time',
  sponsor: 'Sponsor',
  images: 'Event Images',
  details: 'Additional Details',
  tickets: 'Ticket Types',
};

export type StepId = keyof typeof stepLabels;

/** The spec's steps for this event. */
export function stepsOf(s: WizardState): { id: StepId; label: string }[] {
  return (Object.keys(stepLabels) as StepId[])
    .filter((id) => id !== 'recurrence' || isRecurring(s))
    .map((id) => ({ id, label: stepLabels[id] }));
}

export type StepErrors = Record<string, true | string>;

/** Step 1 needs name, venue and type; step 2 (not for time slots) a time zone and days that end after they start. */
export function validateStep(step: StepId, s: WizardState): StepErrors {
  const errors: StepErrors = {};
  if (step === 'venue') {
    if (!s.name.trim()) errors.name = true;
    if (!s.venue.trim()) errors.venue = true;
    if (!s.event_type) errors.event_type = true;
  }
  if (step === 'scheduling' && !isTimeSlots(s)) {
    if (!s.timeZone) errors.timeZone = true;
    daysOf(s).forEach((d, i) => {
      if (new Date(d.start) >= new Date(d.end)) errors[`day${i}`] = 'The end must be after the start';
    });
  }
  return errors;
}

function daysOf(s: WizardState): DayDraft[] {
  return s.kind === 'custom' && s.multiday ? s.days : s.days.slice(0, 1);
}

/** The creation payload (back-office §3), dates in UTC. */
export function toEventCreate(s: WizardState, partnerId: number): EventCreate {
  const slots = isTimeSlots(s);
  return {
    name: s.name.trim(),
    venue: s.venue.trim(),
    event_type: s.event_type!,
    street_address: s.street_address.trim(),
    secondary_address: s.secondary_address.trim(),
    city: s.city.trim(),
    state: s.state.trim(),
    country: s.country.trim(),
    zip_code: s.zip_code.trim(),
    time_zone: s.timeZone,
    selling_time: s.onSale,
    gate_time: -s.gateTime,
    sponsors: s.sponsorName.trim() || s.sponsorImage ? [{ name: s.sponsorName.trim(), image: s.sponsorImage }] : [],
    image: s.image,
    description: s.description.trim(),
    partner_id: partnerId,
    event_days: slots
      ? s.slots.map((x) => ({ start_date: x.start, end_date: x.end, quantity: x.quantity === '' ? 1 : x.quantity }))
      : daysOf(s).map((d) => ({ start_date: d.start, end_date: d.end })),
    time_slots: slots,
    isTimeSlot: slots,
    rrule: isRecurring(s) ? toRrule(s.recurrence) : '',
  };
}
