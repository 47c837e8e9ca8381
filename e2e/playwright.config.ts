import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser tests of the production build (`npm run test:e2e` builds first) in Debian's Chromium, against a real
// server on a fresh database and a real SMTP server, both started by global-setup.ts.

// Debian's headless shell of Chromium (package chromium-headless-shell, the same Blink as package chromium, without
// the desktop browser's window and interface code) where it is installed: on a 2-core machine the whole suite took
// 11.8 minutes with it against 15.0 with the full browser, every test and bound unchanged. The full browser otherwise.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
  // Without the service worker, a page does not precache the app's every chunk (hundreds of kB each browser,
  // with two browsers at once, on a slow machine); only the new-version project tests it.
  serviceWorkers: 'block' as const,
};

const SERVER_WIDE = /(maintenance|update|remote-orders)\.spec\.ts/;
// Needs the public planning switched on throughout, while reference-data.spec.ts switches it off and on: alone,
// after the browsers' shared projects.
const WIDGET = /widget\.spec\.ts/;
// The launch field offline (issue 31): a reload without network is served by the service worker, so this project
// lets it register (it precaches the app once, for this browser only); a phone's screen.
const TERRAIN = /terrain\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  globalSetup: './global-setup.ts',
  // One server for the whole run. Three browsers at a time: with two, the journeys kept the two cores busy about
  // half the time (they wait on the server, the mails and each other), and the suite was CI's longest step (725 s;
  // 570 s with three, every bound unchanged). The tests that change the server for everyone (a new service worker,
  // maintenance mode) run alone at the end, in projects of their own.
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: false,
  retries: 0,
  // Machines of this project's kind differ threefold in speed. On a slow one, two browsers loading the app's chunks
  // (about 400 ms each while the service worker precached them) kept a sign-in on the login page for over 7 s: the
  // waits are long enough for that, the assertions unchanged.
  // 180 s for a journey without its own bound: .ci/run's Node 24 suite runs beside these, and a burst of the
  // machine's load must not fail a journey that would have passed; waits stay waits. The long journeys set their own,
  // about two and a half times what they took on a machine where the whole suite took 14 minutes (one, bound at 90 s,
  // failed there at 95 s on its last screenshot).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  use: {
    // Playwright's trace with screenshots films every page as it changes (a screencast encoded by the browser): on
    // a 2-core machine it took 45 % of the suite's time (bookings and admin, two browsers: 96 s with it, 53 s
    // without). Without its screenshots, the trace keeps the page's DOM at each step, at 12 % (60 s). CI keeps
    // none of it (only its log), so it records none there; a failure still leaves its screenshot and the page's
    // accessibility tree (error-context.md). `npx playwright test --trace on` films everything again.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [SERVER_WIDE, WIDGET, TERRAIN],
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'tablet',
      // The layout below 1024 px (burger and drawer), on the journeys that show it.
      testMatch: /(layout|auth)\.spec\.ts/,
      use: { ...chromium, viewport: { width: 800, height: 1100 }, hasTouch: true },
    },
    {
      name: 'terrain',
      testMatch: TERRAIN,
      use: { ...chromium, viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' },
    },
    // One after the other, each alone: these change the server for every browser (the remote-order-import
    // setting, which the guards test expects off; a new service worker; maintenance mode).
    {
      name: 'remote-orders',
      testMatch: /remote-orders\.spec\.ts/,
      dependencies: ['desktop', 'tablet'],
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'widget',
      testMatch: WIDGET,
      dependencies: ['desktop', 'tablet'],
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'new-version',
      testMatch: /update\.spec\.ts/,
      dependencies: ['desktop', 'tablet', 'widget', 'remote-orders', 'terrain'],
      use: { ...chromium, viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' },
    },
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts/,
      dependencies: ['new-version'],
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
  ],
});
