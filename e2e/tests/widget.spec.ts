import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPost, apiPut, apiSession, expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 11 points 3 and 4, end to end in French: the public planning widget framed in a page of another site (a
// local HTTP server on another port, so another origin), a customer files a registration request there with the
// booking number and the referent's name, and staff accept it on the flight page, which registers the passengers.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const DAY_MS = 86_400_000;
// Within the widget's default 92 days; the location below is the test's own, so no other test's flight shows.
const day = new Date(Date.now() + (30 + (Date.now() % 40)) * DAY_MS).toISOString().slice(0, 10);

async function seed() {
  const api = await apiSession();
  await apiPut(api, '/api/settings/planning_widgets_enabled', { value: 1 });
  // Restrictive: only a widget filtered on it lists its flights.
  const location = await apiPost(api, '/api/locations', {
    label: `Site ${run}`,
    is_restrictive: 1,
    takeoff_altitude: 200,
    flight_max_altitude: 1500,
  });
  const balloon = await apiPost(api, '/api/balloons', {
    label: `F-WG${run}`,
    passengers: 4,
    takeoff_max_mass: 1500,
    market_mass: 300,
    empty_mass: 350,
    gas_mass: 120,
    volume: 4000,
    envelope_temperature: 100,
  });
  const flight = await apiPost(api, '/api/flights', {
    scheduled_date: day,
    scheduled_time: '07:00:00',
    is_public: 1,
    location_id: location.id,
    balloon_id: balloon.id,
  });
  const booking = await apiPost(api, '/api/bookings', { number: `WG-${run}`, passengers_number: 2 });
  for (const [i, first] of ['Hélène', 'Joël'].entries()) {
    await apiPost(api, '/api/passengers', {
      booking_id: booking.id,
      ticket_number: `WG-${run}-${i}`,
      first_name: first,
      last_name: `Lefèvre${run}`,
      is_referent: i === 0,
    });
  }
  await api.dispose();
  return { location, flight, booking };
}

/** Another site: a page on its own port whose only content is the snippet of settings/widgets. */
async function startHostSite(widgetUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Montgolfières du Morvan</title></head>
<body style="margin:0;font-family:sans-serif"><h1 style="margin:16px">Nos vols</h1>
<iframe src="${widgetUrl}" title="Planning des vols" style="width:100%;min-height:640px;border:0"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a customer asks to join a flight in the widget framed on another site, staff accept it on the flight page', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { location, flight, booking } = await seed();

  // The widget's page may be framed by any site; the app's other pages by none.
  const widgetAnswer = await page.request.get(`${baseURL}/widget/planning`);
  expect(widgetAnswer.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(widgetAnswer.headers()['x-frame-options']).toBeUndefined();
  const appAnswer = await page.request.get(`${baseURL}/planning`);
  expect(appAnswer.headers()['x-frame-options']).toBe('DENY');

  // Unfiltered, the restrictive location stays hidden.
  const unfiltered = await page.request.get(`${baseURL}/api/public/planning`);
  expect(unfiltered.headers()['access-control-allow-origin']).toBe('*');
  expect(JSON.stringify(await unfiltered.json())).not.toContain(`Site ${run}`);

  const host = await startHostSite(`${baseURL}/widget/planning?location_id=${location.id}`);
  try {
    await page.goto(host.url);
    const widget = page.frameLocator('iframe[title="Planning des vols"]');
    await expect(widget.getByRole('heading', { level: 1, name: `Planning des vols · Site ${run}` })).toBeVisible();
    const row = widget.getByRole('listitem', { name: 'Vol de 07h00' });
    await expect(row.getByText('4 places restantes')).toBeVisible();
    await page.screenshot({ path: screenshotPath('widget-framed', testInfo.project.name), fullPage: true });

    // A wrong name gets the very answer a right one gets: the form never tells whether a booking exists.
    await row.getByRole('button', { name: "Demander l'inscription" }).click();
    const form = widget.getByRole('dialog', { name: "Demande d'inscription" });
    await form.getByRole('textbox', { name: 'Numéro de réservation' }).fill(booking.number);
    await form.getByRole('textbox', { name: 'Nom du passager référent' }).fill('Personne');
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(form.getByText('Votre demande a bien été transmise')).toBeVisible();
    await form.getByRole('button', { name: 'Retour au planning' }).click();

    // The right pair, the name typed without accents nor capitals.
    await row.getByRole('button', { name: "Demander l'inscription" }).click();
    await form.getByRole('textbox', { name: 'Numéro de réservation' }).fill(booking.number);
    await form.getByRole('textbox', { name: 'Nom du passager référent' }).fill(`lefevre${run.toLowerCase()}`);
    await form.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(form.getByText('Votre demande a bien été transmise')).toBeVisible();
    await page.screenshot({ path: screenshotPath('widget-sent', testInfo.project.name), fullPage: true });

    // The narrow site: the same widget at 800 px.
    await page.setViewportSize({ width: 800, height: 1000 });
    await form.getByRole('button', { name: 'Retour au planning' }).click();
    await expect(form).toBeHidden();
    await expect(row).toBeVisible();
    await page.screenshot({ path: screenshotPath('widget-framed-800', testInfo.project.name), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  } finally {
    await host.close();
  }

  // Staff: the count in the navigation, then the request on the flight page, accepted.
  await openSignedIn(page, '/planning');
  // 'Vols' carries the count while closed; its entry 'Demandes d'inscription' leads to the flights with a waiting request.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  // The closed group's badge first; its entry's own badge is in the page too, hidden until the group opens.
  await expect(nav.getByLabel(/^\d+ demandes? d'inscription en attente$/).first()).toBeVisible();
  await nav.getByRole('button', { name: /^Vols/ }).click();
  await nav.getByRole('link', { name: /^Demandes d'inscription/ }).click();
  await expect(page).toHaveURL(/\/flights\?requests=pending$/);
  await page
    .getByRole('row')
    .filter({ hasText: `F-WG${run}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/flights/${flight.id}/summary$`));
  const requests = page.getByRole('list', { name: "Demandes d'inscription" });
  const request = requests.getByRole('listitem').filter({ hasText: `Réservation WG-${run}` });
  await expect(request).toHaveCount(1);
  await expect(request.getByText('En attente')).toBeVisible();
  await expect(request.getByText(/2 passagers · Demandée le/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('flight-requests', testInfo.project.name), fullPage: true });
  await request.getByRole('button', { name: 'Accepter' }).click();
  const confirm = page.getByRole('dialog', { name: "Accepter la demande d'inscription" });
  await expect(confirm.getByText(`Les passagers de la réservation WG-${run} seront inscrits sur ce vol`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Accepter' }).click();
  await expect(confirm).toBeHidden();
  await expect(request.getByText('Acceptée')).toBeVisible();
  await expect(request.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  const passengers = page.getByRole('region', { name: 'Passagers du vol' });
  await expect(passengers.getByRole('cell', { name: `Hélène Lefèvre${run}`, exact: true })).toBeVisible();
  await expect(passengers.getByRole('cell', { name: `Joël Lefèvre${run}`, exact: true })).toBeVisible();

  // The booking page lists it too, with the flight asked for.
  await page.goto(`/bookings/${booking.id}/summary`);
  const onBooking = page.getByRole('list', { name: "Demandes d'inscription" }).getByRole('listitem');
  await expect(onBooking.getByRole('link', { name: /^Vol du .* à 07:00$/ })).toBeVisible();
  await expect(onBooking.getByText('Acceptée')).toBeVisible();
  await page.screenshot({ path: screenshotPath('booking-requests', testInfo.project.name), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.goto(`/flights/${flight.id}`);
  await expect(page.getByRole('list', { name: "Demandes d'inscription" })).toBeVisible();
  await page.screenshot({ path: screenshotPath('flight-requests-800', testInfo.project.name), fullPage: true });

  // settings/widgets: the snippet to paste, narrowed to the restrictive location.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/settings/widgets');
  await page.getByRole('combobox', { name: 'Lieu de vol' }).click();
  await page.getByRole('option', { name: `Site ${run} (restreint)` }).click();
  await expect(page.getByText(`${baseURL}/widget/planning?location_id=${location.id}`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('widgets-settings', testInfo.project.name), fullPage: true });
});
