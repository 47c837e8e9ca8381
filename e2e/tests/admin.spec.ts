import type { Locator, Page } from '@playwright/test';
import {
  apiPost,
  apiSession,
  expect,
  mailsFor,
  mailText,
  openSignedIn,
  screenshotPath,
  test,
  waitForLink,
} from './support/fixtures.js';

// Issue 10, end to end in French as the super user: the settings pages saved once each, the API key two-step
// dialog, a user created and the first-login mail followed, an email template edited with a variable and sent
// from a booking, a ticket template with its preview; screenshots at 1440 px and 800 px.

const run = Date.now().toString(36).slice(-5).toUpperCase();

const input = (scope: Locator | Page, name: string) =>
  scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('spinbutton', { name, exact: true }))
    .or(scope.getByRole('combobox', { name, exact: true }));

async function waitForMail(address: string, predicate: (text: string, raw: string) => boolean): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of await mailsFor(address)) {
      const text = mailText(mail.raw);
      if (predicate(text, mail.raw)) return mail.raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address}`);
}

test('settings pages: planning with its preview, flight plan, emails, widgets', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await openSignedIn(page, '/settings/planning');
  const preview = page.getByRole('figure', { name: "Aperçu d'une carte de vol" });
  await expect(preview.getByText('Pilote : Amélie Lefèvre')).toBeVisible();
  await page.getByRole('switch', { name: 'Afficher le pilote' }).uncheck();
  await expect(preview.getByText('Pilote : Amélie Lefèvre')).toBeHidden();
  await page.screenshot({ path: screenshotPath('settings-planning', testInfo.project.name), fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Afficher le pilote' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Afficher le pilote' }).check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées').first()).toBeVisible();

  await page.goto('/settings/operational-flight-plan');
  await input(page, 'Sac du pilote par défaut (kg)').fill('8.5');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();

  await page.goto('/settings/emails/global-settings');
  await input(page, "Nom de l'exploitant").fill(`Ballons ${run}`);
  await input(page, "Adresse de l'expéditeur").fill('pas-une-adresse');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // The browser refuses the address before anything is sent.
  await expect(page.getByText('Données sauvegardées')).toBeHidden();
  await input(page, "Adresse de l'expéditeur").fill('reservations@e2e.test');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await page.screenshot({ path: screenshotPath('settings-emails', testInfo.project.name), fullPage: true });

  await page.goto('/settings/widgets');
  await expect(page.getByText('/widget/planning')).toBeVisible();
  await page.screenshot({ path: screenshotPath('settings-widgets', testInfo.project.name), fullPage: true });
});

test('an API key is shown once and the dialog closes only once its copy is confirmed', async ({ page }, testInfo) => {
  await openSignedIn(page, '/settings/api-keys');
  await page.getByRole('button', { name: "Nouvelle clé d'API" }).click();
  const create = page.getByRole('dialog', { name: "Nouvelle clé d'API" });
  await input(create, 'Nom').fill(`Boutique ${run}`);
  await create.getByRole('button', { name: 'Valider' }).click();
  const shown = page.getByRole('dialog', { name: "Clé d'API créée" });
  await expect(shown.getByText('elle ne sera plus jamais affichée')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Fermer' })).toBeDisabled();
  await page.screenshot({ path: screenshotPath('settings-api-key', testInfo.project.name) });
  await shown.getByRole('checkbox', { name: "J'ai copié la clé" }).check();
  await shown.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Boutique ${run}`) })).toBeVisible();
});

test('a user created from the users page receives the first-login mail', async ({ page }, testInfo) => {
  await openSignedIn(page, '/users');
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
  const email = `pilote-${run.toLowerCase()}@e2e.test`;
  await input(dialog, 'Prénom').fill('Noémie');
  await input(dialog, 'Nom').fill(`Pilote${run}`);
  await input(dialog, 'Email').fill(email);
  await input(dialog, 'Rôle').click();
  await page.getByRole('option', { name: 'Opérateur' }).click();
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  await page.screenshot({ path: screenshotPath('users', testInfo.project.name), fullPage: true });
  const link = await waitForLink(email, 'first-login', since);
  expect(new URL(link).searchParams.get('email')).toBe(email);

  // The new user follows the link, sets a password and signs in; the list shows the sign-in.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, locale: 'fr-FR' });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await visitor.getByLabel('Nouveau mot de passe').fill('Premier-envol-2026');
  await visitor.getByLabel('Confirmation du mot de passe').fill('Premier-envol-2026');
  await visitor.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) })).not.toContainText('Jamais');
});

