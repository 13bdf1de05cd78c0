import { z } from 'zod';
import { idParamsSchema, idSchema, isoDateTime } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idParams, int } from './fields.ts';
import { seatPlaceSchema } from './seating.ts';

export const checkInBodySchema = z.object({
  /** A typed ticket code, or the signed pass a scanned QR code holds. */
  code: z.string().trim().min(1, 'type or scan a ticket code').max(200),
  event_day_id: idSchema,
});
export const checkInResultSchema = z.object({
  ticket_id: int,
  ticket_type: z.string(),
  holder: z.string(),
  /** A seated event's seat, for the gate to send the holder the right way. */
  seat: seatPlaceSchema.nullable(),
  checked_in_at: z.string(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const checkInDayParamsSchema = idParams('id', 'dayId');
/** A day's gate at a glance: its tickets in circulation (valid or listed), and how many of them came in. */
export const checkInCountSchema = z.object({ admitted: int, expected: int });
export type CheckInCount = z.infer<typeof checkInCountSchema>;

/** The time of an admission as a gate reads it out: "8:14 PM", in the event's zone. */
export const gateTime = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(at));

/**
 * What a gate says when it refuses a ticket. The server and a gate deciding offline read out the same
 * words, so a refusal means the same thing with or without a network.
 */
export const gateRefusals = {
  forged: 'This QR code is not a genuine ticket of this organisation.',
  otherEvent: 'This ticket is for another event.',
  otherDay: 'This ticket is for another day or time slot.',
  refunded: 'This ticket was refunded.',
  void: 'This ticket was cancelled.',
  listed: 'This ticket is listed for resale and cannot be used until it is taken off sale.',
  transferred: 'This ticket was transferred to someone else; their ticket has a new code.',
  unknown: 'Ticket with this code for this event not found.',
  /** A scan sent again by a gate after its admission was undone: the undo stands. */
  undoneScan: 'This scan’s admission was undone at the gate. Scan the ticket again to admit it.',
  /** Offline only: a pass signed by a key newer than the list this gate holds. */
  unknownKey: 'This ticket is signed with a key this gate does not hold yet. Check it again when the network is back.',
  /** Offline only: this browser cannot check signatures (no Ed25519 in its WebCrypto, or not HTTPS). */
  unverifiable:
    'This device cannot check a QR code’s signature without the network. Type the ticket code, or check it again when the network is back.',
  /** Offline only: the code is not in the day's list this gate was given. */
  notListed: 'This code is not in the day’s list this gate holds. Check it again when the network is back.',
  alreadyAdmitted: (at: Date | string, timeZone: string) =>
    `This ticket was already admitted at ${gateTime(at, timeZone)}.`,
} as const;

/** A ticket typed at a gate is read without spaces or dashes, in capitals, as it is printed. */
export const normalizeTicketCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

/** The last time an admission of a ticket was undone, and why. */
export const checkInUndoSchema = z.object({ at: z.string(), by: z.string(), reason: z.string() });

/** One ticket of a day as a gate holds it, to admit by itself when the network is gone. */
export const gateTicketSchema = z.object({
  ticket_id: int,
  code: z.string(),
  holder: z.string(),
  ticket_type: z.string(),
  seat: seatPlaceSchema.nullable(),
  status: z.enum(['valid', 'listed', 'refunded', 'void']),
  checked_in_at: z.string().nullable(),
  /** The member who admitted it, by name. */
  checked_in_by: z.string().nullable(),
  undone: checkInUndoSchema.nullable(),
});
export type GateTicket = z.infer<typeof gateTicketSchema>;

/**
 * A day's list for the gate: every ticket of the day, the codes that were transferred away, and the
 * organiser's public keys (raw Ed25519, base64url, by key id), so that a gate without a network still
 * tells a genuine pass from a forged one and gives the reasons the server would.
 */
export const gateListSchema = z.object({
  event_id: int,
  event_day_id: int,
  time_zone: z.string(),
  taken_at: z.string(),
  keys: z.array(z.object({ id: int, public_key: z.string() })),
  tickets: z.array(gateTicketSchema),
  transferred_codes: z.array(z.string()),
});
export type GateList = z.infer<typeof gateListSchema>;

/** The admissions a gate made without a network, sent when it is back. */
export const checkInSyncBodySchema = z.object({
  event_day_id: idSchema,
  scans: z
    .array(
      z.object({
        /** Chosen by the gate, so a sync sent twice admits once and answers the same. */
        scan_id: z.uuid('a scan id is a UUID'),
        code: z.string().trim().min(1, 'type or scan a ticket code').max(200),
        scanned_at: isoDateTime,
      }),
    )
    .min(1, 'send at least one scan')
    .max(500, 'send at most 500 scans at once'),
});
export type CheckInSyncBody = z.infer<typeof checkInSyncBodySchema>;

/** How the server decided each scan a gate made offline: admitted, or refused with the reason. */
export const checkInSyncResultSchema = z.array(
  z.object({
    scan_id: z.string(),
    code: z.string(),
    admitted: z.boolean(),
    reason: z.string().nullable(),
    holder: z.string().nullable(),
    ticket_type: z.string().nullable(),
    checked_in_at: z.string().nullable(),
  }),
);
export type CheckInSyncResult = z.infer<typeof checkInSyncResultSchema>;

export const checkInUndoBodySchema = z.object({
  ticket_id: idSchema,
  reason: z.string().trim().min(1, 'say why the admission is undone').max(500),
});
export type CheckInUndoBody = z.input<typeof checkInUndoBodySchema>;
export const checkInUndoResultSchema = z.object({ undone: z.literal(true) });
export type CheckInUndoResult = z.infer<typeof checkInUndoResultSchema>;

const gate = { access: 'partner', permission: 'check_in', tags: ['tickets'] } as const;

/** The gate of an event day: admitting online, the day's list for a gate offline, its sync and undo. */
export const checkInEndpoints = {
  admit: endpoint({
    ...gate,
    method: 'POST',
    path: '/events/:id/check-in',
    summary: 'Admit a ticket at the gate',
    errors: [409],
    params: idParamsSchema,
    body: checkInBodySchema,
    response: checkInResultSchema,
  }),
  count: endpoint({
    ...gate,
    method: 'GET',
    path: '/events/:id/check-in/days/:dayId',
    summary: 'Count the tickets admitted and expected on a day at the gate',
    params: checkInDayParamsSchema,
    response: checkInCountSchema,
  }),
  list: endpoint({
    ...gate,
    method: 'GET',
    path: '/events/:id/check-in/days/:dayId/list',
    summary: 'Take a day’s tickets and the organiser’s keys, for a gate to admit without a network',
    params: checkInDayParamsSchema,
    response: gateListSchema,
  }),
  sync: endpoint({
    ...gate,
    method: 'POST',
    path: '/events/:id/check-in/sync',
    summary: 'Send the admissions a gate made offline; each scan is admitted or refused with its reason',
    params: idParamsSchema,
    body: checkInSyncBodySchema,
    response: checkInSyncResultSchema,
  }),
  undo: endpoint({
    ...gate,
    method: 'POST',
    path: '/events/:id/check-in/undo',
    summary: 'Take back a ticket’s admission at the gate, saying why',
    errors: [409],
    params: idParamsSchema,
    body: checkInUndoBodySchema,
    response: checkInUndoResultSchema,
  }),
};
