import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowConsole, expect, heading, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 32 in the browser: Paramètres › Sauvegardes, the daily backup's folder and how many to keep, saved; a
// relative folder refused by the server under its field. Screenshots at 1440 and 800 px (axe: accessibility.spec).

test('Paramètres › Sauvegardes: a folder refused, then a folder and a count saved', async ({ page }, testInfo) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sauvegardes-e2e-'));
  // The refused save, logged by the web app as every failed save is.
  allowConsole(page, /^La modification des paramètres a échoué 422/);
  await openSignedIn(page, '/settings/backups');
  await expect(heading(page, 'Sauvegardes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sauvegardes' })).toBeVisible();
  const field = page.getByLabel('Dossier des sauvegardes');
  const keep = page.getByLabel('Nombre de sauvegardes conservées');
  await expect(keep).toHaveValue(/^\d+$/);

  await field.fill('sauvegardes');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText('Le dossier doit être un chemin absolu sur le serveur (500 caractères au plus).').first(),
  ).toBeVisible();

  await field.fill(folder);
  await keep.fill('14');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Dossier des sauvegardes')).toHaveValue(folder);
  await expect(page.getByLabel('Nombre de sauvegardes conservées')).toHaveValue('14');

  await page.screenshot({ path: screenshotPath('backups-1440', testInfo.project.name), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.screenshot({ path: screenshotPath('backups-800', testInfo.project.name), fullPage: true });
  // Put back: the daily jobs of the shared e2e server would otherwise write backups there.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('Dossier des sauvegardes').fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Données sauvegardées')).toBeVisible();
  fs.rmSync(folder, { recursive: true, force: true });
});
