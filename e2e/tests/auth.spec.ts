import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { allowConsole, expect, heading, signIn, test } from './support/fixtures.js';

test.describe('sign-in and sign-out', () => {
  test('a wrong password shows a red message and keeps the user on the login page', async ({ page }) => {
    allowConsole(page, /^Adresse email ou mot de passe incorrect\./);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Adresse email').fill(ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Adresse email ou mot de passe incorrect.' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole('textbox', { name: 'Mot de passe', exact: true })).toHaveValue('');
  });

  test('signs in, lands on the dashboard, signs out through the user menu', async ({ page }) => {
    await page.goto('/');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(heading(page, 'Tableau de bord')).toBeVisible();
    await expect(page).toHaveTitle('Tableau de bord · Montgolfière');

    await page.getByRole('button', { name: /^Menu de / }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

    // The session is really gone: a protected page sends back to login, remembering where the user was going.
    await page.goto('/planning');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fplanning$/);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/planning$/);
    await expect(heading(page, 'Planning')).toBeVisible();
  });
});
