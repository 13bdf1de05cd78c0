import { describe, expect, it } from 'vitest';
import { postRaw } from '../../test/helper.ts';
import { bearer } from '../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../test/suite.ts';

describe('API conventions', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  it('answers malformed JSON with 422 and a clear envelope, never 400', async () => {
    const res = await postRaw(t.app, '/api/login', '{"firebase_id": ');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'not_found', message: 'No route GET /api/no-such-thing.' },
    });
  });

  it('answers an address the router refuses with the envelope and the headers of a JSON answer', async () => {
    for (const [url, status] of [
      ['/api/events/%E0%A4%A', 422],
      [`/api/events/${'9'.repeat(300)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().success, url).toBe(false);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers a missing token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthenticated', message: 'Sign in to continue.' });
  });

  it('answers a wrong type with 422 naming the field, and a message for a person', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/partner',
      headers: bearer(org.token),
      payload: { partner_id: 'seven' },
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toHaveProperty('partner_id');
    // The key is for the form; the message is a sentence for a person, with no key or schema terms.
    expect(error.message).toBe('Partner ID must be a number.');
  });

  it('says what is wrong in words, never a field key or a schema term', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(org.token), payload });
    const cases: [Awaited<ReturnType<typeof post>>, string][] = [
      [
        await post('/api/members', { full_name: 'x'.repeat(201), email: 'a@b.test', roles: [1], partner_id: 1 }),
        'A name has at most 200 characters.',
      ],
      [await post('/api/fan_notes', { partner_id: 1, user_id: 1, note: '   ' }), 'Write a note first.'],
      [
        await post('/api/public/checkout', {
          partner_id: 1,
          event_id: 1,
          event_day_id: 1,
          items: [{ ticket_type_id: 1, quantity: 25 }],
          buyer: { email: 'a@b.test', full_name: 'A' },
          payment_method: '4242',
        }),
        'You can buy at most 20 tickets of a type at once.',
      ],
      [await post('/api/login/partner', { partner_id: 1.5 }), 'Partner ID must be a whole number.'],
    ];
    for (const [res, message] of cases) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toBe(message);
    }
    const schemaTerms = /invalid input|expected|received|too big|too small|nan\b|^[\w.]+: /i;
    for (const [res] of cases) expect(res.json().error.message).not.toMatch(schemaTerms);
  });

  it('answers a wrong query type with 422', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events?partner_id=abc', headers: bearer(org.token) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('partner_id');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await postRaw(t.app, '/api/login', '<a/>', { 'content-type': 'text/xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});
