import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import {
  apiPost,
  apiSession,
  expect,
  mailsFor,
  mailText,
  openSignedIn,
  screenshotPath,
  test,
} from './support/fixtures.js';

// Issue 28 in the browser: the operator sends the confirmation from the booking page; the customer opens the link
// of the mail caught by the harness's real SMTP server on a 375 px phone, fills two passengers with their weights and
// asks for a public flight; staff accept it on the flight page; after a weather postponement the space opens on the
// notice and the customer asks for another flight. axe on the space (no serious or critical violation), screenshots.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const run = Date.now().toString(36).slice(-5).toUpperCase();
const firstDay = '2032-08-10';
const secondDay = '2032-08-17';
const SPACE_LINK = /https?:\/\/[^\s"'<>]+\/espace\/[A-Za-z0-9_-]{43}/;

async function seed() {
  const api = await apiSession();
  const balloon = await apiPost(api, '/api/balloons', { label: `F-ES${run}`, passengers: 6, takeoff_max_mass: 1800 });
  const flight = async (day: string) =>
    apiPost(api, '/api/flights', {
      scheduled_date: day,
      scheduled_time: '07:00:00',
      flight_status_id: 1,
      balloon_id: balloon.id,
      is_public: 1,
    });
  const first = await flight(firstDay);
  const second = await flight(secondDay);
  const email = `client.${run.toLowerCase()}@e2e.test`;
  const customer = await apiPost(api, '/api/customers', {
    customer_type_id: 2,
    first_name: 'Hélène',
    last_name: `Dumas${run}`,
    email,
  });
  const booking = await apiPost(api, '/api/bookings', {
    number: `ES-${run}`,
    passengers_number: 2,
    booked_at: '2032-01-10',
    validity_date: '2032-12-31',
    booking_status_id: 2,
    customer_id: customer.id,
  });
  await api.dispose();
  return { booking, first, second, email, api: null };
}

async function waitForMail(address: string, text: string, since: number) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = (await mailsFor(address)).find((m) => m.receivedAt >= since && mailText(m.raw).includes(text));
    if (mail) return mailText(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail holding '${text}' for ${address}`);
}

/** Serious and critical axe violations of the page as shown. */
async function violations(page: Page): Promise<string[]> {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, TAGS);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) at ${v.targets.join(', ')}`);
}

