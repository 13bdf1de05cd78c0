import type { Mail } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

export function widgetSignInMail(to: string, url: string, partnerName: string): Mail {
  const line = `Use this link to see your ${partnerName} tickets. It works once, for one hour.`;
  return {
    to,
    subject: `Your ${partnerName} tickets`,
    text: `${line}\n\nSee my tickets: ${url}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#1b4965;color:#fff;border-radius:6px;text-decoration:none">See my tickets</a></p>
<p style="color:#6b7280;font-size:13px">If the button does not work, open this address: ${escapeHtml(url)}</p>
</body></html>`,
  };
}
