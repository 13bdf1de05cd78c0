import { describe, expect, it } from 'vitest';
import { initialState, stepsOf, toEventCreate, validateStep } from './state.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('the creation wizard', () => {
  it('has eight steps, nine with Custom Recurrence third', () => {
    const s = initialState(now, 'UTC');
    expect(stepsOf(s).map((x) => x.label)).toEqual([
      'Event and Venue',
      'Scheduling',
      'Event Info',
      'On sale time',
      'Sponsor',
      'Event Images',
      'Additional Details',
      'Ticket Types',
    ]);
    const recurring = { ...s, kind: 'custom' as const, multiday: false, recurring: true };
    expect(stepsOf(recurring).map((x) => x.label)[2]).toBe('Custom Recurrence');
    expect(stepsOf(recurring)).toHaveLength(9);
    expect(stepsOf({ ...recurring, multiday: true })).toHaveLength(8);
  });

  it('needs name, venue and type, then a zone and days that end after they start', () => {
    const s = initialState(now, 'UTC');
    expect(validateStep('venue', s)).toEqual({ name: true, venue: true, event_type: true });
    expect(validateStep('venue', { ...s, name: 'A', venue: 'B', event_type: 'concert' })).toEqual({});
    const backwards = { ...s, days: [{ ...s.days[0]!, end: s.days[0]!.start }] };
    expect(validateStep('scheduling', backwards)).toEqual({ day0: 'The end must be after the start' });
    expect(
      validateStep('scheduling', { ...backwards, kind: 'custom' as const, timeslots: true, multiday: false }),
    ).toEqual({});
  });

  it('starts the sale at 10:00 pm and sends a negative gate time and the rule of a series', () => {
    const s = { ...initialState(now, 'UTC'), name: 'Show', venue: 'Hall', event_type: 'concert' as const };
    expect(s.onSale).toBe('2026-11-22T22:00:00.000Z');
    const payload = toEventCreate({ ...s, kind: 'custom', multiday: false, recurring: true }, 4);
    expect(payload).toMatchObject({
      partner_id: 4,
      gate_time: -1,
      time_slots: false,
      rrule: expect.stringMatching(/^FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;UNTIL=/),
    });
    expect(toEventCreate(s, 4).rrule).toBe('');
  });
});