test('a customer completes their booking from the confirmation mail, asks for flights, and rebooks after the weather', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const { booking, first, second, email } = await seed();

  // Staff: the booking page's 'Espace client' block sends the confirmation, which carries the link.
  await openSignedIn(page, `/bookings/${booking.id}/summary`);
  const block = page.getByRole('region', { name: 'Espace client' });
  await expect(block).toContainText('Aucun lien actif.');
  const since = Date.now();
  await block.getByRole('button', { name: 'Envoyer par email' }).click();
  const dialog = page.getByRole('dialog', { name: "Envoyer le lien de l'espace client" });
  await dialog.getByRole('radio', { name: 'Le client' }).check();
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog).toBeHidden();
  const mail = await waitForMail(email, `ES-${run}`, since);
  const link = SPACE_LINK.exec(mail)![0];
  await expect(block).toContainText('Lien actif depuis le');

  // The customer, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    locale: 'fr-FR',
  });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { level: 1, name: `Réservation n° ES-${run}` })).toBeVisible();
  await expect(customer.getByText(/le pilote calcule avec lui la charge du ballon/)).toBeVisible();
  for (const [index, [firstName, weight]] of [
    ['Hélène', '58'],
    ['Marc', '84,5'],
  ].entries()) {
    const card = customer.getByRole('region', { name: `Passager ${index + 1} (à compléter)` });
    await card.getByRole('textbox', { name: /^Prénom/ }).fill(firstName!);
    await card.getByRole('textbox', { name: /^Nom\b/ }).fill(`Dumas${run}`);
    await card.getByRole('textbox', { name: /^Poids \(kg\)/ }).fill(weight!);
    await card.getByRole('button', { name: 'Ajouter ce passager' }).click();
    await expect(customer.getByRole('region', { name: new RegExp(`^Passager ${index + 1}`) })).toBeVisible();
    await expect(customer.getByRole('heading', { name: `Vos passagers (${index + 1}/2)` })).toBeVisible();
  }
  // A weight out of bounds is refused with the server's words.
  const referent = customer.getByRole('region', { name: 'Passager 1 (référent)' });
  await referent.getByRole('textbox', { name: /^Poids \(kg\)/ }).fill('8');
  await referent.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(referent.getByText('Le poids doit être compris entre 20 et 250 kg.').first()).toBeVisible();
  await referent.getByRole('textbox', { name: /^Poids \(kg\)/ }).fill('58');
  await referent.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(referent.getByText('Passager enregistré.')).toBeVisible();

  const firstOffer = customer.getByRole('listitem', { name: 'Vol du mardi 10 août 2032 à 07h00' });
  await firstOffer.getByRole('button', { name: 'Demander ce vol' }).click();
  await expect(customer.getByText(/Votre demande est envoyée/)).toBeVisible();
  await expect(firstOffer.getByText('Demande envoyée')).toBeVisible();
  await customer.screenshot({ path: screenshotPath('space-filled-375', project), fullPage: true });
  expect(await violations(customer)).toEqual([]);

  // Staff accept it on the flight page; the booking shows what the customer did.
  await page.goto(`/flights/${first.id}/summary`);
  const request = page
    .getByRole('list', { name: "Demandes d'inscription" })
    .getByRole('listitem')
    .filter({ hasText: `Réservation ES-${run}` });
  await request.getByRole('button', { name: 'Accepter' }).click();
  const confirm = page.getByRole('dialog', { name: "Accepter la demande d'inscription" });
  await confirm.getByRole('button', { name: 'Accepter' }).click();
  await expect(request.getByText('Acceptée')).toBeVisible();
  const passengers = page.getByRole('region', { name: 'Passagers du vol' });
  await expect(passengers.getByRole('cell', { name: `Marc Dumas${run}`, exact: true })).toBeVisible();

  // A weight changed after the registration: the flight page says so until staff mark it seen.
  await customer.reload();
  const marc = customer.getByRole('region', { name: 'Passager 2' });
  await marc.getByRole('textbox', { name: /^Poids \(kg\)/ }).fill('90');
  await marc.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(marc.getByText('Passager enregistré.')).toBeVisible();
  await page.reload();
  const changed = page.getByRole('region', { name: 'Poids modifié après inscription' });
  await expect(changed).toContainText(`Marc Dumas${run} (ES-${run}) : 84,5 kg → 90 kg`);
  await changed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('space-weight-changed-1440', project), fullPage: true });
  // The dashboard counts it too, its link opening the flights concerned.
  await page.goto('/');
  const card = page.getByTestId('attention-weight_changes');
  await expect(card).toContainText('Poids modifié après inscription');
  await card.getByRole('link', { name: /^Voir (le vol|les \d+ vols)$/ }).click();
  await expect(page.getByRole('row').filter({ hasText: `F-ES${run}` })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('space-weight-changed-flights-1440', project), fullPage: true });
  await page.goto(`/flights/${first.id}/summary`);
  await changed.getByRole('button', { name: 'Vu, plan mis à jour' }).click();
  await expect(changed).toHaveCount(0);

  await page.goto(`/bookings/${booking.id}/summary`);
  await expect(block).toContainText('Complété par le client le');
  await expect(block).toContainText('Dernière visite du client');
  await page.screenshot({ path: screenshotPath('space-booking-block-1440', project), fullPage: true });
  // The history names the customer's space as the author of their changes.
  await expect(page.getByText('Client (espace en ligne)').first()).toBeVisible();

  // The weather: the flight is postponed (its mail carries the link), the space opens on the notice.
  const api = await apiSession();
  const mailSince = Date.now();
  const postponed = await apiPost(api, `/api/flights/${first.id}/postpone`, { send_mail: true });
  expect(postponed.passengers).toBe(2);
  await api.dispose();
  const postponementMail = await waitForMail(
    email,
    "Les conditions météorologiques ne permettent pas d'assurer",
    mailSince,
  );
  expect(postponementMail).toMatch(SPACE_LINK);

  await customer.reload();
  await expect(
    customer.getByText('Votre vol du mardi 10 août 2032 a été reporté en raison de la météo.'),
  ).toBeVisible();
  const secondOffer = customer.getByRole('listitem', { name: 'Vol du mardi 17 août 2032 à 07h00' });
  await secondOffer.getByRole('button', { name: 'Demander ce vol' }).click();
  await expect(secondOffer.getByText('Demande envoyée')).toBeVisible();
  await customer.screenshot({ path: screenshotPath('space-postponed-375', project), fullPage: true });
  expect(await violations(customer)).toEqual([]);

  // Staff see the new request on the second flight.
  await page.goto(`/flights/${second.id}/summary`);
  await expect(
    page
      .getByRole('list', { name: "Demandes d'inscription" })
      .getByRole('listitem')
      .filter({ hasText: `Réservation ES-${run}` })
      .getByText('En attente'),
  ).toBeVisible();
  await phone.close();
});
