import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import {
  addMember,
  bearer,
  createEvent,
  createEventOnSale,
  createPartnerWithAdmin,
  createUser,
  holderSession,
  signIn,
} from '../../../test/seeders.ts';
import { events, outbox, widgetSettings } from '../../db/schema/index.ts';

const SITE = 'http://shop.example.test:8080';
const woff2 = (body = 'font') => `data:font/woff2;base64,${Buffer.from(`wOF2${body}`).toString('base64')}`;

describe('the ticket widget', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let otherPartnerId: number;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db, { name: 'Harbour' });
    partnerId = org.partner.id;
    admin = await signIn(t.app, org.admin.email, partnerId);
    otherPartnerId = (await createPartnerWithAdmin(t.db)).partner.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'OPTIONS', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('reads unset settings, updates only the fields sent, and checks colours, fonts and the address', async () => {
    const empty = await call('GET', `/api/partners/${partnerId}/widget`, undefined, bearer(admin));
    expect(empty.json().data).toEqual({
      primary_brand_color: '',
      secondary_brand_color: '',
      title_brand_color: '',
      text_brand_color: '',
      title_brand_font: '',
      text_brand_font: '',
      website_url: '',
      fonts: [],
    });
    const url = `/api/partners/${partnerId}/widget`;
    const saved = await call(
      'PUT',
      url,
      { primary_brand_color: '#aa0000', title_brand_font: 'Montserrat', website_url: `${SITE}/tickets` },
      bearer(admin),
    );
    expect(saved.json().data).toMatchObject({
      primary_brand_color: '#AA0000',
      title_brand_font: 'Montserrat',
      website_url: `${SITE}/tickets`,
    });
    const patched = await call('PATCH', url, { secondary_brand_color: '#00aa00' }, bearer(admin));
    expect(patched.json().data).toMatchObject({ primary_brand_color: '#AA0000', secondary_brand_color: '#00AA00' });
    const cleared = await call('PATCH', url, { secondary_brand_color: '' }, bearer(admin));
    expect(cleared.json().data.secondary_brand_color).toBe('');

    for (const [body, field] of [
      [{ primary_brand_color: 'red' }, 'primary_brand_color'],
      [{ text_brand_font: 'Comic Sans Nowhere' }, 'text_brand_font'],
      [{ website_url: 'ftp://example.test' }, 'website_url'],
      [{ website_url: 'javascript:alert(1)' }, 'website_url'],
      [{ website_url: 'https://a.test;script-src*' }, 'website_url'],
      [{ website_url: 'https://user:secret@a.test' }, 'website_url'],
      [{ title_brand_font: 'constructor' }, 'title_brand_font'],
    ] as const) {
      const res = await call('PATCH', url, body, bearer(admin));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  it('answers 401 without a token, 404 for another partner, 403 without manage_widget', async () => {
    expect((await call('GET', `/api/partners/${partnerId}/widget`)).statusCode).toBe(401);
    expect((await call('GET', `/api/partners/${otherPartnerId}/widget`, undefined, bearer(admin))).statusCode).toBe(
      404,
    );
    const clerk = await createUser(t.db);
    await addMember(t.db, partnerId, clerk.id, 'BoxOffice');
    const token = await signIn(t.app, clerk.email, partnerId);
    expect((await call('GET', `/api/partners/${partnerId}/widget`, undefined, bearer(token))).statusCode).toBe(200);
    const res = await call('PATCH', `/api/partners/${partnerId}/widget`, { primary_brand_color: '' }, bearer(token));
    expect(res.statusCode).toBe(403);
  });

  it('takes fonts by their content, serves them to any site, and offers them as the widget font', async () => {
    const url = `/api/partners/${partnerId}/widget/fonts`;
    const renamed = `data:font/woff2;base64,${Buffer.from('GIF89a not a font').toString('base64')}`;
    const refused = await call('POST', url, { family: 'Fake', file: renamed }, bearer(admin));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('The file must be a WOFF2, WOFF or TTF font.');

    for (const [file, ext] of [
      [woff2(), 'woff2'],
      [`data:font/woff;base64,${Buffer.from('wOFFxx').toString('base64')}`, 'woff'],
      [`data:font/ttf;base64,${Buffer.from([0, 1, 0, 0, 9, 9]).toString('base64')}`, 'ttf'],
    ] as const) {
      const res = await call('POST', url, { family: `House ${ext}`, file }, bearer(admin));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fonts.at(-1).url).toMatch(new RegExp(`^/api/files/[0-9a-f-]{36}\\.${ext}$`));
    }
    const again = await call('POST', url, { family: 'House woff2', file: woff2('v2') }, bearer(admin));
    const fonts = again.json().data.fonts as { family: string; url: string }[];
    expect(fonts.map((f) => f.family)).toEqual(['House woff', 'House ttf', 'House woff2']);

    const served = await call('GET', fonts[2]!.url);
    expect(served.headers['content-type']).toBe('font/woff2');
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.body).toBe('wOF2v2');

    const chosen = await call(
      'PATCH',
      `/api/partners/${partnerId}/widget`,
      { text_brand_font: 'House woff2' },
      bearer(admin),
    );
    expect(chosen.statusCode).toBe(200);
    const pub = (await call('GET', `/api/public/partners/${partnerId}/widget`)).json().data;
    expect(pub).toMatchObject({
      partner_name: 'Harbour',
      primary_brand_color: '#AA0000',
      title_brand_font: 'Montserrat',
      text_brand_font: 'House woff2',
      font_stylesheets: ['https://fonts.googleapis.com/css2?family=Montserrat:wght@400;800&display=swap'],
      font_faces: [{ family: 'House woff2', url: `${t.config.publicUrl}${fonts[2]!.url}` }],
      payments: { provider: 'test' },
    });
    expect(pub).not.toHaveProperty('website_url');
  });

  it('answers CORS only to the saved website origin, and refuses every other site', async () => {
    await t.db
      .update(widgetSettings)
      .set({ websiteUrl: `${SITE}/tickets` })
      .where(eq(widgetSettings.partnerId, partnerId));
    const preflight = await call('OPTIONS', '/api/public/checkout', undefined, {
      origin: SITE,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');

    const events = await call('GET', `/api/public/partners/${partnerId}/events`, undefined, { origin: SITE });
    expect(events.statusCode).toBe(200);
    expect(events.headers['access-control-allow-origin']).toBe(SITE);

    const expired = await call('GET', '/api/holder/tickets', undefined, { origin: SITE, authorization: 'Bearer x' });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['access-control-allow-origin']).toBe(SITE);

    // Refused, and told why in words the widget shows the visitor: the page may read the refusal and nothing else.
    for (const [origin, path, message] of [
      [
        'http://evil.example.test',
        `/api/public/partners/${partnerId}/events`,
        `This ticket shop only works on ${SITE}: the website address does not match.`,
      ],
      [
        SITE,
        `/api/public/partners/${otherPartnerId}/widget`,
        'This ticket shop does not work on this website: the website address does not match.',
      ],
      [
        SITE,
        '/api/public/partners/99999999999/events',
        'This ticket shop does not work on this website: the website address does not match.',
      ],
      [
        'http://shop.example.test:8081',
        '/api/public/checkout',
        'This ticket shop does not work on this website: the website address does not match.',
      ],
    ] as const) {
      const res = await call('GET', path, undefined, { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(message);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    const refusedPreflight = await call('OPTIONS', `/api/holder/partners/${partnerId}/tickets`, undefined, {
      origin: 'http://evil.example.test',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });
    expect(refusedPreflight.statusCode).toBe(403);
    expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const frame = await call('GET', `/widget/frame?partner=${partnerId}`);
    expect(frame.headers['content-security-policy']).toMatch(new RegExp(`; frame-ancestors 'self' ${SITE}$`));
    const unknown = await call('GET', '/widget/frame?partner=999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-security-policy']).toMatch(/; frame-ancestors 'self'$/);
    expect((await call('GET', '/api/public/partners/999999/widget')).statusCode).toBe(404);
    expect(await t.db.select().from(widgetSettings).where(eq(widgetSettings.partnerId, 999999))).toEqual([]);
  });

  it('signs a fan in by an e-mailed link that returns to the partner page with a holder-only session', async () => {
    const { event, days, types } = await createEvent(t.db, partnerId, {
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 2000, amount: 10 }],
    });
    await t.db.update(events).set({ activeOnWidget: true, transferingAllowed: true }).where(eq(events.id, event.id));
    const bought = await call(
      'POST',
      '/api/public/checkout',
      {
        partner_id: partnerId,
        event_id: event.id,
        event_day_id: days[0]!.id,
        items: [{ ticket_type_id: types[0]!.id, quantity: 1 }],
        buyer: { email: 'ana@fans.test', full_name: 'Ana' },
        payment_method: '4242424242424242',
      },
      { origin: SITE },
    );
    expect(bought.statusCode).toBe(200);

    const link = `/api/public/partners/${partnerId}/widget/sign-in-link`;
    const elsewhere = await call('POST', link, { email: 'ana@fans.test', return_url: 'http://evil.example.test/x' });
    expect(elsewhere.statusCode).toBe(422);
    const sent = await call(
      'POST',
      link,
      { email: 'ana@fans.test', return_url: `${SITE}/tickets?x=1` },
      { origin: SITE },
    );
    expect(sent.json().data).toEqual({ sent: true });
    expect((await call('POST', link, { email: 'nobody@fans.test', return_url: `${SITE}/` })).json().data).toEqual({
      sent: true,
    });

    // The link's mail, whatever else Ana was sent (a purchase's confirmation is sent in the background).
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'ana@fans.test'), like(outbox.text, '%/widget/sign-in%')))
      .orderBy(desc(outbox.id));
    expect(mail!.subject).toBe('Your Harbour tickets');
    const mailed = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(mailed.pathname).toBe('/widget/sign-in');
    const code = mailed.searchParams.get('code')!;

    const landing = await call('GET', `/widget/sign-in?code=${code}`);
    expect(landing.headers['referrer-policy']).toBe('no-referrer');
    expect(landing.body).toContain('Continue');
    const form = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/widget/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${encodeURIComponent(c)}`,
      });
    const done = await form(code);
    expect(done.statusCode).toBe(303);
    const back = new URL(done.headers.location!);
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(`${SITE}/tickets?x=1`);
    const token = decodeURIComponent(/^#ppw_token=(.+)$/.exec(back.hash)![1]!);
    expect((await form(code)).statusCode).toBe(410);

    const mine = await call('GET', `/api/holder/partners/${partnerId}/tickets`, undefined, bearer(token));
    expect(mine.json().data).toEqual([expect.objectContaining({ event_id: event.id, transferable: true })]);
    const ticketId = mine.json().data[0].ID as number;
    // The session lives in a partner's page: it acts on that partner's tickets and nothing else.
    for (const [method, url, body] of [
      ['GET', `/api/holder/partners/${otherPartnerId}/tickets`],
      ['GET', '/api/holder/tickets'],
      ['POST', `/api/holder/tickets/${ticketId}/transfer`, { email: 'eve@fans.test' }],
      ['GET', '/api/partner/v1/auth/me'],
      ['POST', '/api/login/partner', { partner_id: partnerId }],
    ] as const) {
      expect((await call(method, url, body, bearer(token))).statusCode, url).toBe(403);
    }
    const transfer = (id: number) =>
      call(
        'POST',
        `/api/holder/partners/${partnerId}/tickets/${id}/transfer`,
        { email: 'ben@fans.test' },
        bearer(token),
      );
    expect((await transfer(ticketId + 1000)).statusCode).toBe(404);
    expect((await transfer(ticketId)).json().data).toEqual({ transferred: true });
    expect(
      (await call('GET', `/api/holder/partners/${partnerId}/tickets`, undefined, bearer(token))).json().data,
    ).toEqual([]);
  });
  it('lists the events on the widget soonest first, whatever order they were made in', async () => {
    const later = await createEventOnSale(t.db, partnerId, [{ name: 'GA', priceCents: 1000, amount: 5 }], {
      start: '2027-09-01T19:00:00Z',
    });
    const sooner = await createEventOnSale(t.db, partnerId, [{ name: 'GA', priceCents: 1000, amount: 5 }], {
      start: '2027-07-01T19:00:00Z',
    });
    const listed = (await call('GET', `/api/public/partners/${partnerId}/events`)).json().data as {
      ID: number;
      days: { start_date: string }[];
    }[];
    const ours = listed.filter((e) => [later.event.id, sooner.event.id].includes(e.ID));
    expect(ours.map((e) => e.ID)).toEqual([sooner.event.id, later.event.id]);
    const starts = listed.map((e) => e.days[0]!.start_date);
    expect(starts).toEqual([...starts].sort());
  });

  it('shows a refunded ticket to its holder as refunded, offered neither for transfer nor for sale', async () => {
    const { event, days, types } = await createEventOnSale(t.db, partnerId, [
      { name: 'GA', priceCents: 2000, amount: 10 },
    ]);
    const bought = await call('POST', '/api/public/checkout', {
      partner_id: partnerId,
      event_id: event.id,
      event_day_id: days[0]!.id,
      items: [{ ticket_type_id: types[0]!.id, quantity: 2 }],
      buyer: { email: 'rita@fans.test', full_name: 'Rita' },
      payment_method: '4242424242424242',
    });
    const [refunded, kept] = (bought.json().data.tickets as { ID: number }[]).map((x) => x.ID);
    const refund = await call('POST', '/api/financial/refund', { ticket_ids: [refunded], amount: 20 }, bearer(admin));
    expect(refund.statusCode).toBe(200);

    const rita = await holderSession(t.app, t.db, 'rita@fans.test');
    const mine = (await call('GET', `/api/holder/partners/${partnerId}/tickets`, undefined, bearer(rita))).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ ID: refunded, status: 'refunded', transferable: false, resellable: false }),
      expect.objectContaining({ ID: kept, status: 'valid', transferable: true, resellable: true }),
    ]);
    const moved = await call(
      'POST',
      `/api/holder/partners/${partnerId}/tickets/${refunded}/transfer`,
      { email: 'sam@fans.test' },
      bearer(rita),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('This ticket was refunded or cancelled.');
  });
});
