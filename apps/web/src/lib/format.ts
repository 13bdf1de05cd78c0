const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (dollars: number) => money.format(dollars);

/** MM/DD/YYYY, the spec's date format for events, in the event's time zone. */
export function formatEventDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** Fractions travel on the wire (0.075); people read and type percent (7.5). */
export const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;

/** The zones to choose from; the browser's list may lack the current one (e.g. plain UTC). */
export const timeZoneOptions = (current: string) => [...new Set([current, ...Intl.supportedValuesOf('timeZone')])];
