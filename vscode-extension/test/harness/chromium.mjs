// How the browser tests start Debian's chromium through playwright-core: headless, offline
// (no background networking, component updates or sync), no first-run screens. Shared by the VS
// Code end-to-end test (e2e.mjs) and the instruction reference's browser test
// (tests/doc/reference-browser.test.mjs).
export const chromiumExecutable = '/usr/bin/chromium';

// How long a launch may take. Chromium starts in 1-3 s on an idle machine but took over 20 s
// while CTest ran clang-format and the DAP test beside it on a shared two-core machine (a CI run
// on 2026-11-28 failed there); the tests' own waits stay short, only the start is given room.
export const chromiumLaunchTimeoutMs = 120000;

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
