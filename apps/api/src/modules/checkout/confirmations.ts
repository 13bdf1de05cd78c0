import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SeatPlace } from '@portal/contract';
import type { Mailer } from '../../adapters/mail/index.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { events, mailQueue, tickets } from '../../db/schema/index.ts';
import type { TicketPasses } from '../ticket-passes/index.ts';
import { confirmationMail } from './mails.ts';

type Queued = {
  id: number;
  recipient: string;
  attempts: number;
  /** Mails queued before seats were sold carry no `seat`. */
  payload: { event_name: string; tickets: { code: string; ticket_type: string; seat?: SeatPlace | null }[] };
};

/** How long a claimed mail is this process's to send before another may take it. */
const LEASE = sql`interval '5 minutes'`;
/** A failed mail waits longer after each failure: 1, 2, 4 … minutes, at most 6 hours. */
const retryAfterMinutes = (attempts: number) => Math.min(2 ** (attempts - 1), 360);

/**
 * Sends a batch of the queued confirmation mails (`mail_queue`, written by the sale itself): claims
 * the due rows by pushing them a lease ahead (rows another process claimed are skipped), hands each
 * to the mail port, deletes the sent ones, and gives a failed one its error and a later attempt. A
 * process that dies mid-batch leaves its rows to be claimed again when the lease ends. Answers how
 * many it took.
 */
export async function sendQueuedConfirmations(
  db: Db,
  mailer: Mailer,
  passes: TicketPasses,
  batch = 20,
): Promise<number> {
  const due = await queryRows<Queued>(
    db,
    sql`update mail_queue set next_attempt_at = now() + ${LEASE}, attempts = attempts + 1
      where id in (select id from mail_queue where next_attempt_at <= now() order by next_attempt_at, id
        limit ${batch} for update skip locked)
      returning id::int as id, recipient, attempts, payload`,
  );
  let sent = 0;
  let unforgotten: number[] = [];
  let forgottenAt = Date.now();
  const forgetSent = async () => {
    if (unforgotten.length > 0) await db.delete(mailQueue).where(inArray(mailQueue.id, unforgotten));
    unforgotten = [];
    forgottenAt = Date.now();
  };
  const valid = await validTickets(
    db,
    due.flatMap((mail) => mail.payload.tickets.map((t) => t.code)),
  );
  for (const mail of due) {
    try {
      const withPasses = await withTicketPasses(passes, valid, mail.payload.tickets);
      await mailer.send(confirmationMail(mail.recipient, mail.payload.event_name, withPasses));
    } catch (err) {
      await db.execute(
        sql`update mail_queue set last_error = ${String(err).slice(0, 500)},
          next_attempt_at = now() + make_interval(mins => ${retryAfterMinutes(mail.attempts)}) where id = ${mail.id}`,
      );
      continue;
    }
    sent += 1;
    unforgotten.push(mail.id);
    // A slow mail server must not let the lease end on mail already sent: what went out is forgotten
    // every half minute, and at the end of the batch (one statement for the batch, not one a mail).
    if (Date.now() - forgottenAt > 30_000) await forgetSent();
  }
  await forgetSent();
  return sent;
}

/** Which of the batch's mailed tickets are still valid (a code names one ticket), read at once for the batch. */
async function validTickets(db: Db, codes: string[]) {
  if (codes.length === 0) return new Map<string, { eventId: number; partnerId: number }>();
  const rows = await db
    .select({ code: tickets.code, eventId: tickets.eventId, partnerId: events.partnerId })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(inArray(tickets.code, codes), eq(tickets.status, 'valid')));
  return new Map(rows.map(({ code, ...t }) => [code, t]));
}

/** The mailed tickets with the passes of those still valid when the mail goes. */
async function withTicketPasses(
  passes: TicketPasses,
  valid: Awaited<ReturnType<typeof validTickets>>,
  mailed: Queued['payload']['tickets'],
) {
  return Promise.all(
    mailed.map(async (t) => {
      const ticket = valid.get(t.code);
      return { ...t, pass: ticket ? await passes.issue(ticket.partnerId, ticket.eventId, t.code) : undefined };
    }),
  );
}
