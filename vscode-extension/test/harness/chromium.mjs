// How the browser tests start Debian's chromium through playwright-core: headless, offline
// (no background networking, component updates or sync), no first-run screens. Shared by the VS
// Code end-to-end test (e2e.mjs) and the instruction reference's browser test
// (tests/doc/reference-browser.test.mjs).
export const chromiumExecutable = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
];
