import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SITE, suiteWidget } from '../../../test/fixtures/widget.ts';
import { addMember, bearer, createUser, signIn } from '../../../test/seeders.ts';
import { widgetSettings } from '../../db/schema/index.ts';

const woff2 = (body = 'font') => `data:font/woff2;base64,${Buffer.from(`wOF2${body}`).toString('base64')}`;

describe('the ticket widget', () => {
  const { t, org, rival, call } = suiteWidget();

  it('reads unset settings, updates only the fields sent, and checks colours, fonts and the address', async () => {
    const empty = await call('GET', `/api/partners/${org.partnerId}/widget`, undefined, bearer(org.token));
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
    const url = `/api/partners/${org.partnerId}/widget`;
    const saved = await call(
      'PUT',
      url,
      { primary_brand_color: '#aa0000', title_brand_font: 'Montserrat', website_url: `${SITE}/tickets` },
      bearer(org.token),
    );
    expect(saved.json().data).toMatchObject({
      primary_brand_color: '#AA0000',
      title_brand_font: 'Montserrat',
      website_url: `${SITE}/tickets`,
    });
    const patched = await call('PATCH', url, { secondary_brand_color: '#00aa00' }, bearer(org.token));
    expect(patched.json().data).toMatchObject({ primary_brand_color: '#AA0000', secondary_brand_color: '#00AA00' });
    const cleared = await call('PATCH', url, { secondary_brand_color: '' }, bearer(org.token));
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
      const res = await call('PATCH', url, body, bearer(org.token));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  it('answers 401 without a token, 404 for another partner, 403 without manage_widget', async () => {
    expect((await call('GET', `/api/partners/${org.partnerId}/widget`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/partners/${rival.partnerId}/widget`, undefined, bearer(org.token))).statusCode,
    ).toBe(404);
    const clerk = await createUser(t.db);
    await addMember(t.db, org.partnerId, clerk.id, 'BoxOffice');
    const token = await signIn(t.app, clerk.email, org.partnerId);
    expect((await call('GET', `/api/partners/${org.partnerId}/widget`, undefined, bearer(token))).statusCode).toBe(200);
    const res = await call(
      'PATCH',
      `/api/partners/${org.partnerId}/widget`,
      { primary_brand_color: '' },
      bearer(token),
    );
    expect(res.statusCode).toBe(403);
  });

  it('takes fonts by their content, serves them to any site, and offers them as the widget font', async () => {
    const url = `/api/partners/${org.partnerId}/widget/fonts`;
    const renamed = `data:font/woff2;base64,${Buffer.from('GIF89a not a font').toString('base64')}`;
    const refused = await call('POST', url, { family: 'Fake', file: renamed }, bearer(org.token));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('The file must be a WOFF2, WOFF or TTF font.');

    for (const [file, ext] of [
      [woff2(), 'woff2'],
      [`data:font/woff;base64,${Buffer.from('wOFFxx').toString('base64')}`, 'woff'],
      [`data:font/ttf;base64,${Buffer.from([0, 1, 0, 0, 9, 9]).toString('base64')}`, 'ttf'],
    ] as const) {
      const res = await call('POST', url, { family: `House ${ext}`, file }, bearer(org.token));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fonts.at(-1).url).toMatch(new RegExp(`^/api/files/[0-9a-f-]{36}\\.${ext}$`));
    }
    const again = await call('POST', url, { family: 'House woff2', file: woff2('v2') }, bearer(org.token));
    const fonts = again.json().data.fonts as { family: string; url: string }[];
    expect(fonts.map((f) => f.family)).toEqual(['House woff', 'House ttf', 'House woff2']);

    const served = await call('GET', fonts[2]!.url);
    expect(served.headers['content-type']).toBe('font/woff2');
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.body).toBe('wOF2v2');

    const chosen = await call(
      'PATCH',
      `/api/partners/${org.partnerId}/widget`,
      { text_brand_font: 'House woff2' },
      bearer(org.token),
    );
    expect(chosen.statusCode).toBe(200);
    const pub = (await call('GET', `/api/public/partners/${org.partnerId}/widget`)).json().data;
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
      .where(eq(widgetSettings.partnerId, org.partnerId));
    const preflight = await call('OPTIONS', '/api/public/checkout', undefined, {
      origin: SITE,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');

    const events = await call('GET', `/api/public/partners/${org.partnerId}/events`, undefined, { origin: SITE });
    expect(events.statusCode).toBe(200);
    expect(events.headers['access-control-allow-origin']).toBe(SITE);
    // Cached per origin as well as per encoding: another site must not be handed this site's answer.
    expect(events.headers.vary).toBe('origin, accept-encoding');

    const expired = await call('GET', '/api/holder/tickets', undefined, { origin: SITE, authorization: 'Bearer x' });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['access-control-allow-origin']).toBe(SITE);

    // Refused, and told why in words the widget shows the visitor: the page may read the refusal and nothing else.
    for (const [origin, path, message] of [
      [
        'http://evil.example.test',
        `/api/public/partners/${org.partnerId}/events`,
        `This ticket shop only works on ${SITE}: the website address does not match.`,
      ],
      [
        SITE,
        `/api/public/partners/${rival.partnerId}/widget`,
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
    const refusedPreflight = await call('OPTIONS', `/api/holder/partners/${org.partnerId}/tickets`, undefined, {
      origin: 'http://evil.example.test',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });
    expect(refusedPreflight.statusCode).toBe(403);
    expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const frame = await call('GET', `/widget/frame?partner=${org.partnerId}`);
    expect(frame.headers['content-security-policy']).toMatch(new RegExp(`; frame-ancestors 'self' ${SITE}$`));
    const unknown = await call('GET', '/widget/frame?partner=999999');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-security-policy']).toMatch(/; frame-ancestors 'self'$/);
    expect((await call('GET', '/api/public/partners/999999/widget')).statusCode).toBe(404);
    expect(await t.db.select().from(widgetSettings).where(eq(widgetSettings.partnerId, 999999))).toEqual([]);
  });
});
