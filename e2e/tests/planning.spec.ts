import type { Locator, Page } from '@playwright/test';
import { apiPost, apiPut, apiSession, expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 9, end to end in French: a chief pilot plans a day (new flight pre-filled with the defaults, a note), opens the
// day sidebar and its separators, fills the basket from the pending bookings of that day, sees the passenger counter
// turn warning then danger (after confirming the overload), sets the flight realized with its times, duplicates it
// with its registrations, opens the operational flight plan and its PDF; the week/month view survives a reload.

const run = Date.now().toString(36).slice(-5).toUpperCase();
// A day far from every other test's data, different at each run.
const day = `2032-06-${String(10 + (Date.now() % 15)).padStart(2, '0')}`;
const nextDay = `2032-06-${String(Number(day.slice(8)) + 1).padStart(2, '0')}`;

const input = (scope: Locator | Page, name: string) =>
  scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('spinbutton', { name, exact: true }))
    .or(scope.getByRole('combobox', { name, exact: true }));

async function seed() {
  const api = await apiSession();
  const type = await apiPost(api, '/api/passenger-types', { label: `Adulte ${run}` });
  const balloon = await apiPost(api, '/api/balloons', {
    label: `F-E2E${run}`,
    passengers: 3,
    takeoff_max_mass: 1500,
    market_mass: 300,
    empty_mass: 350,
    gas_mass: 120,
    volume: 4000,
    envelope_temperature: 100,
  });
  const bookings = [];
  for (const [index, names] of [
    ['Éléonore', 'Noël'],
    ['Zoé', 'Loïc'],
  ].entries()) {
    const booking = await apiPost(api, '/api/bookings', { number: `PL-${run}-${index}`, passengers_number: 2 });
    await apiPost(api, '/api/requested-dates', { booking_id: booking.id, date: day });
    for (const [i, first] of names.entries()) {
      await apiPost(api, '/api/passengers', {
        booking_id: booking.id,
        ticket_number: `PL-${run}-${index}-${i}`,
        first_name: first,
        last_name: `Mercier${run}`,
        passenger_type_id: type.id,
        weight: 70,
      });
    }
    bookings.push(booking);
  }
  // A flown booking of the same family: the search finds it too, and the picker must say it is completed.
  const flown = await apiPost(api, '/api/bookings', { number: `PL-${run}-2`, passengers_number: 1 });
  await apiPost(api, '/api/passengers', {
    booking_id: flown.id,
    ticket_number: `PL-${run}-2-0`,
    first_name: 'Anaïs',
    last_name: `Mercier${run}`,
    is_referent: 1,
  });
  await apiPut(api, `/api/bookings/${flown.id}`, { booking_status_id: 3 });
  await api.dispose();
  return { balloon, bookings };
}

