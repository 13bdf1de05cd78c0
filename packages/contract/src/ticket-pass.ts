/**
 * The signed ticket a fan carries as a QR code: `PT1.<event id>.<ticket code>.<key id>.<signature>`.
 * The signature (Ed25519, base64url) covers everything before its dot, so a scanner holding the
 * organiser's public keys tells a forged or altered code from a real one without asking the server,
 * and a ticket of another event from one of this event. The parts are what a QR code carries
 * compactly and what a person can still read: the ticket code alone stays valid for typing at a gate.
 */
export type TicketPass = { eventId: number; code: string; keyId: number; signed: string; signature: string };

const PASS = /^PT1\.([1-9][0-9]{0,9})\.([0-9A-Z]{4,32})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{86})$/;

/** The text a pass signs for a ticket code of an event, under one of the organiser's keys. */
export const ticketPassMessage = (eventId: number, code: string, keyId: number) => `PT1.${eventId}.${code}.${keyId}`;

/** The pass read back from the text of a scanned code, or null when the text is not shaped as one. */
export function parseTicketPass(text: string): TicketPass | null {
  const match = PASS.exec(text.trim());
  if (!match) return null;
  const [, eventId, code, keyId, signature] = match as unknown as [string, string, string, string, string];
  return {
    eventId: Number(eventId),
    code,
    keyId: Number(keyId),
    signed: ticketPassMessage(Number(eventId), code, Number(keyId)),
    signature,
  };
}
