/**
 * Debian's Chromium, never a downloaded one, and the switches that keep it from reaching for the
 * network at start (which this closed network refuses). Shared by the browser tests and Lighthouse.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
