import type { Mail } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

function layout(paragraphs: string[], action: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1b4965;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#6b7280;font-size:13px">If the button does not work, open this address: ${escapeHtml(action.url)}</p>
</body></html>`;
}

function mail(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): Mail {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(paragraphs, action),
  };
}

export const resetPasswordMail = (to: string, url: string) =>
  mail(
    to,
    'Reset your Partner Portal password',
    [
      'Someone asked to reset the password of your Partner Portal account.',
      'The link works once, for one hour. If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Reset password', url },
  );

export const signInLinkMail = (to: string, url: string) =>
  mail(to, 'Your Partner Portal sign-in link', ['Use this link to sign in. It works once, for one hour.'], {
    label: 'Sign in',
    url,
  });

export const invitationMail = (to: string, url: string, partnerName: string, inviter: string) =>
  mail(
    to,
    `${inviter} invited you to ${partnerName} on Partner Portal`,
    [
      `${inviter} invited you to join ${partnerName} on Partner Portal.`,
      'Open the invitation to choose your password. It works once, for seven days.',
    ],
    { label: 'Accept invitation', url },
  );
