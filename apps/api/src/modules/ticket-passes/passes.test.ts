import { createPublicKey, verify } from 'node:crypto';
import { parseTicketPass } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { readPdf, readQrPng } from '../../../test/qr-reader.ts';
import {
  bearer,
  createEventOnSale,
  createPartnerWithAdmin,
  holderSession,
  purchaseTickets,
} from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { events, tickets, ticketSigningKeys } from '../../db/schema/index.ts';
import { createTicketPasses } from './passes.ts';

type Held = { ID: number; code: string; pass: string; status: string };

describe('signed tickets', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const sale = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 4000, amount: 100 }]);
  const otherEvent = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 1000, amount: 10 }]);

  async function ticketOf(email: string): Promise<{ ticket: Held; session: string }> {
    await purchaseTickets(t.app, sale, { email, full_name: email.split('@')[0]! });
    const session = await holderSession(t.app, t.db, email);
    const held = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(session) })).json()
      .data as Held[];
    return { ticket: held.at(-1)!, session };
  }
  const checkIn = (code: string, event = { eventId: sale.eventId, dayId: sale.dayId }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${event.eventId}/check-in`,
      payload: { code, event_day_id: event.dayId },
      headers: bearer(org.token),
    });

  it('gives a valid ticket a pass its organiser’s public key verifies, and admits it once at the gate', async () => {
    const { ticket } = await ticketOf('ana@fans.test');
    const pass = parseTicketPass(ticket.pass);
    expect(pass).toMatchObject({ eventId: sale.eventId, code: ticket.code });
    const [key] = await t.db.select().from(ticketSigningKeys).where(eq(ticketSigningKeys.id, pass!.keyId));
    expect(key!.partnerId).toBe(org.partnerId);
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key!.publicKey }, format: 'jwk' });
    expect(verify(null, Buffer.from(pass!.signed), publicKey, Buffer.from(pass!.signature, 'base64url'))).toBe(true);
    // The private half is sealed: what the database holds is not the key.
    expect(key!.sealedPrivateKey.split('.')).toHaveLength(3);

    const admitted = await checkIn(ticket.pass);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json().data).toMatchObject({ ticket_id: ticket.ID, ticket_type: 'GA' });
    expect((await checkIn(ticket.pass)).json().error.message).toMatch(/^This ticket was already admitted at /);
  });

  it('refuses a forged or altered pass, and a pass of another event, with the reason', async () => {
    const { ticket } = await ticketOf('ben@fans.test');
    const pass = parseTicketPass(ticket.pass)!;
    const forgedSignature = `${pass.signed}.${'A'.repeat(86)}`;
    const alteredCode = ticket.pass.replace(pass.code, pass.code.slice(0, -1) + (pass.code.endsWith('0') ? '1' : '0'));
    for (const forged of [forgedSignature, alteredCode]) {
      const refused = await checkIn(forged);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('This QR code is not a genuine ticket of this organisation.');
    }
    const elsewhere = await checkIn(ticket.pass, otherEvent);
    expect(elsewhere.json().error.message).toBe('This ticket is for another event.');

    // Another organisation's genuine pass is no pass of this one, even once its key is known here.
    const stranger = await createPartnerWithAdmin(t.db);
    const theirs = await t.app.ticketPasses.issue(stranger.partner.id, sale.eventId, ticket.code);
    expect(await t.app.ticketPasses.read(stranger.partner.id, theirs)).toMatchObject({ kind: 'pass' });
    expect((await checkIn(theirs)).json().error.message).toBe(
      'This QR code is not a genuine ticket of this organisation.',
    );
    // Untouched by the refusals, the ticket's own pass still gets its holder in.
    expect((await checkIn(ticket.pass)).statusCode).toBe(200);
  });

  it('keeps issued passes working after the keys are rotated, and signs new ones with the new key', async () => {
    const { ticket, session } = await ticketOf('cy@fans.test');
    const before = parseTicketPass(ticket.pass)!;
    await t.app.ticketPasses.rotate(org.partnerId);
    const after = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(session) })).json()
      .data as Held[];
    const renewed = parseTicketPass(after.find((h) => h.ID === ticket.ID)!.pass)!;
    expect(renewed.keyId).not.toBe(before.keyId);
    expect((await t.app.ticketPasses.publicKeys(org.partnerId)).map((k) => k.id)).toEqual(
      expect.arrayContaining([before.keyId, renewed.keyId]),
    );
    expect((await checkIn(ticket.pass)).statusCode).toBe(200);
  });

  it('retires a key sealed under another server secret and signs with a new one', async () => {
    const { ticket } = await ticketOf('dee@fans.test');
    const old = parseTicketPass(ticket.pass)!;
    const restarted = createTicketPasses(t.db, 'another-secret-after-a-restart-with-a-new-one');
    const fresh = parseTicketPass(await restarted.issue(org.partnerId, sale.eventId, ticket.code))!;
    expect(fresh.keyId).not.toBe(old.keyId);
    // What the old key signed still reads as genuine.
    expect(await restarted.read(org.partnerId, ticket.pass)).toEqual({
      kind: 'pass',
      eventId: sale.eventId,
      code: ticket.code,
    });
  });

  it('gives a transferred ticket a new pass; the old one is refused as transferred', async () => {
    const { ticket, session } = await ticketOf('eve@fans.test');
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/holder/tickets/${ticket.ID}/transfer`,
      payload: { email: 'fay@fans.test', full_name: 'Fay' },
      headers: bearer(session),
    });
    expect(given.statusCode).toBe(200);
    const fay = await holderSession(t.app, t.db, 'fay@fans.test');
    const [theirs] = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(fay) })).json()
      .data as Held[];
    expect(theirs!.pass).not.toBe(ticket.pass);
    expect((await checkIn(ticket.pass)).json().error.message).toBe(
      'This ticket was transferred to someone else; their ticket has a new code.',
    );
    expect((await checkIn(theirs!.pass)).statusCode).toBe(200);
  });

  it('prints a valid ticket as a PDF that opens and holds its QR code, and no PDF for a refunded one', async () => {
    const { ticket, session } = await ticketOf('gil@fans.test');
    await t.db.update(events).set({ timeZone: 'America/New_York' }).where(eq(events.id, sale.eventId));
    const pdfOf = (holder: string, url = `/api/holder/tickets/${ticket.ID}/pdf`) =>
      t.app.inject({ method: 'GET', url, headers: bearer(holder) });
    const res = await pdfOf(session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${ticket.code}.pdf"`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.qrCodes).toEqual([ticket.pass]);
    expect(pdf.text).toContain(ticket.code);
    expect(pdf.text).toContain('GA');
    // The event's own zone, named, whatever the server's: 19:00 UTC is 3:00 PM in New York.
    expect(pdf.text).toMatch(/Tuesday, June 1, 2027,? (at )?3:00 PM \(America\/New_York\)/);

    const widgetPdf = await pdfOf(session, `/api/holder/partners/${org.partnerId}/tickets/${ticket.ID}/pdf`);
    expect((await readPdf(widgetPdf.rawPayload)).qrCodes).toEqual([ticket.pass]);
    const strangersView = await pdfOf((await ticketOf('hal@fans.test')).session);
    expect(strangersView.statusCode).toBe(404);

    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, ticket.ID));
    const refunded = await pdfOf(session);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().error.message).toBe('Only a valid ticket can be downloaded: this one is not.');
  });
});

