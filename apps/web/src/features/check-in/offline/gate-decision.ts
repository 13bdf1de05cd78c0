import { gateRefusals, normalizeTicketCode, parseTicketPass, type GateList, type GateTicket } from '@portal/contract';
import type { PassVerifier } from './pass-verifier.ts';

export type OfflineDecision =
  { admitted: true; code: string; ticket: GateTicket } | { admitted: false; code: string; reason: string };

/**
 * Decides a ticket at a gate without a network by the rules the server applies, on the day's list the
 * gate holds: a pass must be genuine and of this event; the code must be on the day's list, valid and
 * not yet admitted, by the server when the list was taken or by this device since (`admittedHere`).
 * The server still has the last word when the admissions are synced.
 */
export async function decideOffline(
  list: GateList,
  admittedHere: ReadonlyMap<string, string>,
  verifier: PassVerifier,
  text: string,
): Promise<OfflineDecision> {
  const pass = parseTicketPass(text);
  const code = pass?.code ?? normalizeTicketCode(text);
  const refuse = (reason: string): OfflineDecision => ({ admitted: false, code, reason });
  if (pass) {
    const signature = await verifier.check(text);
    if (signature === 'forged') return refuse(gateRefusals.forged);
    if (signature === 'unknown key') return refuse(gateRefusals.unknownKey);
    if (signature === 'unverifiable') return refuse(gateRefusals.unverifiable);
    if (pass.eventId !== list.event_id) return refuse(gateRefusals.otherEvent);
  }
  const ticket = list.tickets.find((t) => t.code === code);
  if (!ticket) {
    return refuse(list.transferred_codes.includes(code) ? gateRefusals.transferred : gateRefusals.notListed);
  }
  if (ticket.status !== 'valid') return refuse(gateRefusals[ticket.status]);
  const admittedAt = admittedHere.get(code) ?? ticket.checked_in_at;
  if (admittedAt) return refuse(gateRefusals.alreadyAdmitted(admittedAt, list.time_zone));
  return { admitted: true, code, ticket };
}
