import type { Locator, Page } from '@playwright/test';
import { apiPost, apiSession, expect, heading, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 8, end to end in French: a seller takes a phone order from scratch to printed tickets (new booking →
// customer → passengers → billing → status → tickets PDF), the 'Ce numéro existe déjà' uniqueness message, the search by '#number'
// and by a passenger's last name, each status list; screenshots at 1440 px and 800 px.

const run = Date.now().toString(36).slice(-5).toUpperCase();

/** An input by its accessible name (required labels end with an aria-hidden '*'). */
const input = (scope: Locator | Page, name: string) =>
  scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('spinbutton', { name, exact: true }))
    .or(scope.getByRole('combobox', { name, exact: true }));

async function choose(page: Page, scope: Locator, name: string, option: string) {
  await input(scope, name).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections de la réservation' }).getByRole('link', { name, exact: true });

test('a seller sells a booking from scratch to its printed tickets', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const api = await apiSession();
  const type = await apiPost(api, '/api/passenger-types', { label: `Adulte ${run}` });
  const location = await apiPost(api, '/api/locations', { label: `Beaune ${run}` });
  const prestation = await apiPost(api, '/api/prestations', { label: `Vol découverte ${run}` });
  await api.dispose();

  await openSignedIn(page, '/bookings/pending');
  await expect(heading(page, 'Réservations en attente')).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle réservation' });
  const number = input(create, 'Numéro de réservation');
  await expect(number).not.toHaveValue('');
  const bookingNumber = await number.inputValue();
  await input(create, 'Numéro alternatif').fill(`TEL-${run}`);
  await input(create, 'Nombre de passagers').fill('2');
  await page.screenshot({ path: screenshotPath('booking-new', testInfo.project.name) });
  await create.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/bookings\/\d+\/summary$/);
  await expect(heading(page, `Réservation ${bookingNumber}`)).toBeVisible();
  const bookingId = Number(/\/bookings\/(\d+)\//.exec(page.url())?.[1]);

  // General info: location and prestation.
  await page.getByRole('button', { name: 'Modifier : Informations générales' }).click();
  const general = page.getByRole('dialog', { name: 'Informations générales' });
  await choose(page, general, 'Lieu de vol', location.label);
  await choose(page, general, 'Prestation', prestation.label);
  await general.getByRole('button', { name: 'Valider' }).click();
  await expect(general).toBeHidden();
  await expect(section(page, 'Informations générales')).toContainText(prestation.label);

  // Customer, created then associated with the booking.
  await section(page, 'Client').getByRole('button', { name: 'Ajouter' }).click();
  const customer = page.getByRole('dialog', { name: 'Nouveau client' });
  await input(customer, 'Nom').fill(`Lefèvre${run}`);
  await input(customer, 'Prénom').fill('Éléonore');
  await input(customer, 'Email').fill(`eleonore.${run.toLowerCase()}@exemple.fr`);
  await customer.getByRole('button', { name: 'Valider' }).click();
  await expect(customer).toBeHidden();
  await expect(section(page, 'Client')).toContainText(`Éléonore Lefèvre${run}`);

  // Requested dates: two at once, the same twice sent once.
  await section(page, 'Dates souhaitées').getByRole('button', { name: 'Ajouter' }).click();
  const dates = page.getByRole('dialog', { name: 'Ajouter des dates souhaitées' });
  await dates.getByRole('textbox', { name: 'Date 1' }).fill('2027-06-20');
  await dates.getByRole('button', { name: 'Une autre date' }).click();
  await dates.getByRole('textbox', { name: 'Date 2' }).fill('2027-06-20');
  await dates.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Date ajoutée')).toBeVisible();
  await expect(section(page, 'Dates souhaitées').getByText('20/06/2027')).toHaveCount(1);

  // Passengers: the first one is the referent, offered prefilled from the customer (a person, issue 27); ticket
  // numbers come prefilled.
  await tab(page, 'Passagers').click();
  await expect(page.getByText('0 / 2 passagers')).toBeVisible();
  for (const [first, last, weight] of [
    ['Éléonore', `Lefèvre${run}`, '61'],
    ['Noël', `Lefèvre${run}`, '78'],
  ]) {
    await page.getByRole('button', { name: 'Ajouter un passager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau passager' });
    await expect(input(dialog, 'Numéro de billet')).not.toHaveValue('');
    if (first === 'Éléonore') {
      await expect(input(dialog, 'Prénom')).toHaveValue('Éléonore');
      await expect(input(dialog, 'Email')).toHaveValue(`eleonore.${run.toLowerCase()}@exemple.fr`);
    }
    await choose(page, dialog, 'Qualité', type.label);
    await input(dialog, 'Prénom').fill(first as string);
    await input(dialog, 'Nom').fill(last as string);
    await input(dialog, 'Poids (kg)').fill(weight as string);
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('2 / 2 passagers')).toBeVisible();
  await expect(page.getByRole('row', { name: /Éléonore/ }).getByText('Référent')).toBeVisible();
  await page.screenshot({ path: screenshotPath('booking-passengers', testInfo.project.name), fullPage: true });

  // Billing: the remaining amount follows total − paid as the user types.
  await tab(page, 'Résumé').click();
  await page.getByRole('button', { name: 'Modifier : Facturation' }).click();
  const billing = page.getByRole('dialog', { name: 'Facturation' });
  await input(billing, 'Montant total (€)').fill('478');
  await input(billing, 'Montant déjà payé (€)').fill('100.50');
  await expect(input(billing, 'Reste à payer (€)')).toHaveValue('377.5');
  await billing.getByRole('button', { name: 'Valider' }).click();
  await expect(billing).toBeHidden();
  await expect(section(page, 'Facturation')).toContainText('377,50');

  // Status: in progress.
  await page.getByRole('button', { name: 'Modifier : Statut' }).click();
  const status = page.getByRole('dialog', { name: 'Statut de la réservation' });
  await status.getByRole('radio', { name: 'En cours' }).check();
  await status.getByRole('button', { name: 'Valider' }).click();
  await expect(status).toBeHidden();
  await expect(section(page, 'Statut')).toContainText('En cours');
  await page.screenshot({ path: screenshotPath('booking-summary', testInfo.project.name), fullPage: true });

  // Tickets: the whole booking's PDF, and each passenger's.
  await tab(page, 'Billets').click();
  const download = page.getByRole('link', { name: 'Télécharger les billets' });
  await expect(download).toHaveAttribute('href', `/api/bookings/${bookingId}/tickets.pdf`);
  const pdf = await page.request.get(`/api/bookings/${bookingId}/tickets.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('button', { name: /Noël Lefèvre/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('booking-tickets', testInfo.project.name), fullPage: true });

  // The booking is now among those in progress, found by '#number' and by a passenger's last name.
  await page.goto('/bookings/in-progress');
  await expect(heading(page, 'Réservations en cours')).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Rechercher' });
  await search.fill(`#${bookingNumber}`);
  await expect(page.getByRole('row', { name: new RegExp(bookingNumber) })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await search.fill(`lefèvre${run}`);
  await expect(page.getByRole('row', { name: new RegExp(bookingNumber) })).toBeVisible();
  await page.screenshot({ path: screenshotPath('bookings-search', testInfo.project.name), fullPage: true });
});

test('a repeat customer is found by phone and associated, not typed again (issue 27)', async ({ page }) => {
  const digits = String(Date.now()).slice(-8);
  const phone = `06 ${digits.match(/../g)?.join(' ')}`;
  const api = await apiSession();
  const customer = await apiPost(api, '/api/customers', {
    customer_type_id: 2,
    first_name: 'Jeanne',
    last_name: `Habituée${run}`,
    phone,
  });
  await apiPost(api, '/api/bookings', { number: `FID-${run}-1`, passengers_number: 1, customer_id: customer.id });
  const booking = await apiPost(api, '/api/bookings', { number: `FID-${run}-2`, passengers_number: 1 });
  await openSignedIn(page, `/bookings/${booking.id}/summary`);
  await section(page, 'Client').getByRole('button', { name: 'Ajouter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  // Typed without the spaces it was saved with.
  await dialog.getByRole('textbox', { name: 'Rechercher un client existant' }).fill(`06${digits}`);
  const found = dialog.getByRole('list', { name: 'Clients trouvés' }).getByRole('button');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(`Jeanne Habituée${run}`);
  await expect(found).toContainText('1 réservation');
  await found.click();
  await dialog.getByRole('button', { name: 'Associer ce client' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, 'Client')).toContainText(`Jeanne Habituée${run}`);
  await page.getByRole('button', { name: 'Modifier : Client' }).click();
  await expect(page.getByRole('dialog', { name: 'Modifier le client' })).toContainText(
    "Ce client est lié à 2 réservations : les modifications s'appliquent à toutes.",
  );
  const same = await api.get(`/api/customers?filters=${encodeURIComponent(`last_name|=|Habituée${run}`)}`);
  expect(await same.json()).toHaveLength(1);
  await api.dispose();
});

test('a booking number already used shows « Ce numéro existe déjà » and cannot be saved', async ({ page }) => {
  const api = await apiSession();
  const existing = `DUP-${run}`;
  await apiPost(api, '/api/bookings', { number: existing, passengers_number: 1 });
  await api.dispose();
  await openSignedIn(page, '/bookings/pending');
  await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle réservation' });
  await expect(input(create, 'Numéro de réservation')).not.toHaveValue('');
  await input(create, 'Numéro de réservation').fill(existing);
  await expect(create.getByText('Ce numéro existe déjà')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Valider' })).toBeDisabled();
  await input(create, 'Numéro de réservation').fill(`${existing}-B`);
  await expect(create.getByText('Ce numéro existe déjà')).toBeHidden();
  await expect(create.getByRole('button', { name: 'Valider' })).toBeEnabled();
});

test('each status list opens from the navigation with its title', async ({ page }, testInfo) => {
  await openSignedIn(page, '/bookings/pending');
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  for (const [label, title] of [
    ['En attente', 'Réservations en attente'],
    ['En cours', 'Réservations en cours'],
    ['Terminées', 'Réservations terminées'],
    ['Annulées', 'Réservations annulées'],
    ['Périmées', 'Réservations périmées'],
  ]) {
    await navigation.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect(heading(page, title as string)).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('bookings-expired', testInfo.project.name), fullPage: true });
});

test.describe('at 800 px (tablet)', () => {
  test.use({ viewport: { width: 800, height: 1100 }, hasTouch: true });

  test('the list and the booking page stay readable', async ({ page }) => {
    const api = await apiSession();
    const booking = await apiPost(api, '/api/bookings', { number: `TAB-${run}`, passengers_number: 3 });
    await api.dispose();
    await openSignedIn(page, '/bookings/pending');
    await expect(heading(page, 'Réservations en attente')).toBeVisible();
    await page.screenshot({ path: screenshotPath('bookings-pending', 'tablet'), fullPage: true });
    await page.goto(`/bookings/${booking.id}/summary`);
    await expect(heading(page, `Réservation TAB-${run}`)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(800);
    await page.screenshot({ path: screenshotPath('booking-summary', 'tablet'), fullPage: true });
    await tab(page, 'Passagers').click();
    await expect(page.getByText('0 / 3 passagers')).toBeVisible();
    await page.screenshot({ path: screenshotPath('booking-passengers', 'tablet'), fullPage: true });
  });
});
