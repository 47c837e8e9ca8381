import type { Page } from '@playwright/test';
import {
  apiPost,
  apiPut,
  apiSession,
  expect,
  heading,
  openSignedIn,
  screenshotPath,
  test,
} from './support/fixtures.js';

// Issue 11, part 1: partner order files on the remote-orders page. Three files dropped through the page's upload
// button: one imports (success, link to the booking), one imports partially (a bad passenger weight), one fails
// (invalid JSON) and is deleted from the dialog behind the 'Suppression définitive...' confirmation.
// The project runs alone (playwright.config.ts): the setting it switches on is expected off by the guards test.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const prestation = `Vol découverte ${run}`;

const success = JSON.stringify({
  partner: 'Smartbox',
  order_id: `SB-${run}`,
  purchase_date: '2026-05-02',
  prestation,
  passengers_count: 2,
  amount: 398,
  buyer: { first_name: 'Claire', last_name: 'Martin', email: 'claire.martin@example.fr' },
  passengers: [
    { first_name: 'Claire', last_name: `Martin${run}`, weight: 62 },
    { first_name: 'Paul', last_name: `Martin${run}`, weight: 80 },
  ],
});
const partial = [
  'partner;order_id;purchase_date;prestation;passengers_count;amount;buyer_first_name;buyer_last_name;first_name;last_name;weight',
  `Wonderbox;W-${run};02/05/2026;${prestation};2;249,50;Léa;Roux;Léa;Roux${run};61,5`,
  `Wonderbox;W-${run};02/05/2026;${prestation};2;249,50;Léa;Roux;Marc;Roux${run};lourd`,
].join('\r\n');
const broken = '{"partner": "Smartbox", "order_id": ';

async function upload(page: Page, name: string, content: string) {
  // The button's own file input (its notifications may cover the button itself in the top-right corner).
  await expect(page.getByRole('button', { name: 'Déposer un fichier' })).toBeEnabled();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(content) });
  await expect(page.getByText(`Fichier déposé : ${name}`)).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('table', { name });

async function importFromList(page: Page, file: string) {
  await section(page, 'Fichiers en attente')
    .getByRole('row')
    .filter({ hasText: file })
    .getByRole('button', { name: 'Importer' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Import de ${file}` });
  await expect(dialog.getByRole('button', { name: 'Fermer' }).last()).toBeEnabled();
  return dialog;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const admin = await apiSession();
  await apiPost(admin, '/api/prestations', { label: prestation });
  await admin.dispose();
});

test.afterAll(async () => {
  const admin = await apiSession();
  await apiPut(admin, '/api/settings/remote_orders_import_enabled', { value: '0' });
  await admin.dispose();
});

test('partner files: one success, one partial, one failure deleted after confirmation', async ({ page }, testInfo) => {
  await openSignedIn(page, '/dashboard');
  // Switched on where an operator looks for it, Paramètres › Planning: the menu then shows the page.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Commandes à distance' })).toHaveCount(0);
  await page.goto('/settings/planning');
  const form = page.getByRole('form', { name: 'Planning' });
  await form.getByRole('switch', { name: /Commandes des partenaires \(fichiers\)/ }).click();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Commandes à distance' })
    .click();
  await expect(heading(page, 'Commandes à distance')).toBeVisible();

  await upload(page, `smartbox-${run}.json`, success);
  await upload(page, `wonderbox-${run}.csv`, partial);
  await upload(page, `casse-${run}.json`, broken);
  const waiting = section(page, 'Fichiers en attente');
  for (const file of [`smartbox-${run}.json`, `wonderbox-${run}.csv`, `casse-${run}.json`]) {
    await expect(waiting.getByRole('row').filter({ hasText: file })).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('remote-orders-waiting', testInfo.project.name), fullPage: true });

  // Partial: the booking and the error list.
  let dialog = await importFromList(page, `wonderbox-${run}.csv`);
  await expect(dialog.getByText('Import partiel')).toBeVisible();
  await expect(
    dialog.getByText(`Commande W-${run} : ligne 3, passager, poids : nombre entre 1 et 300 attendu.`),
  ).toBeVisible();
  await page.screenshot({ path: screenshotPath('remote-orders-partial', testInfo.project.name) });
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();

  // Failure: the error list, then 'Supprimer le fichier' behind the confirmation switch.
  dialog = await importFromList(page, `casse-${run}.json`);
  await expect(dialog.getByText("L'import a échoué")).toBeVisible();
  await expect(dialog.getByText('Fichier JSON invalide : le contenu ne peut pas être lu.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('remote-orders-failed', testInfo.project.name) });
  await dialog.getByRole('button', { name: 'Supprimer le fichier' }).click();
  const confirm = page.getByRole('dialog', { name: 'Suppression définitive...' });
  const remove = confirm.getByRole('button', { name: 'Supprimer' });
  await expect(remove).toBeDisabled();
  await confirm.getByRole('switch', { name: 'Je confirme la suppression définitive' }).check();
  await remove.click();
  await expect(page.getByText('Fichier supprimé')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: `casse-${run}.json` })).toHaveCount(0);

  // Success: the link leads to the imported booking.
  dialog = await importFromList(page, `smartbox-${run}.json`);
  await expect(dialog.getByText('Commande importée')).toBeVisible();
  await expect(dialog.getByText('La réservation a été créée.')).toBeVisible();
  const imported = section(page, 'Fichiers importés');
  await expect(imported.getByRole('row').filter({ hasText: `wonderbox-${run}.csv` })).toContainText('poids');
  await expect(imported.getByRole('row').filter({ hasText: `smartbox-${run}.json` })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await page.screenshot({ path: screenshotPath('remote-orders-done', testInfo.project.name), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath('remote-orders-done-800', testInfo.project.name), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  dialog = await (async () => {
    // Importing the same order again answers the existing booking: drop it once more and import.
    await upload(page, `smartbox-${run}.json`, success);
    return importFromList(page, `smartbox-${run}.json`);
  })();
  await expect(dialog.getByText('Cette commande avait déjà été importée : aucune nouvelle réservation.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Voir la réservation' }).click();
  await expect(page).toHaveURL(/\/bookings\/\d+/);
  await expect(page.getByText(`Martin${run}`).first()).toBeVisible();
});
