import { messages, type TicketTypeInput } from '@portal/contract';

/** A ticket form under the spec's names (back-office §3, ticket form fields). */
export type TicketDraft = {
  ticketName: string;
  ticketPrice: number | '';
  ticketAmount: number | '';
  ticketSecondaryRoyalty: number | '';
  ticketDescription: string;
  /** null: the event's default on-sale time. */
  ticketOnSaleTime: string | null;
  templateId: number | null;
  ticketFileName: string;
  /** Promo codes to attach once the ticket type exists (default quantity 100; -1 unlimited). */
  attachedPromoCodes: { ID: number; code: string; quantity: number }[];
};

/** Spec defaults: amount 1, royalty 5 %, price placeholder 0, the event's on-sale time. */
export const newTicketDraft = (): TicketDraft => ({
  ticketName: '',
  ticketPrice: '',
  ticketAmount: 1,
  ticketSecondaryRoyalty: 5,
  ticketDescription: '',
  ticketOnSaleTime: null,
  templateId: null,
  ticketFileName: '',
  attachedPromoCodes: [],
});

export type TicketErrors = Partial<Record<keyof TicketDraft, string>>;

/** A royalty typed outside 0–100 (an empty field is said only on submit). */
export const royaltyOutOfRange = (d: TicketDraft) => {
  const r = d.ticketSecondaryRoyalty;
  return r !== '' && (r < 0 || r > 100);
};

export function validateTicket(d: TicketDraft): TicketErrors {
  const errors: TicketErrors = {};
  if (!d.ticketName.trim()) errors.ticketName = 'ticket name is required';
  if (d.ticketPrice !== '' && d.ticketPrice < 0) errors.ticketPrice = 'the price cannot be negative';
  if (d.ticketAmount === '' || d.ticketAmount < 1) errors.ticketAmount = 'at least 1 ticket';
  if (d.ticketSecondaryRoyalty === '' || royaltyOutOfRange(d)) errors.ticketSecondaryRoyalty = messages.royaltyRange;
  if (d.templateId === null) errors.templateId = messages.ticketImageRequired;
  return errors;
}

/** The wire form: dollars, royalty as a fraction, the on-sale time only when custom. */
export const toTicketInput = (d: TicketDraft, eventId: number): TicketTypeInput => ({
  name: d.ticketName.trim(),
  initial_price: d.ticketPrice === '' ? 0 : d.ticketPrice,
  amount: d.ticketAmount === '' ? 1 : d.ticketAmount,
  secondary_royalty: (d.ticketSecondaryRoyalty === '' ? 5 : d.ticketSecondaryRoyalty) / 100,
  description: d.ticketDescription.trim(),
  template_id: d.templateId!,
  event_id: eventId,
  selling_time: d.ticketOnSaleTime,
  status: true,
});
