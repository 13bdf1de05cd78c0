import { describe, expect, it } from 'vitest';
import { newTicketDraft, toTicketInput, validateTicket } from './ticket-draft.ts';

describe('ticket drafts', () => {
  it('start with the spec defaults and need a name and a design', () => {
    const d = newTicketDraft();
    expect(d).toMatchObject({ ticketAmount: 1, ticketSecondaryRoyalty: 5, ticketOnSaleTime: null });
    expect(validateTicket(d)).toEqual({
      ticketName: 'ticket name is required',
      templateId: 'You need to add a ticket image first.',
    });
  });

  it('keep the royalty between 0 and 100 and send it as a fraction', () => {
    const d = {
      ...newTicketDraft(),
      ticketName: 'GA',
      templateId: 3,
      ticketPrice: 25.5 as const,
      ticketSecondaryRoyalty: 101,
    };
    expect(validateTicket(d).ticketSecondaryRoyalty).toBe('* Value must be between 0 and 100');
    expect(toTicketInput({ ...d, ticketSecondaryRoyalty: 7.5 }, 9)).toMatchObject({
      name: 'GA',
      initial_price: 25.5,
      secondary_royalty: 0.075,
      template_id: 3,
      event_id: 9,
      selling_time: null,
    });
  });
});