describe('the confirmation mail', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp({ smtpUrl: mail.url });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('shows each ticket’s QR code inline, decoding to its pass, with the code in text beside it', async () => {
    const org = await createPartnerWithAdmin(t.db);
    const sale = await createEventOnSale(t.db, org.partner.id, [{ name: 'Balcony', priceCents: 2500, amount: 10 }]);
    const bought = await purchaseTickets(t.app, sale, { email: 'ida@fans.test', full_name: 'Ida' }, 2);
    const codes = bought.map((x) => x.code);
    await t.app.sendQueuedMail();
    const confirmation = await mail.latest('ida@fans.test');
    expect(confirmation.subject).toBe(`Your tickets for ${sale.event.name}`);
    for (const code of codes) {
      expect(confirmation.text).toContain(`Balcony: ${code}`);
      const image = confirmation.attachments.find((a) => a.cid === `ticket-${code}`);
      expect(image?.contentType).toBe('image/png');
      expect(confirmation.html).toContain(`alt="QR code of ticket ${code}"`);
      const pass = parseTicketPass(readQrPng(image!.content) ?? '');
      expect(pass).toMatchObject({ eventId: sale.eventId, code });
      expect(await t.app.ticketPasses.read(org.partner.id, pass!.signed + '.' + pass!.signature)).toEqual({
        kind: 'pass',
        eventId: sale.eventId,
        code,
      });
    }
  });
});
