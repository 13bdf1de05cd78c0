import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { seatInWords } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { heldTickets, type Holder } from './held.ts';
import type { TicketPasses } from './passes.ts';
import { ticketPdf } from './ticket-pdf.ts';

/**
 * The PDF of one of the holder's tickets, with its file name. Only a valid ticket has one: a listed,
 * refunded or cancelled ticket gets no one in, so it is not printed. A widget's session names its
 * organiser: a ticket at another is not found.
 */
export async function holderTicketPdf(db: Db, passes: TicketPasses, holder: Holder, ticketId: number) {
  const [row] = await heldTickets(db, holder, ticketId);
  if (!row) throw notFound('Ticket');
  if (row.t.status !== 'valid') throw conflict('Only a valid ticket can be downloaded: this one is not.');
  const pdf = await ticketPdf({
    eventName: row.event.name,
    start: row.start,
    timeZone: row.event.timeZone,
    venue: row.event.venue,
    ticketType: row.type,
    seat: row.seat && seatInWords(row.seat),
    holder: row.holder || row.email,
    code: row.t.code,
    pass: await passes.issue(row.event.partnerId, row.t.eventId, row.t.code),
  });
  return { pdf, filename: `ticket-${row.t.code}.pdf` };
}

/** The documented answer of a ticket's PDF route. */
export const ticketPdfResponse = {
  200: {
    description: 'The ticket as a one-page PDF, as an attachment.',
    content: { 'application/pdf': { schema: z.string() } },
  },
};

/** Sends a ticket's PDF: a download, never kept by a cache (it lets anyone holding it in). */
export function sendTicketPdf(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
