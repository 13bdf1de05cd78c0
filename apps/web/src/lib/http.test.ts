import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError } from './http.ts';
import { getSession, updateSession } from './session.ts';

function answer(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('api()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unwraps a success envelope and sends the stored token', async () => {
    updateSession({ accessToken: 'tok', partnerId: 3 });
    const fetch = answer(200, { success: true, data: { ok: 1 } });
    vi.stubGlobal('fetch', fetch);
    await expect(api('/events', { query: { partner_id: 3, ordered: true } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/events\?partner_id=3&ordered=true$/);
    expect(init.headers.authorization).toBe('Bearer tok');
  });

  it.each([400, 401])('clears the session on %i and still passes the error on', async (status) => {
    updateSession({ accessToken: 'tok', uid: 'u', partnerId: 3, partnerLogo: '/l.png', userId: 9 });
    vi.stubGlobal(
      'fetch',
      answer(status, { success: false, error: { code: 'unauthenticated', message: 'Sign in again.' } }),
    );
    const error = await api('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Sign in again.');
    expect(getSession()).toEqual({ accessToken: null, uid: null, partnerId: null, partnerLogo: null, userId: null });
  });

  it('keeps the session on other errors', async () => {
    updateSession({ accessToken: 'tok' });
    vi.stubGlobal(
      'fetch',
      answer(422, { success: false, error: { code: 'validation_failed', message: 'name: required' } }),
    );
    await expect(api('/events', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 422 });
    expect(getSession().accessToken).toBe('tok');
  });

  it('describes a network failure as an error the page can show', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('/users')).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection.',
    });
  });
});
