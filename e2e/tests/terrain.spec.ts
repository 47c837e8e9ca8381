import fs from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { ROLE_IDS } from './support/accounts.js';
import {
  allowConsole,
  apiPost,
  apiSession,
  createUser,
  expect,
  openSignedIn,
  screenshotPath,
  test,
  unstyledMantineClasses,
} from './support/fixtures.js';

// Issue 31 in the browser, on a phone (390×844) with the service worker on (project 'terrain'): the pilot opens the
// day with network, loses it, checks in, corrects two weights (the margin follows), ticks the briefing, enters the
// times, reloads the page without network (everything still there), gets the network back, and the office's flight
// page shows it all; a change made meanwhile from another browser is shown as a conflict, not overwritten.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Chromium's own lines while the device is offline; the last one when the service worker's script was still being
// fetched (its registration, once the page has loaded) as the network went (seen once on a loaded machine).
const OFFLINE_NOISE = [
  /ERR_INTERNET_DISCONNECTED/,
  /Failed to fetch/,
  /net::ERR/,
  /^An unknown error occurred when fetching the script\.$/,
];

async function seed() {
  const api = await apiSession();
  const { today } = (await (await api.get('/api/dashboard')).json()) as { today: string };
  const pilotAccount = await createUser(ROLE_IDS.operator, 'Lucie', `Pilote${run}`);
  await apiPost(api, '/api/pilots', {
    first_name: 'Lucie',
    last_name: `Pilote${run}`,
    email: pilotAccount.email,
    weight: 75,
    bag_weight: 10,
  });
  const pilots = (await (await api.get(`/api/pilots?filters=last_name|=|Pilote${run}`)).json()) as { id: number }[];
  const balloon = await apiPost(api, '/api/balloons', {
    label: `F-TR${run}`,
    passengers: 4,
    takeoff_max_mass: 1500,
    empty_mass: 380,
    gas_mass: 90,
    volume: 3000,
    envelope_temperature: 100,
  });
  const location = await apiPost(api, '/api/locations', {
    // A long name, as real launch fields have: the card must still show the flight's status whole beside it.
    label: `Pré ${run} – Château de Savigny-lès-Beaune`,
    takeoff_altitude: 200,
    flight_max_altitude: 1000,
  });
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: today,
    scheduled_time: '06:30:00',
    flight_status_id: 1,
    balloon_id: balloon.id,
    location_id: location.id,
    pilot_id: pilots[0]!.id,
    takeoff_temperature: 15,
    flight_max_altitude: 1000,
  });
  const booking = await apiPost(api, '/api/bookings', {
    number: `TR-${run}`,
    passengers_number: 2,
    booked_at: today,
    booking_status_id: 2,
  });
  const passengers: { id: number }[] = [];
  for (const [i, [first, weight]] of (
    [
      ['Léa', 60],
      ['Marc', 85],
    ] as const
  ).entries()) {
    passengers.push(
      await apiPost(api, '/api/passengers', {
        booking_id: booking.id,
        ticket_number: `TR-${run}-${i}`,
        first_name: first,
        last_name: `Nacelle${run}`,
        is_referent: i === 0 ? 1 : 0,
        weight,
      }),
    );
  }
  for (const p of passengers) await apiPost(api, '/api/registrations', { flight_id: flight.id, passenger_id: p.id });
  await api.dispose();
  return { pilotAccount, flight, passengers };
}

const kg = (text: string | null) => Number((text ?? '').replace(/\s|kg/g, '').replace(',', '.'));
const passengerCard = (page: Page, first: string) => page.locator(`[aria-label="${first} Nacelle${run}"]`).first();
const weightInput = (page: Page, first: string) => page.getByLabel(`Poids de ${first} Nacelle${run} (kg)`);

