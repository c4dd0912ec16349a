/** Debian's Chromium: the browser tests and the Lighthouse bench drive it, so no browser is ever downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags both launch it with: no sandbox or GPU (containers, CI), no background traffic, updates or first-run screens. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
