import { mountWidget } from './mount.ts';
import { apiSource } from './source.ts';

/**
 * The script a partner pastes into their page: it mounts the widget into #partner-portal-widget (or
 * right after itself) and talks to the server it was loaded from.
 */
function start(script: HTMLScriptElement) {
  const partnerId = Number(script.dataset.partner);
  const host =
    document.getElementById('partner-portal-widget') ??
    script.insertAdjacentElement('afterend', document.createElement('div'));
  if (!(host instanceof HTMLElement)) return;
  if (!Number.isInteger(partnerId) || partnerId <= 0) {
    host.textContent = 'The ticket widget needs data-partner on its script tag.';
    return;
  }
  const source = apiSource(new URL(script.src).origin, partnerId);
  host.dataset.ppwKey = String(partnerId);
  source
    .settings()
    .then((settings) => mountWidget(host, source, settings, source.justSignedIn ? 'existing' : 'buy'))
    .catch((err: Error) => {
      host.textContent = `Tickets are unavailable. ${err.message}`;
    });
}

const script = document.currentScript as HTMLScriptElement | null;
if (script) start(script);
