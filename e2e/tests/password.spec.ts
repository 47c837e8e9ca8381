import { ROLE_IDS } from './support/accounts.js';
import { allowConsole, createUser, expect, heading, signIn, test, waitForLink } from './support/fixtures.js';

test('lost password: the mail caught by the SMTP server leads to a new password that signs in', async ({ page }) => {
  const user = await createUser(ROLE_IDS.admin, 'Paul', 'Oubli');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/auth\/lost-password/);
  await page.getByLabel('Adresse email').fill(user.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Si un compte correspond à cette adresse')).toBeVisible();

  const link = await waitForLink(user.email, 'reset-password', since);
  expect(new URL(link).searchParams.get('email')).toBe(user.email);
  await page.goto(link);
  await expect(page.getByLabel('Adresse email')).toHaveValue(user.email);
  const newPassword = 'Nouveau-ciel-2026';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.')).toBeVisible();

  // The old password no longer works; the new one does.
  allowConsole(
    page,
    /^Adresse email ou mot de passe incorrect\./,
    /^Ce lien de réinitialisation est invalide ou a expiré\./,
  );
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Adresse email ou mot de passe incorrect.' })).toBeVisible();
  await signIn(page, user.email, newPassword);
  await expect(heading(page, 'Tableau de bord')).toBeVisible();

  // The link is single-use.
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe').fill('Encore-un-autre-1');
  await page.getByLabel('Confirmation du mot de passe').fill('Encore-un-autre-1');
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ce lien de réinitialisation est invalide ou a expiré.' }),
  ).toBeVisible();
});

test('first login from the invitation mail sets the password and signs the new user in', async ({ page }) => {
  const { apiSession, apiPost } = await import('./support/fixtures.js');
  const admin = await apiSession();
  const email = `invite-${Date.now()}@e2e.test`;
  const since = Date.now();
  await apiPost(admin, '/api/users', { first_name: 'Inès', last_name: 'Invitée', email, role_id: ROLE_IDS.operator });
  await admin.dispose();
  await page.goto(await waitForLink(email, 'first-login', since));
  await expect(page.getByRole('heading', { name: 'Première connexion' })).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Premier-envol-1');
  await page.getByLabel('Confirmation du mot de passe').fill('Premier-vol-2');
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  // The browser's own check refuses different passwords: nothing is sent.
  await expect(page).toHaveURL(/\/auth\/first-login/);
  await page.getByLabel('Confirmation du mot de passe').fill('Premier-envol-1');
  await page.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(heading(page, 'Tableau de bord')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu de Inès Invitée' })).toBeVisible();
});