async function setWeight(page: Page, first: string, value: string) {
  await weightInput(page, first).fill(value);
  await weightInput(page, first).press('Enter');
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/** The service worker installed (every chunk precached) and in charge: a reload without network is served by it. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

let seeded: Awaited<ReturnType<typeof seed>>;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  seeded = await seed();
});

test('the day offline on a phone: check-in, weights, briefing, times, a reload without network, then the office has it all', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  allowConsole(page, ...OFFLINE_NOISE);
  const { pilotAccount, flight } = seeded;
  const project = testInfo.project.name;

  await openSignedIn(page, '/terrain', pilotAccount.email, pilotAccount.password);
  await expect(page).toHaveURL(/\/terrain$/);
  await expect(page.getByRole('status').filter({ hasText: 'Toutes les modifications sont envoyées' })).toBeVisible();
  const flightCard = page.getByRole('link').filter({ hasText: `Pré ${run}` });
  await expect(flightCard).toContainText(`F-TR${run}`);
  await expect(flightCard).toContainText(`Lucie Pilote${run}`);
  const status = flightCard.getByText('Planifié', { exact: true });
  await expect(status).toBeVisible();
  expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth), 'status cut short').toBe(true);
  await page.screenshot({ path: screenshotPath('terrain-day-390', project), fullPage: true });
  await flightCard.click();
  await expect(page.getByRole('heading', { name: 'Embarquement' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(weightInput(page, 'Léa')).toHaveValue('60');

  const margin = page.getByTestId('mass-margin');
  const before = kg(await margin.textContent());
  expect(before).toBeGreaterThan(0);

  // The network is gone.
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne — 0 modification en attente' })).toBeVisible();
  for (const first of ['Léa', 'Marc']) {
    await passengerCard(page, first).getByRole('button', { name: 'Présent' }).click();
  }
  await setWeight(page, 'Léa', '64,5');
  await setWeight(page, 'Marc', '95');
  await expect.poll(async () => kg(await margin.textContent())).toBeCloseTo(before - 14.5, 1);
  for (const first of ['Léa', 'Marc']) {
    // Clicked, then awaited: the box shows the write once the queue has it (TanStack notifies on the next tick).
    const briefing = passengerCard(page, first).getByRole('checkbox', { name: 'Briefing donné' });
    await briefing.click();
    await expect(briefing).toBeChecked();
  }
  await page.getByLabel('Heure de décollage').fill('06:42');
  await page.getByLabel('Heure de décollage').press('Enter');
  await page.getByLabel('Heure d’atterrissage').fill('07:55');
  await page.getByLabel('Heure d’atterrissage').press('Enter');
  await page.getByLabel('Lieu d’atterrissage').fill('Champ de la Croix');
  await page.getByLabel('Lieu d’atterrissage').press('Enter');
  // A hot morning: less lift, the margin goes negative and turns red.
  await page.getByLabel('Température au sol (°C)').fill('32');
  await page.getByLabel('Température au sol (°C)').blur();
  await expect(page.getByRole('alert').filter({ hasText: 'Surcharge' })).toBeVisible();
  expect(kg(await margin.textContent())).toBeLessThan(0);
  await expect(margin).toHaveCSS('color', 'rgb(201, 42, 42)');
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne — 10 modifications en attente' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('terrain-offline-390', project), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await unstyledMantineClasses(page)).toEqual([]);

  // The tab reloads without network: the service worker serves the app, IndexedDB the day and the waiting writes.
  const started = Date.now();
  await page.reload();
  await expect(weightInput(page, 'Léa')).toHaveValue('64,5');
  const openedIn = Date.now() - started;
  console.log(`flight opened offline in ${openedIn} ms`);
  await expect(weightInput(page, 'Marc')).toHaveValue('95');
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne — 10 modifications en attente' })).toBeVisible();
  await expect(passengerCard(page, 'Léa').getByRole('button', { name: 'Présent' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(passengerCard(page, 'Marc').getByRole('checkbox', { name: 'Briefing donné' })).toBeChecked();
  await expect(page.getByLabel('Heure de décollage')).toHaveValue('06:42');
  await expect(page.getByLabel('Lieu d’atterrissage')).toHaveValue('Champ de la Croix');

  // The tablet in the crew's car: 800 px.
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath('terrain-offline-800', project), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });

  // The network is back: everything is sent, in order.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Toutes les modifications sont envoyées' })).toBeVisible({
    timeout: 30_000,
  });

  // The office's flight page shows the field's work, and its history says where it came from.
  const office = await context.newPage();
  allowConsole(office, ...OFFLINE_NOISE);
  await office.setViewportSize({ width: 1440, height: 900 });
  await office.goto(`/flights/${flight.id}/summary`);
  const manifest = office.getByRole('region', { name: 'Passagers du vol', exact: true });
  await expect(manifest).toContainText('64.5 kg');
  await expect(manifest).toContainText('95 kg');
  await expect(office.getByText('06:42').first()).toBeVisible();
  const boarding = office.getByRole('region', { name: 'Embarquement sur le terrain', exact: true });
  await expect(boarding.getByRole('row', { name: `Léa Nacelle${run} Présent Donné` })).toBeVisible();
  await expect(boarding.getByRole('row', { name: `Marc Nacelle${run} Présent Donné` })).toBeVisible();
  await boarding.scrollIntoViewIfNeeded();
  await office.screenshot({ path: screenshotPath('terrain-office-1440', project), fullPage: true });
  await expect(office.getByText(`Lucie Pilote${run} (depuis le terrain)`).first()).toBeVisible();
  await office.close();
});

test('a change the office made meanwhile is shown as a conflict, never overwritten', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  allowConsole(page, ...OFFLINE_NOISE);
  const { pilotAccount, flight, passengers } = seeded;
  const project = testInfo.project.name;

  await openSignedIn(page, `/terrain/${flight.id}`, pilotAccount.email, pilotAccount.password);
  await expect(weightInput(page, 'Léa')).toHaveValue('64,5');
  await context.setOffline(true);
  await setWeight(page, 'Léa', '66');
  await expect(page.getByRole('status').filter({ hasText: 'Hors ligne — 1 modification en attente' })).toBeVisible();

  // Meanwhile the office, in another browser, weighs Léa again.
  await officeSetsWeight(browser, passengers[0]!.id, 70);

  await context.setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'Conflit' });
  await expect(conflict).toContainText(`Poids de Léa Nacelle${run}`);
  await expect(conflict).toContainText('Bureau : 70 kg · Terrain : 66 kg');
  // The office's value is what the device shows now; the server kept it.
  await expect(weightInput(page, 'Léa')).toHaveValue('70');
  expect(await weightOnServer(passengers[0]!.id)).toBe(70);
  await page.screenshot({ path: screenshotPath('terrain-conflict-390', project), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await unstyledMantineClasses(page)).toEqual([]);

  // The pilot keeps the scale's reading: sent from the office's value, it applies.
  await conflict.getByRole('button', { name: 'Garder la valeur du terrain' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Toutes les modifications sont envoyées' })).toBeVisible();
  await expect.poll(() => weightOnServer(passengers[0]!.id)).toBe(66);
});

test('/terrain loads its own small page: at most 150 kB of JavaScript gzip in all, no calendar, editor, charts or office router', async ({
  browser,
  baseURL,
}) => {
  // A fresh context without service worker: every script comes from the network and is counted.
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL });
  const page = await context.newPage();
  await openSignedIn(page, '/terrain', seeded.pilotAccount.email, seeded.pilotAccount.password);
  await expect(page.getByRole('heading', { name: 'Terrain' })).toBeVisible();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  // The phone opens /terrain directly (a bookmark, the installed app): the whole page from nothing.
  await page.goto('about:blank');
  await page.goto('/terrain', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Terrain' })).toBeVisible();
  // The field's own page, not the office's: its entry is terrain.html's, and the office's entry is not loaded.
  const html = await (await context.request.get('/terrain')).text();
  expect(html).toContain('<title>Terrain');
  const office = await (await context.request.get('/index.html')).text();
  const officeEntry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(office)?.[1];
  const all = [...scripts];
  const kb = all.reduce((sum, [, size]) => sum + size, 0) / 1000;
  console.log(`/terrain: ${kb.toFixed(1)} kB of JavaScript gzip in all (${all.length} scripts)`);
  expect(all.some(([path]) => /FieldPage|terrain/.test(path))).toBe(true);
  expect(officeEntry && scripts.has(officeEntry)).toBe(false);
  // The office's screens and components by their chunks' names (the domain's small date helpers, 'calendar-…', are
  // the field's own: today's date).
  expect(all.filter(([path]) => /Planning|Calendar|DatePicker|tiptap|RichText|recharts|Chart/.test(path))).toEqual([]);
  expect(kb).toBeLessThanOrEqual(150);
  await context.close();
});

/** The office, in another browser: an administrator signed in there weighs the passenger again. */
async function officeSetsWeight(browser: Browser, passengerId: number, weight: number) {
  const office = await browser.newContext({ serviceWorkers: 'block', baseURL: process.env.E2E_BASE_URL });
  const page = await office.newPage();
  await openSignedIn(page, '/dashboard');
  const token = (await office.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await office.request.put(`/api/passengers/${passengerId}`, {
    data: { weight },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
  });
  expect(response.status(), await response.text()).toBe(200);
  await office.close();
}

async function weightOnServer(passengerId: number): Promise<number> {
  const api = await apiSession();
  const passenger = (await (await api.get(`/api/passengers/${passengerId}`)).json()) as { weight: number };
  await api.dispose();
  return Number(passenger.weight);
}