test('the online shop page keeps the secret and says whether the shop answers', async ({ page }, testInfo) => {
  await openSignedIn(page, '/settings/online-shop');
  await input(page, 'Adresse de la boutique').fill('http://127.0.0.1:9/');
  await input(page, 'Clé client (consumer key)').fill(`ck_${run}`);
  await page.getByLabel('Secret client (consumer secret)').fill(`cs_${run}_secret`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Un secret est enregistré')).toBeVisible();
  await expect(page.getByLabel('Secret client (consumer secret)')).toHaveValue('');
  await page.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La boutique ne répond pas' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('settings-online-shop', testInfo.project.name), fullPage: true });
});

test('an email template edited with a variable is sent from a booking, once', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const api = await apiSession();
  const booking = await apiPost(api, '/api/bookings', { number: `MAIL-${run}`, passengers_number: 1 });
  const address = `client-${run.toLowerCase()}@e2e.test`;
  await apiPost(api, '/api/passengers', {
    booking_id: booking.id,
    ticket_number: `MAIL-${run}-01`,
    first_name: 'Hélène',
    last_name: `Mercier${run}`,
    email: address,
  });
  await api.dispose();

  await openSignedIn(page, '/settings/emails/email-templates');
  await page.getByRole('button', { name: 'Modifier le modèle Confirmation de réservation' }).click();
  const edit = page.getByRole('dialog', { name: /Confirmation de réservation/ });
  await input(edit, 'Objet').fill(`Votre vol ${run} - reservation {{booking.number}}`);
  await page.screenshot({ path: screenshotPath('email-template', testInfo.project.name) });
  await edit.getByRole('button', { name: 'Valider' }).click();
  await expect(edit).toBeHidden();

  await page.goto(`/bookings/${booking.id}/summary`);
  await page.getByRole('button', { name: 'Envoyer un email' }).click();
  const send = page.getByRole('dialog', { name: 'Envoyer un email' });
  await send.getByRole('radio', { name: 'Confirmation de réservation' }).check();
  await send.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Email envoyé').first()).toBeVisible();
  const raw = await waitForMail(address, (_text, mail) => mail.includes(`MAIL-${run}`));
  expect(raw).toContain(`Votre vol ${run}`);
  const emails = page.getByRole('region', { name: 'Emails' });
  await expect(emails.getByText('Envoyé')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: screenshotPath('booking-emails', testInfo.project.name), fullPage: true });
  expect((await mailsFor(address)).length).toBe(1);
});

test('a ticket template with its summary and the preview of its printed tickets', async ({ page }, testInfo) => {
  await openSignedIn(page, '/settings/ticket-templates');
  await page.getByRole('button', { name: 'Ajouter un modèle de billet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau modèle de billet' });
  await input(dialog, 'Libellé').fill(`Cadeau ${run}`);
  await input(dialog, 'Base').click();
  await page.getByRole('option', { name: 'Bon cadeau' }).click();
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('row', { name: new RegExp(`Cadeau ${run}`) }).click();
  await expect(page.getByRole('region', { name: 'Modèle de billet' })).toContainText('Bon cadeau');
  await page.getByRole('link', { name: 'Aperçu' }).click();
  const frame = page.locator('iframe[title^="Aperçu du modèle"]');
  await expect(frame).toBeVisible();
  const pdf = await page.request.get((await frame.getAttribute('src')) as string);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.screenshot({ path: screenshotPath('ticket-template-preview', testInfo.project.name) });
});

test('the capabilities matrix switches a right of a role on and off', async ({ page }, testInfo) => {
  await openSignedIn(page, '/settings/capabilities');
  const matrix = page.getByRole('table', { name: 'Droits des rôles' });
  const cell = matrix.getByRole('switch').nth(1);
  await expect(cell).toBeEnabled();
  const wasOn = await cell.isChecked();
  // The switch has no visible label (its name is the row and the column): its track takes the clicks.
  await cell.dispatchEvent('click');
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await expect(cell).toBeChecked({ checked: !wasOn });
  await page.screenshot({ path: screenshotPath('settings-capabilities', testInfo.project.name), fullPage: true });
  await cell.dispatchEvent('click');
  await expect(cell).toBeChecked({ checked: wasOn });
});

test.describe('at 800 px (tablet)', () => {
  test.use({ viewport: { width: 800, height: 1100 }, hasTouch: true });

  test('settings and users stay readable', async ({ page }) => {
    await openSignedIn(page, '/settings/planning');
    for (const [path, name] of [
      ['/settings/planning', 'settings-planning'],
      ['/settings/emails/email-templates', 'email-templates'],
      ['/settings/api-keys', 'settings-api-keys'],
      ['/users', 'users'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(800);
      await page.screenshot({ path: screenshotPath(name, 'tablet'), fullPage: true });
    }
  });
});
