import { eventCreateSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { eventBase, suiteManagingEvents } from '../../../test/fixtures/events.ts';
import { addMember, createUser, PNG_DATA_URL, signedInOrganisation, signIn } from '../../../test/seeders.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { createEvent } from './create.ts';

describe('creating and managing events', () => {
  const { t, org, call, create, createOneDay, day, ticket } = suiteManagingEvents();

  it('needs a design of this partner for each ticket type', async () => {
    const id = await createOneDay('Designless', '2027-08-01T14:00:00Z', '2027-08-01T15:00:00Z');
    const other = await signedInOrganisation(t.app, t.db);
    const theirs = (
      await call('POST', '/api/templates', { partner_id: other.partnerId, image: PNG_DATA_URL }, other.token)
    ).json().data.ID;
    const res = await call('POST', '/api/ticket_types', [{ ...ticket(id, 'X'), template_id: theirs }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('You need to add a ticket image first.');
    const royalty = await call('POST', '/api/ticket_types', [{ ...ticket(id, 'X'), secondary_royalty: 1.5 }]);
    expect(royalty.json().error.fields['0.secondary_royalty']).toBe('* Value must be between 0 and 100');
    expect(
      (await call('GET', `/api/templates?partner_id=${org.partner.id}`)).json().data.map((x: { ID: number }) => x.ID),
    ).not.toContain(theirs);
  });

  it('keeps support contacts and sponsors per event', async () => {
    const id = await createOneDay('Supported', '2027-09-01T14:00:00Z', '2027-09-01T15:00:00Z');
    const contact = (await call('POST', '/api/support', { event_id: id, contact: 'help@example.test' })).json().data;
    expect(
      (await call('PUT', `/api/support/${contact.ID}`, { event_id: id, contact: '+1 555 0100' })).json().data.contact,
    ).toBe('+1 555 0100');
    expect((await call('GET', `/api/support/events/${id}`)).json().data).toEqual([
      { ID: contact.ID, event_id: id, contact: '+1 555 0100' },
    ]);
    expect((await call('POST', '/api/support', { event_id: id, contact: ' ' })).statusCode).toBe(422);

    const sponsor = (await call('POST', '/api/sponsors', { event_id: id, name: 'Brew Co', image: '' })).json().data;
    expect(
      (
        await call('PUT', `/api/sponsors/${sponsor.ID}`, { event_id: id, name: 'Brew & Co', image: PNG_DATA_URL })
      ).json().data.image,
    ).toMatch(/\.png$/);
    expect((await call('DELETE', `/api/sponsors/${sponsor.ID}`)).json().data).toEqual({ ID: sponsor.ID });
  });

  it("keeps other partners' events out of reach, and box office staff from changing them", async () => {
    const id = await createOneDay('Private', '2027-10-01T14:00:00Z', '2027-10-01T15:00:00Z');
    const stranger = (await signedInOrganisation(t.app, t.db)).token;
    for (const [method, url, body] of [
      ['GET', `/api/events/${id}`],
      ['PUT', `/api/events/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/events/${id}`],
      ['GET', `/api/support/events/${id}`],
      ['POST', '/api/support', { event_id: id, contact: 'x@example.test' }],
      ['POST', '/api/ticket_types', [ticket(id, 'Sneaky')]],
    ] as const) {
      const res = await call(method, url, body, stranger);
      expect([403, 404, 422], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body).not.toContain('Private');
    }
    const staff = await createUser(t.db);
    await addMember(t.db, org.partner.id, staff.id, 'BoxOffice');
    const staffToken = await signIn(t.app, staff.email, org.partner.id);
    expect((await call('GET', `/api/events/${id}`, undefined, staffToken)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${id}`, { name: 'Box office edit' }, staffToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/events/${id}`)).json().data.name).toBe('Private');
  });

  const storedKeys = async () =>
    (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((f) => f.key).sort();

  it('keeps no file of an event the database refuses after its images were stored', async () => {
    const before = await storedKeys();
    const input = eventCreateSchema.parse({
      ...eventBase,
      name: 'Vanished',
      partner_id: org.partner.id,
      image: PNG_DATA_URL,
      sponsors: [{ name: 'Acme', image: PNG_DATA_URL }],
      event_days: [day('2027-11-01T14:00:00Z', '2027-11-01T15:00:00Z')],
    });
    // A partner removed while its event was being created: the event's row breaks its foreign key.
    await expect(createEvent(t.db, t.app.storage, t.app.log, 2_000_000_000, input)).rejects.toThrow();
    expect(await storedKeys()).toEqual(before);
  });

  it('answers a refused change with its own error even when its new image cannot be removed', async () => {
    const series = await create({
      name: 'Fortnightly',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=2',
      event_days: [day('2027-12-01T14:00:00Z', '2027-12-01T15:00:00Z')],
    });
    const { remove } = t.app.storage;
    t.app.storage.remove = async () => {
      throw new Error('the file store is unreachable');
    };
    try {
      const res = await call('PUT', `/api/events/${series.json().data[0].ID}`, {
        image: PNG_DATA_URL,
        rrule: 'FREQ=WEEKLY;UNTIL=20200101T000000Z',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/gives no dates/);
    } finally {
      t.app.storage.remove = remove;
    }
  });
});
