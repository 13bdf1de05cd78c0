import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, capturedLog } from '../../test/helper.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { createPartner, createUser, TEST_PASSWORD } from '../../test/seeders.ts';
import { redactUrl } from './request-log.ts';

describe('redactUrl', () => {
  it('hides the values of secret query parameters, whatever their case or encoding', () => {
    expect(redactUrl('/usermgmt?mode=resetPassword&oobCode=abc123&continueUrl=http%3A%2F%2Fx%2Flogin')).toBe(
      '/usermgmt?mode=resetPassword&oobCode=[redacted]&continueUrl=http%3A%2F%2Fx%2Flogin',
    );
    expect(redactUrl('/widget/sign-in?code=s3cret')).toBe('/widget/sign-in?code=[redacted]');
    expect(redactUrl('/x?OOBCODE=a&oob%43ode=b&pin=1234&token=t&state=s&a=1')).toBe(
      '/x?OOBCODE=[redacted]&oob%43ode=[redacted]&pin=[redacted]&token=[redacted]&state=[redacted]&a=1',
    );
    expect(redactUrl('/api/events?partner_id=3')).toBe('/api/events?partner_id=3');
    expect(redactUrl('/bad?%E0%A4%A=1&code=2')).toBe('/bad?%E0%A4%A=1&code=[redacted]');
  });
});

describe('the request log', () => {
  const { lines, stream } = capturedLog();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp({ smtpUrl: mail.url, publicUrl: 'http://portal.test' }, { level: 'info', stream });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('never holds a reset code, a widget sign-in code, a token or a password', async () => {
    const user = await createUser(t.db);
    const partner = await createPartner(t.db);
    const secrets: string[] = [TEST_PASSWORD];
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}) });

    // A reset, as the browser and the portal make it.
    await inject('POST', '/api/public/users/forgot', { email: user.email });
    const resetLink = new URL(/https?:\/\/\S+/.exec((await mail.latest(user.email)).text)![0]);
    const oobCode = resetLink.searchParams.get('oobCode')!;
    secrets.push(oobCode);
    await inject('GET', `${resetLink.pathname}${resetLink.search}`);
    await inject('GET', `/reset-password?oobCode=${oobCode}`);
    await inject('POST', '/api/identity/reset-code', { oobCode });
    expect(
      (await inject('POST', '/api/identity/reset-password', { oobCode, password: 'harbour at dusk' })).statusCode,
    ).toBe(200);
    secrets.push('harbour at dusk');
    await inject('POST', '/api/identity/sign-in', { email: user.email, password: 'harbour at dusk' });

    // The widget's e-mailed sign-in link, opened and confirmed.
    const returnUrl = `http://portal.test/widget/frame?partner=${partner.id}`;
    const asked = await inject('POST', `/api/public/partners/${partner.id}/widget/sign-in-link`, {
      email: user.email,
      return_url: returnUrl,
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(() => mail.mails.filter((m) => m.to === user.email).length).toBe(2);
    const widgetLink = new URL(/https?:\/\/\S+/.exec((await mail.latest(user.email)).text)![0]);
    const code = widgetLink.searchParams.get('code')!;
    secrets.push(code);
    expect((await inject('GET', `/widget/sign-in?code=${code}`)).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: '/widget/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${encodeURIComponent(code)}`,
    });
    expect(done.statusCode).toBe(303);
    secrets.push(decodeURIComponent(/#ppw_token=(.+)$/.exec(done.headers.location!)![1]!));

    // A provider's answer to Google sign-in carries a code and a state in the address.
    await inject('GET', '/api/identity/google/callback?code=google-code-4f2a9c&state=google-state-77b1');
    secrets.push('google-code-4f2a9c', 'google-state-77b1');

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/usermgmt?mode=resetPassword&oobCode=[redacted]');
    expect(log).toContain('/widget/sign-in?code=[redacted]');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});