test('a chief pilot plans a day, fills the basket, flies, duplicates and prints the plan', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const { balloon, bookings } = await seed();
  await openSignedIn(page, `/planning?day=${day}`);

  // The day sidebar: the full French date, the pending passengers tag and its dialog.
  const sidebar = page.getByRole('dialog', { name: /juin 2032/ });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByText('4 passagers en attente')).toBeVisible();
  await sidebar.getByRole('button', { name: /passagers en attente/ }).click();
  const interested = page.getByRole('dialog', { name: 'Passagers intéressés' });
  await expect(interested.getByText(`PL-${run}-0`)).toBeVisible();
  await expect(
    interested.getByRole('link', { name: `Ouvrir la réservation PL-${run}-0 dans un nouvel onglet` }),
  ).toHaveAttribute('target', '_blank');
  await interested.getByRole('button', { name: 'Fermer' }).click();
  await expect(interested).toBeHidden();

  // New flight: the default lists prefilled once loaded, then our balloon chosen.
  await sidebar.getByRole('button', { name: 'Nouveau vol' }).click();
  const create = page.getByRole('dialog', { name: 'Nouveau vol' });
  await expect(input(create, 'Date')).toHaveValue(day);
  await input(create, 'Heure').fill('07:00');
  await input(create, 'Ballon').click();
  await page.getByRole('option', { name: balloon.label, exact: true }).click();
  await page.screenshot({ path: screenshotPath('planning-new-flight', testInfo.project.name) });
  await create.getByRole('button', { name: 'Valider' }).click();
  await expect(create).toBeHidden();
  await expect(sidebar.getByRole('link', { name: 'Vol de 07:00' })).toBeVisible();

  // A note in the evening.
  await sidebar.getByRole('button', { name: 'Nouvelle note' }).click();
  const note = page.getByRole('dialog', { name: 'Nouvelle note' });
  await input(note, 'Heure').fill('18:00');
  await input(note, 'Titre').fill(`Briefing ${run}`);
  await note.getByRole('button', { name: 'Valider' }).click();
  await expect(note).toBeHidden();
  await expect(sidebar.getByText('Matin')).toBeVisible();
  await expect(sidebar.getByText('Soir')).toBeVisible();
  await expect(sidebar.getByRole('button', { name: `Note : Briefing ${run}` })).toBeVisible();
  await page.screenshot({ path: screenshotPath('planning-day', testInfo.project.name) });

  // The flight page: add a whole pending booking, the counter turns warning.
  await sidebar.getByRole('link', { name: 'Vol de 07:00' }).click();
  await expect(page).toHaveURL(/\/flights\/\d+\/summary$/);
  const passengers = page.getByRole('region', { name: 'Passagers du vol' });
  await expect(passengers.getByLabel('0 passagers sur 3 places')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter des passagers' }).click();
  let add = page.getByRole('dialog', { name: 'Ajouter des passagers' });
  await expect(add.getByRole('button', { name: 'Valider' })).toBeDisabled();
  await add.getByRole('checkbox', { name: `Toute la réservation ${bookings[0].number}` }).check();
  await add.getByRole('button', { name: 'Valider' }).click();
  await expect(add).toBeHidden();
  await expect(passengers.getByLabel('2 passagers sur 3 places')).toBeVisible();

  // The second booking overfills the balloon: the overload must be confirmed.
  await page.getByRole('button', { name: 'Ajouter des passagers' }).click();
  add = page.getByRole('dialog', { name: 'Ajouter des passagers' });
  await add.getByRole('textbox', { name: 'Rechercher' }).fill(`Mercier${run}`);
  const flownChoice = add.locator('.mantine-Paper-root', { hasText: `PL-${run}-2` });
  await expect(flownChoice.getByText('Terminée')).toBeVisible();
  await expect(add.locator('.mantine-Paper-root', { hasText: bookings[1].number }).getByText('Terminée')).toHaveCount(
    0,
  );
  await page.screenshot({ path: screenshotPath('flight-add-passengers-search', testInfo.project.name) });
  await add.getByRole('checkbox', { name: `Toute la réservation ${bookings[1].number}` }).check();
  await expect(add.getByText('Ballon en surcharge')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Valider' })).toBeDisabled();
  await add.getByRole('switch', { name: 'Je confirme la surcharge' }).check();
  await add.getByRole('button', { name: 'Valider' }).click();
  await expect(add).toBeHidden();
  await expect(passengers.getByLabel('4 passagers sur 3 places')).toBeVisible();
  await expect(passengers.getByLabel('Plus de passagers que de places')).toBeVisible();
  await page.screenshot({ path: screenshotPath('flight-summary', testInfo.project.name), fullPage: true });

  // The convocation, one per booking: these passengers have no address, so both bookings are named.
  await page.getByRole('button', { name: 'Convoquer les passagers' }).click();
  await page.getByRole('dialog', { name: 'Convoquer les passagers' }).getByRole('button', { name: 'Accepter' }).click();
  await expect(page.getByText(new RegExp(`Sans adresse email : .*PL-${run}-0`))).toBeVisible();

  // Realized: the times and the confirmation switch before Valider.
  await page.getByRole('button', { name: 'Modifier : Statut' }).click();
  const status = page.getByRole('dialog', { name: 'Statut du vol' });
  await status.getByRole('radio', { name: 'Réalisé' }).check();
  await input(status, 'Heure de décollage').fill('07:20');
  await input(status, "Heure d'atterrissage").fill('08:30');
  await expect(status.getByRole('button', { name: 'Valider' })).toBeDisabled();
  await status.getByRole('switch', { name: 'Tous les passagers ont-ils volé ?' }).check();
  await status.getByRole('button', { name: 'Valider' }).click();
  await expect(status).toBeHidden();
  await expect(page.getByRole('region', { name: 'Statut' })).toContainText('08:30');

  // Duplicate with its registrations, the next day.
  await page.getByRole('button', { name: 'Dupliquer' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Dupliquer le vol' });
  await input(duplicate, 'Date').fill(nextDay);
  await duplicate.getByRole('switch', { name: 'Dupliquer les inscriptions des passagers' }).check();
  await duplicate.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Vol dupliqué')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Passagers du vol' }).getByLabel('4 passagers sur 3 places'),
  ).toBeVisible();

  // The operational flight plan and its PDF.
  await page
    .getByRole('navigation', { name: 'Sections du vol' })
    .getByRole('link', { name: 'Plan de vol opérationnel' })
    .click();
  // 4 passengers of 70 kg, plus the per-passenger supplement of the settings (another test may change it).
  await expect(page.getByRole('region', { name: 'Masses' })).toContainText('Passagers (déclarés + 4 ×');
  const flightId = /\/flights\/(\d+)\//.exec(page.url())?.[1];
  const pdf = await page.request.get(`/api/flights/${flightId}/operational-flight-plan.pdf`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: screenshotPath('flight-operating-plan', testInfo.project.name), fullPage: true });
});

test('the planning view is remembered after a reload, and a bad day says so', async ({ page }, testInfo) => {
  await openSignedIn(page, '/planning');
  await page.getByText('Mois', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Mois' })).toBeChecked();
  await page.screenshot({ path: screenshotPath('planning-month', testInfo.project.name), fullPage: true });
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Mois' })).toBeChecked();
  await page.getByText('Semaine', { exact: true }).click();
  await page.goto('/planning?day=2032-02-30');
  await expect(page.getByText('Paramètre du vol inattendu')).toBeVisible();
});

test.describe('at 800 px (tablet)', () => {
  test.use({ viewport: { width: 800, height: 1100 }, hasTouch: true });

  test('the calendar, the day sidebar and the flights list stay readable', async ({ page }) => {
    await openSignedIn(page, `/planning?day=${day}`);
    await expect(page.getByRole('dialog', { name: /juin 2032/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('planning-day', 'tablet'), fullPage: true });
    await page.keyboard.press('Escape');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(800);
    await page.screenshot({ path: screenshotPath('planning-week', 'tablet'), fullPage: true });
    await page.goto('/flights');
    await expect(page.getByRole('heading', { level: 1, name: 'Vols' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('flights', 'tablet'), fullPage: true });
  });
});
