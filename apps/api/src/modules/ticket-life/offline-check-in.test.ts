import { randomUUID } from 'node:crypto';
import { gateRefusals } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, purchaseTickets, signIn } from '../../../test/seeders.ts';
import { suiteEventOnSale, suiteOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { checkInUndos, events, tickets } from '../../db/schema/index.ts';

type Scan = { scan_id: string; code: string; scanned_at: string };

describe('a gate offline: its scans synced, and admissions undone', () => {
  const { t, org, sale } = suiteOnSale([{ name: 'GA', priceCents: 2000, amount: 100 }]);
  const laterDay = suiteEventOnSale(t, org, [{ name: 'Late', priceCents: 1000, amount: 10 }]);
  const rival = suiteOrganisation(t);
  /** Two gates of the organisation, each signed in as its own member. */
  let north: string;
  let south: string;
  let fans = 0;
  const zone = 'America/New_York';

  beforeAll(async () => {
    await t.db.update(events).set({ timeZone: zone }).where(eq(events.id, sale.eventId));
    north = org.token;
    const door = await createUser(t.db, { fullName: 'Dora Door' });
    await addMember(t.db, sale.partnerId, door.id, 'Admin');
    south = await signIn(t.app, door.email, sale.partnerId);
  });

  async function buy(quantity: number, at = sale) {
    fans += 1;
    return purchaseTickets(t.app, at, { email: `gate${fans}@fans.test`, full_name: `Fan ${fans}` }, quantity);
  }
  const scan = (code: string, scannedAt = new Date(Date.now() - 10 * 60_000)): Scan => ({
    scan_id: randomUUID(),
    code,
    scanned_at: scannedAt.toISOString(),
  });
  const sync = (scans: Scan[], token = north, eventId = sale.eventId, dayId = sale.dayId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/sync`,
      headers: bearer(token),
      payload: { event_day_id: dayId, scans },
    });
  const undo = (ticketId: number, reason = 'Scanned the wrong wristband', token = south, eventId = sale.eventId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/undo`,
      headers: bearer(token),
      payload: { ticket_id: ticketId, reason },
    });
  const attendance = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/events/${sale.eventId}/analytics`, headers: bearer(north) })).json()
      .data.attendance.total_attendance as number;
  const admittedAt = async (ticketId: number) =>
    (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.checkedInAt;

  it('admits each scan as of its own time, by the member who synced it, and attendance moves', async () => {
    const [first, second] = await buy(2);
    const before = await attendance();
    const pass = await t.app.ticketPasses.issue(sale.partnerId, sale.eventId, second!.code);
    const typed = scan(first!.code.toLowerCase().replace(/(.{4})/, '$1-'));
    const scanned = scan(pass, new Date(Date.now() + 3_600_000));
    const res = await sync([typed, scanned]);
    expect(res.statusCode, res.body).toBe(200);
    const [one, two] = res.json().data;
    expect(one).toEqual({
      scan_id: typed.scan_id,
      code: typed.code,
      admitted: true,
      reason: null,
      holder: `Fan ${fans}`,
      ticket_type: 'GA',
      checked_in_at: typed.scanned_at,
    });
    // A scan dated in the future (a gate's clock running fast) is admitted as of now, not later.
    expect(two).toMatchObject({ scan_id: scanned.scan_id, admitted: true, reason: null });
    expect(new Date(two.checked_in_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await attendance()).toBe(before + 2);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, first!.ID));
    expect(row).toMatchObject({ checkedInAt: new Date(typed.scanned_at), checkInScanId: typed.scan_id });
  });

  it('admits a code two gates synced once: the later sync is refused with the first admission’s time', async () => {
    const [ticket] = await buy(1);
    const before = await attendance();
    const atNorth = scan(ticket!.code, new Date(Date.now() - 20 * 60_000));
    const atSouth = scan(ticket!.code, new Date(Date.now() - 5 * 60_000));
    expect((await sync([atNorth])).json().data[0].admitted).toBe(true);
    const refused = (await sync([atSouth], south)).json().data[0];
    expect(refused).toEqual({
      scan_id: atSouth.scan_id,
      code: ticket!.code,
      admitted: false,
      reason: gateRefusals.alreadyAdmitted(atNorth.scanned_at, zone),
      holder: null,
      ticket_type: null,
      checked_in_at: null,
    });
    expect(await attendance()).toBe(before + 1);

    // Both gates at the same moment: whichever commits first admits, the other reads out its time.
    const [raced] = await buy(1);
    const answers = await Promise.all([sync([scan(raced!.code)]), sync([scan(raced!.code)], south)]);
    const results = answers.map((r) => r.json().data[0]);
    expect(results.filter((r) => r.admitted)).toHaveLength(1);
    const winner = results.find((r) => r.admitted)!;
    expect(results.find((r) => !r.admitted)!.reason).toBe(gateRefusals.alreadyAdmitted(winner.checked_in_at, zone));
    expect(await attendance()).toBe(before + 2);
  });

  it('answers a sync sent again as it did the first time, admitting nothing new', async () => {
    const [ticket] = await buy(1);
    // A gate may write its scan ids in capitals; the database keeps them in lower case.
    const scans = [{ ...scan(ticket!.code), scan_id: randomUUID().toUpperCase() }, scan('NOSUCHCODE00')];
    const first = await sync(scans);
    expect(first.json().data.map((r: { admitted: boolean; reason: string | null }) => [r.admitted, r.reason])).toEqual([
      [true, null],
      [false, gateRefusals.unknown],
    ]);
    const counted = await attendance();
    const again = await sync(scans);
    expect(again.json()).toEqual(first.json());
    expect(await attendance()).toBe(counted);
    // The same scan twice in one sync is one admission too.
    const [twin] = await buy(1);
    const doubled = scan(twin!.code);
    expect((await sync([doubled, doubled])).json().data.map((r: { admitted: boolean }) => r.admitted)).toEqual([
      true,
      true,
    ]);
    expect(await attendance()).toBe(counted + 1);
  });

  it('refuses each bad scan with the gate’s reason, and still admits the good ones beside it', async () => {
    const [good, listed] = await buy(2);
    const [elsewhere] = await buy(1, laterDay);
    await t.db.update(tickets).set({ status: 'listed' }).where(eq(tickets.id, listed!.ID));
    const genuine = await t.app.ticketPasses.issue(sale.partnerId, sale.eventId, good!.code);
    const forged = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherEvent = await t.app.ticketPasses.issue(sale.partnerId, laterDay.eventId, elsewhere!.code);
    // Shaped as a pass, under a key id no key column can hold.
    const outOfRange = `PT1.${sale.eventId}.${good!.code}.9999999999.${'A'.repeat(86)}`;
    const scans = [scan(forged), scan(outOfRange), scan(otherEvent), scan(listed!.code), scan(elsewhere!.code)];
    scans.push(scan(genuine));
    const res = await sync(scans);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { reason: string | null }) => r.reason)).toEqual([
      gateRefusals.forged,
      gateRefusals.forged,
      gateRefusals.otherEvent,
      gateRefusals.listed,
      gateRefusals.unknown,
      null,
    ]);
    expect(res.json().data.map((r: { scan_id: string }) => r.scan_id)).toEqual(scans.map((s) => s.scan_id));
  });

  it('answers 404 for a sync to another organisation’s event or a day of another event', async () => {
    const [ticket] = await buy(1);
    expect((await sync([scan(ticket!.code)], rival.token)).statusCode).toBe(404);
    expect((await sync([scan(ticket!.code)], north, sale.eventId, laterDay.dayId)).statusCode).toBe(404);
    expect(await admittedAt(ticket!.ID)).toBeNull();
  });

  it('undoes an admission once, keeping who undid it, when and why; attendance moves back', async () => {
    const [ticket] = await buy(1);
    const synced = scan(ticket!.code);
    expect((await sync([synced])).json().data[0].admitted).toBe(true);
    const before = await attendance();
    const res = await undo(ticket!.ID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ undone: true });
    expect(await attendance()).toBe(before - 1);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket!.ID));
    expect(row).toMatchObject({ checkedInAt: null, checkedInBy: null, checkInScanId: null });
    const [kept] = await t.db.select().from(checkInUndos).where(eq(checkInUndos.ticketId, ticket!.ID));
    expect(kept).toMatchObject({
      admittedAt: new Date(synced.scanned_at),
      scanId: synced.scan_id,
      reason: 'Scanned the wrong wristband',
    });

    const twice = await undo(ticket!.ID);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This ticket has not been admitted.');
    expect(await attendance()).toBe(before - 1);
    // The undone scan, sent again, stays undone; scanned anew, the holder comes in.
    expect((await sync([synced])).json().data[0]).toMatchObject({ admitted: false, reason: gateRefusals.undoneScan });
    expect((await sync([scan(ticket!.code)])).json().data[0].admitted).toBe(true);
    expect(await attendance()).toBe(before);
  });

  it('takes back an admission once when two gates undo it at once', async () => {
    const [ticket] = await buy(1);
    expect((await sync([scan(ticket!.code)])).json().data[0].admitted).toBe(true);
    const before = await attendance();
    const answers = await Promise.all([undo(ticket!.ID, 'Twice', north), undo(ticket!.ID, 'Twice', south)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await attendance()).toBe(before - 1);
    expect(await t.db.select().from(checkInUndos).where(eq(checkInUndos.ticketId, ticket!.ID))).toHaveLength(1);
  });

  it('leaves attendance alone when the admission undone is of a ticket refunded since', async () => {
    const [ticket] = await buy(1);
    expect((await sync([scan(ticket!.code)])).json().data[0].admitted).toBe(true);
    const refund = await t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      headers: bearer(north),
      payload: { ticket_ids: [ticket!.ID], amount: 20 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // The refund took the admitted ticket out of the count already.
    const before = await attendance();
    expect((await undo(ticket!.ID)).statusCode).toBe(200);
    expect(await attendance()).toBe(before);
  });

  it('answers 404 to an undo of a ticket of another event or another organisation', async () => {
    const [ticket] = await buy(1);
    expect((await sync([scan(ticket!.code)])).json().data[0].admitted).toBe(true);
    const elsewhere = await undo(ticket!.ID, 'Wrong event', south, laterDay.eventId);
    expect(elsewhere.statusCode).toBe(404);
    expect((await undo(ticket!.ID, 'Not ours', rival.token)).statusCode).toBe(404);
    expect(await admittedAt(ticket!.ID)).not.toBeNull();
  });
});
