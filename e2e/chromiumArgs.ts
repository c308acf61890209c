/**
 * DESIGN §8: Debian's Chromium with every call-home switched off (the e2e journeys and the Lighthouse bench launch it
 * with these).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
